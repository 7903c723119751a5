import crypto from 'node:crypto';
import fs from 'node:fs';
import type { SealParams } from './seal';

/** What a backup archive says about itself (`manifest.json`, the archive's first entry). */
export interface BackupManifest {
  format: 'tuneful-backup';
  /** 2 adds `keys` and `seal`; a version-1 archive (always plain keys, never sealed) still restores. */
  formatVersion: 1 | 2;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The schema versions (migrations) the backed-up database had. */
  migrations: number[];
  /** Rows per table in the snapshot. */
  counts: Record<string, number>;
  /**
   * The signing keys: in the archive as they are, encrypted with BACKUP_PASSPHRASE
   * (keys.json.enc), or left out (`--without-keys`). Absent in version 1: included.
   */
  keys?: KeysInArchive;
  /** With BACKUP_PASSPHRASE: how the keys were derived; manifest.hmac seals this manifest. */
  seal?: SealParams;
  /** Every other entry of the archive, with its size and SHA-256. */
  files: { path: string; bytes: number; sha256: string }[];
}

export const MANIFEST = 'manifest.json';
/** Entries: the database, the signing keys, then member uploads under storage/<bucket>/. */
export const SQLITE_ENTRY = 'app.db';
export const POSTGRES_ENTRY = 'postgres.dump';
export const KEYS_ENTRY = 'keys.json';
/** keys.json (SQLite) or the project_keys row (PostgreSQL), encrypted: see seal.ts. */
export const SEALED_KEYS_ENTRY = 'keys.json.enc';
/** HMAC-SHA256 of manifest.json's bytes, keyed from BACKUP_PASSPHRASE (sealed archives only). */
export const MAC_ENTRY = 'manifest.hmac';

export type KeysInArchive = 'included' | 'encrypted' | 'left-out';
export const STORAGE_PREFIX = 'storage/';

export async function sha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A problem with a backup or a restore, told as what is wrong (and what to do). */
export class BackupError extends Error {
  override name = 'BackupError';
}
