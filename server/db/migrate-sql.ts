import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrations, type Migration } from './migrate';
import { DatabaseNewerError } from './newer-error';
import type { SqlDatabase } from './sql';

const here = path.dirname(fileURLToPath(import.meta.url));
/** SQLite's migrations; each has a PostgreSQL twin with the same number and name. */
export const SQLITE_MIGRATIONS_DIR = path.join(here, 'migrations');
export const POSTGRES_MIGRATIONS_DIR = path.join(here, 'migrations-pg');

/** The migration set for the database's dialect. */
export function migrationsFor(db: Pick<SqlDatabase, 'dialect'>): Migration[] {
  return readMigrations(db.dialect === 'postgres' ? POSTGRES_MIGRATIONS_DIR : SQLITE_MIGRATIONS_DIR);
}

/** Any constant works; all processes of this app take the same advisory lock while migrating. */
const MIGRATION_LOCK = 7_414_014;

/**
 * Brings the database up to this code's migrations, for either dialect, all or nothing: every
 * pending migration runs in one transaction (SQLite's and PostgreSQL's DDL are transactional),
 * so a failing one leaves the database exactly as it was, older data and version alike. A
 * database with a migration this code does not know is refused (DatabaseNewerError) before
 * anything is written. On PostgreSQL, processes starting together wait on an advisory lock and
 * re-read what is done, so each migration runs once. Returns the versions applied.
 */
export async function migrateSql(db: SqlDatabase, migrations = migrationsFor(db)): Promise<number[]> {
  const known = new Set(migrations.map((m) => m.version));
  return db.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const done = await tx.all<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    const unknown = done.filter((m) => !known.has(Number(m.version)));
    if (unknown.length) throw new DatabaseNewerError(unknown);
    const recorded = new Set(done.map((m) => Number(m.version)));
    const applied: number[] = [];
    for (const m of migrations) {
      if (recorded.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        m.version,
        m.name,
        new Date().toISOString(),
      ]);
      applied.push(m.version);
    }
    return applied;
  });
}
