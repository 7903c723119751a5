import type { SqlExecutor } from './sql';

export interface DbHealth {
  ok: boolean;
  /** `ok`, `readonly` (reads work, writes fail) or `unavailable` (even reads fail). */
  state: 'ok' | 'readonly' | 'unavailable';
  schemaVersion: number | null;
  error?: string;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

class RollbackProbe extends Error {}

/**
 * Proves the database reads (and tells which schema version is live) and still takes writes:
 * a rolled-back write, so a disk that turned read-only after start (SQLite) or a PostgreSQL in
 * recovery or read-only mode shows up here, not as 500s. The same statements on both databases.
 */
export async function checkDatabase(sql: SqlExecutor): Promise<DbHealth> {
  let schemaVersion: number | null;
  try {
    const row = await sql.get<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    schemaVersion = row?.v ?? null;
  } catch (err) {
    return { ok: false, state: 'unavailable', schemaVersion: null, error: message(err) };
  }
  try {
    await sql.transaction(async (tx) => {
      // Version -1 is never a migration; the row is rolled back at once.
      await tx.run(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (-1, 'write probe', ?)",
        [new Date().toISOString()],
      );
      throw new RollbackProbe();
    });
  } catch (err) {
    if (!(err instanceof RollbackProbe))
      return { ok: false, state: 'readonly', schemaVersion, error: message(err) };
  }
  return { ok: true, state: 'ok', schemaVersion };
}
