import crypto from 'node:crypto';
import type { SqlExecutor } from '../db/sql';
import { loadOrCreateKeys, mintRoleKey, newVapidPair, type ProjectKeys } from '../lib/keys';

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
  const vapid = newVapidPair();
  // Two processes may both get here: the unique id lets one row in, and both read that one.
  await sql.run(
    `INSERT INTO project_keys (id, jwt_secret, anon_key, service_role_key, vapid_public_key,
       vapid_private_key, created_at)
     VALUES (1, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    [
      jwtSecret,
      await mintRoleKey(jwtSecret, 'anon'),
      await mintRoleKey(jwtSecret, 'service_role'),
      vapid.publicKey,
      vapid.privateKey,
      new Date().toISOString(),
    ],
  );
  const keys = await readKeys(sql);
  if (!keys) throw new Error('project_keys has no row after inserting one');
  return keys;
}

interface KeyRow {
  jwt_secret: string;
  anon_key: string;
  service_role_key: string;
  vapid_public_key: string | null;
  vapid_private_key: string | null;
}

const SELECT_KEYS = `SELECT jwt_secret, anon_key, service_role_key, vapid_public_key, vapid_private_key
  FROM project_keys WHERE id = 1`;

async function readKeys(sql: SqlExecutor): Promise<ProjectKeys | undefined> {
  let row = await sql.get<KeyRow>(SELECT_KEYS);
  if (!row) return undefined;
  if (!row.vapid_public_key || !row.vapid_private_key) {
    // A row from before practice reminders: the first process to get here adds the VAPID pair
    // (the condition lets one in), and every process reads back that one.
    const vapid = newVapidPair();
    await sql.run(
      `UPDATE project_keys SET vapid_public_key = ?, vapid_private_key = ?
       WHERE id = 1 AND vapid_public_key IS NULL`,
      [vapid.publicKey, vapid.privateKey],
    );
    row = await sql.get<KeyRow>(SELECT_KEYS);
    if (!row?.vapid_public_key || !row.vapid_private_key) throw new Error('project_keys has no VAPID pair');
  }
  return {
    jwtSecret: row.jwt_secret,
    anonKey: row.anon_key,
    serviceRoleKey: row.service_role_key,
    vapid: { publicKey: row.vapid_public_key, privateKey: row.vapid_private_key },
  };
}
