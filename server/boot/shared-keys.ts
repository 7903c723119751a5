import crypto from 'node:crypto';
import type { SqlExecutor } from '../db/sql';
import { loadOrCreateKeys, mintRoleKey, type ProjectKeys } from '../lib/keys';

/**
 * The signing keys for the chosen database. PostgreSQL (several processes, maybe several
 * machines): one row in `project_keys`, created by whichever process starts first and read
 * back by all, so a token or signed URL made by one process verifies in every other. SQLite
 * (one machine): DATA_DIR/keys.json as before (the start-up checks rely on it).
 */
export async function loadSharedKeys(sql: SqlExecutor, dataDir: string): Promise<ProjectKeys> {
  if (sql.dialect === 'sqlite') return loadOrCreateKeys(dataDir);
  const existing = await readKeys(sql);
  if (existing) return existing;
  const jwtSecret = crypto.randomBytes(48).toString('base64url');
  // Two processes may both get here: the unique id lets one row in, and both read that one.
  await sql.run(
    `INSERT INTO project_keys (id, jwt_secret, anon_key, service_role_key, created_at)
     VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    [
      jwtSecret,
      await mintRoleKey(jwtSecret, 'anon'),
      await mintRoleKey(jwtSecret, 'service_role'),
      new Date().toISOString(),
    ],
  );
  const keys = await readKeys(sql);
  if (!keys) throw new Error('project_keys has no row after inserting one');
  return keys;
}

async function readKeys(sql: SqlExecutor): Promise<ProjectKeys | undefined> {
  const row = await sql.get<{ jwt_secret: string; anon_key: string; service_role_key: string }>(
    'SELECT jwt_secret, anon_key, service_role_key FROM project_keys WHERE id = 1',
  );
  return row && { jwtSecret: row.jwt_secret, anonKey: row.anon_key, serviceRoleKey: row.service_role_key };
}
