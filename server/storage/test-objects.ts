import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from '../test-support';
import { bucketRoot } from './files';

/** Writes a file into the audio bucket and registers it, as the seed does for the catalogue. */
export async function putObject(
  t: TestApp,
  key: string,
  bytes: Uint8Array,
  mimetype = 'audio/mpeg',
): Promise<void> {
  const file = path.join(bucketRoot(t.deps.config.storageDir, 'audio'), key);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  const now = new Date(t.deps.now()).toISOString();
  await t.deps.sql.run(
    `INSERT INTO storage_objects (id, bucket, name, mimetype, size, etag, cache_control, created_at, updated_at)
     VALUES (?, 'audio', ?, ?, ?, ?, 'max-age=604800', ?, ?)`,
    [
      crypto.randomUUID(),
      key,
      mimetype,
      bytes.byteLength,
      `"${crypto.createHash('md5').update(bytes).digest('hex')}"`,
      now,
      now,
    ],
  );
}

/** 100 bytes 0..99, so any byte range is easy to check. */
export const HUNDRED_BYTES = Uint8Array.from({ length: 100 }, (_, i) => i);
