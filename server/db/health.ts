import { probeWrite, type DB } from './open';

export interface DbHealth {
  ok: boolean;
  /** `ok`, `readonly` (reads work, writes fail) or `unavailable` (even reads fail). */
  state: 'ok' | 'readonly' | 'unavailable';
  schemaVersion: number | null;
  error?: string;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Proves the connection reads (and tells which schema version is live) and still takes writes:
 * a rolled-back write, so a disk that turned read-only after start shows up here, not as 500s.
 */
export function checkDatabase(db: DB): DbHealth {
  let schemaVersion: number | null;
  try {
    const row = db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null };
    schemaVersion = row.v;
  } catch (err) {
    return { ok: false, state: 'unavailable', schemaVersion: null, error: message(err) };
  }
  try {
    probeWrite(db);
  } catch (err) {
    return { ok: false, state: 'readonly', schemaVersion, error: message(err) };
  }
  return { ok: true, state: 'ok', schemaVersion };
}
