import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SqlExecutor } from '../db/sql';
import { fileExists } from './audio/atomic';

/**
 * Makes one rendered file playable: its storage object (size, etag) and its ready mark go in
 * one transaction, so the player never sees a file the bucket does not list, or the reverse.
 */
export async function registerFile(
  sql: SqlExecutor,
  audioDir: string,
  relPath: string,
  now = new Date(),
): Promise<void> {
  const file = path.join(audioDir, relPath);
  // Read and hashed before the transaction, which must not wait on file I/O.
  const bytes = await fs.promises.readFile(file);
  const etag = `"${crypto.createHash('md5').update(bytes).digest('hex')}"`;
  const at = now.toISOString();
  await sql.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO storage_objects (id, bucket, name, mimetype, size, etag, cache_control, created_at, updated_at)
       VALUES (?, 'audio', ?, 'audio/mpeg', ?, ?, 'max-age=604800', ?, ?)
       ON CONFLICT (bucket, name) DO UPDATE SET size = excluded.size, etag = excluded.etag,
         updated_at = excluded.updated_at`,
      [crypto.randomUUID(), relPath, bytes.length, etag, at, at],
    );
    await tx.run('UPDATE catalogue_audio SET percent = 100, ready_at = ? WHERE path = ?', [at, relPath]);
  });
}

/**
 * Registers every queued file that is already complete on disk (final names are only ever
 * written by an atomic rename, and content is a pure function of the catalogue). Returns how many.
 */
export async function registerRenderedFiles(sql: SqlExecutor, audioDir: string): Promise<number> {
  const pending = await sql.all<{ path: string }>('SELECT path FROM catalogue_audio WHERE ready_at IS NULL');
  let n = 0;
  for (const { path: rel } of pending) {
    if (!fileExists(path.join(audioDir, rel))) continue;
    await registerFile(sql, audioDir, rel);
    n++;
  }
  return n;
}
