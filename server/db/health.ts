import type { DB } from './open';

export interface DbHealth {
  ok: boolean;
  schemaVersion: number | null;
  error?: string;
}

/** A cheap query that proves the connection works and tells which schema version is live. */
export function checkDatabase(db: DB): DbHealth {
  try {
    const row = db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null };
    return { ok: true, schemaVersion: row.v };
  } catch (err) {
    return { ok: false, schemaVersion: null, error: err instanceof Error ? err.message : String(err) };
  }
}
