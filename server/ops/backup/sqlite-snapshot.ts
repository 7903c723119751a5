import Database from 'better-sqlite3';

/**
 * A consistent copy of a live app.db through SQLite's online backup API (never a file copy:
 * in WAL mode the last commits may still be only in app.db-wal). The first step copies 100
 * pages; every later step copies all that remain, so the copy is made inside one step and a
 * restart caused by another connection's write cannot repeat forever under a write load.
 */
export async function snapshotSqlite(source: string, target: string): Promise<void> {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
}

/** Rows per table and the recorded migrations of a (closed, quiet) SQLite file. */
export function describeSqlite(file: string): { counts: Record<string, number>; migrations: number[] } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[];
    const counts = Object.fromEntries(
      tables.map(({ name }) => [
        name,
        (db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n,
      ]),
    );
    const migrations = tables.some((t) => t.name === 'schema_migrations')
      ? (
          db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]
        ).map((r) => r.version)
      : [];
    return { counts, migrations };
  } finally {
    db.close();
  }
}

/** SQLite's own full check of a file: "ok", or the first problems it reports. */
export function integrityCheck(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}
