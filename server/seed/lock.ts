import type { SqlExecutor } from '../db/sql';

/** Any constant works; every process of this app takes the same lock while seeding. */
const SEED_LOCK = 7_414_015;

/**
 * Serialises seeding between processes that start together. Call it first in a seed's
 * transaction, before reading what is there: on PostgreSQL (READ COMMITTED) the next statement
 * then sees what the process that held the lock committed; SQLite's BEGIN IMMEDIATE already
 * serialises writers, so nothing is needed there.
 */
export async function seedLock(tx: SqlExecutor): Promise<void> {
  if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [SEED_LOCK]);
}

/**
 * Rows inserted with explicit ids (the catalogue, the templates) do not move PostgreSQL's
 * identity sequence: without this, the next row inserted without an id would collide with them.
 * SQLite's INTEGER PRIMARY KEY always follows max(id) by itself.
 */
export async function followIds(tx: SqlExecutor, table: 'sessions' | 'session_templates'): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  await tx.get(
    `SELECT setval(pg_get_serial_sequence(?, 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
    [table],
  );
}
