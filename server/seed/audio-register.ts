import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../db/open';
import { fileExists } from './audio/atomic';

/**
 * Makes one rendered file playable: its storage object (size, etag) and its ready mark go in
 * one transaction, so the player never sees a file the bucket does not list, or the reverse.
 */
export function registerFile(db: DB, audioDir: string, relPath: string, now = new Date()): void {
  const file = path.join(audioDir, relPath);
  const bytes = fs.readFileSync(file);
  const etag = `"${crypto.createHash('md5').update(bytes).digest('hex')}"`;
  const at = now.toISOString();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO storage_objects (id, bucket, name, mimetype, size, etag, cache_control, created_at, updated_at)
       VALUES (?, 'audio', ?, 'audio/mpeg', ?, ?, 'max-age=604800', ?, ?)
       ON CONFLICT (bucket, name) DO UPDATE SET size = excluded.size, etag = excluded.etag,
         updated_at = excluded.updated_at`,
    ).run(crypto.randomUUID(), relPath, bytes.length, etag, at, at);
    db.prepare('UPDATE catalogue_audio SET percent = 100, ready_at = ? WHERE path = ?').run(at, relPath);
  })();
}

/**
 * Registers every queued file that is already complete on disk (final names are only ever
 * written by an atomic rename, and content is a pure function of the catalogue). Returns how many.
 */
export function registerRenderedFiles(db: DB, audioDir: string): number {
  const pending = db.prepare('SELECT path FROM catalogue_audio WHERE ready_at IS NULL').all() as {
    path: string;
  }[];
  let n = 0;
  for (const { path: rel } of pending) {
    if (!fileExists(path.join(audioDir, rel))) continue;
    registerFile(db, audioDir, rel);
    n++;
  }
  return n;
}
