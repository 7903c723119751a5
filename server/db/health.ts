import type { SqlExecutor } from './sql';
import { isBusy } from './sql/busy';
import type { WriteOutcomes } from './write-outcomes';

export interface DbHealth {
  ok: boolean;
  /**
   * `ok`, `readonly` (reads work, writes fail), `busy` (reads work; SQLite's write lock stayed
   * with another process past the 5 s writes wait), `full` (reads work, the latest write failed
   * for want of disk space) or `unavailable` (even reads fail).
   */
  state: 'ok' | 'readonly' | 'busy' | 'full' | 'unavailable';
  /** Which database answers: the embedded SQLite file or a PostgreSQL server. */
  dialect: SqlExecutor['dialect'];
  schemaVersion: number | null;
  error?: string;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Thrown inside the probe transaction so it always rolls back. */
class RollbackProbe extends Error {}

/**
 * Proves the connection reads (and tells which schema version is live) and still takes writes:
 * a write rolled back at once, so a disk that turned read-only (SQLite) or a server that went
 * read-only or lost its primary (PostgreSQL) shows up here, not as 500s. The write touches the
 * newest schema_migrations row with its own value, so nothing changes even if it committed.
 */
export async function checkDatabase(sql: SqlExecutor, writes?: WriteOutcomes): Promise<DbHealth> {
  const { dialect } = sql;
  let schemaVersion: number | null;
  try {
    const row = await sql.get<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    schemaVersion = row?.v ?? null;
  } catch (err) {
    return { ok: false, state: 'unavailable', dialect, schemaVersion: null, error: message(err) };
  }
  try {
    await sql.transaction(async (tx) => {
      await tx.run('UPDATE schema_migrations SET applied_at = applied_at WHERE version = ?', [schemaVersion]);
      throw new RollbackProbe();
    });
  } catch (err) {
    if (isBusy(err)) {
      const error = `Writes wait: another process has held the database's write lock for 5 s (${message(err)}); reads still work.`;
      return { ok: false, state: 'busy', dialect, schemaVersion, error };
    }
    if (!(err instanceof RollbackProbe)) {
      return { ok: false, state: 'readonly', dialect, schemaVersion, error: message(err) };
    }
  }
  // The probe's write never reaches the disk (rolled back first): a full disk shows only in
  // what the real writes met (write-outcomes.ts).
  const full = writes?.storageFull();
  if (full) {
    const error = `Writes fail: no space left for the database (${full.code}); reads still work. Free disk space, and writes go through again.`;
    return { ok: false, state: 'full', dialect, schemaVersion, error };
  }
  return { ok: true, state: 'ok', dialect, schemaVersion };
}
