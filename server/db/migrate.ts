import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DB } from './open';
import { DatabaseNewerError } from './newer-error';

const defaultDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads `NNNN_name.sql` files in order. Migrations are append-only: never edit a shipped one. */
export function readMigrations(dir = defaultDir): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: Number(f.slice(0, 4)),
      name: f.slice(5, -4),
      sql: fs.readFileSync(path.join(dir, f), 'utf8'),
    }));
}

/**
 * The synchronous twin of `migrateSql` (server/db/migrate-sql.ts) for a raw better-sqlite3
 * handle (test apps, the damaged-database checks): the same rules, all pending migrations in
 * one transaction and a database from a newer version refused. Returns the versions applied.
 */
export function migrate(db: DB, migrations = readMigrations()): number[] {
  const known = new Set(migrations.map((m) => m.version));
  return db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const done = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as {
      version: number;
      name: string;
    }[];
    const unknown = done.filter((m) => !known.has(m.version));
    if (unknown.length) throw new DatabaseNewerError(unknown);
    const recorded = new Set(done.map((m) => m.version));
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    const applied: number[] = [];
    for (const m of migrations) {
      if (recorded.has(m.version)) continue;
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
      applied.push(m.version);
    }
    return applied;
  })();
}
