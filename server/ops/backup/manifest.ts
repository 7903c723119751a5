import crypto from 'node:crypto';
import fs from 'node:fs';

/** What a backup archive says about itself (`manifest.json`, the archive's first entry). */
export interface BackupManifest {
  format: 'tuneful-backup';
  formatVersion: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The schema versions (migrations) the backed-up database had. */
  migrations: number[];
  /** Rows per table in the snapshot. */
  counts: Record<string, number>;
  /** Every other entry of the archive, with its size and SHA-256. */
  files: { path: string; bytes: number; sha256: string }[];
}

export const MANIFEST = 'manifest.json';
/** Entries: the database, the signing keys, then member uploads under storage/<bucket>/. */
export const SQLITE_ENTRY = 'app.db';
export const POSTGRES_ENTRY = 'postgres.dump';
export const KEYS_ENTRY = 'keys.json';
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
