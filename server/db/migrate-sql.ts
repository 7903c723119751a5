import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrations, type Migration } from './migrate';
import type { SqlDatabase, SqlExecutor } from './sql';

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
 * migrate() for the async interface, for either dialect: each migration not yet recorded runs
 * in its own transaction (PostgreSQL's DDL is transactional too), so a failing one leaves the
 * database at the previous version. On PostgreSQL, processes starting together wait on an
 * advisory lock and re-read what is done, so each migration runs once.
 */
export async function migrateSql(db: SqlDatabase, migrations = migrationsFor(db)): Promise<number[]> {
  const lock = async (tx: SqlExecutor) => {
    if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
  };
  // Under the lock too: two processes' CREATE TABLE IF NOT EXISTS can otherwise collide.
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
  });
  const applied: number[] = [];
  for (const m of migrations) {
    const ran = await db.transaction(async (tx) => {
      await lock(tx);
      const done = await tx.get('SELECT 1 AS done FROM schema_migrations WHERE version = ?', [m.version]);
      if (done) return false;
      await tx.exec(m.sql);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        m.version,
        m.name,
        new Date().toISOString(),
      ]);
      return true;
    });
    if (ran) applied.push(m.version);
  }
  return applied;
}
