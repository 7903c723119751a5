import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const TEMP_SUFFIX = /\.mp3\.\d+-[0-9a-f]{8}\.tmp$/;

/**
 * Writes to a unique temp name in the same folder, syncs, then renames: a crash (or a concurrent
 * builder) can leave a stray temp file but never a truncated file under the final name.
 */
export async function writeFileAtomic(file: string, data: Uint8Array): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await fs.promises.open(tmp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
}

/** Deletes temp files left by an interrupted build (only names writeFileAtomic produces). */
export async function removeStaleTemps(dir: string): Promise<number> {
  let removed = 0;
  const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !TEMP_SUFFIX.test(entry.name)) continue;
    await fs.promises.rm(path.join(entry.parentPath, entry.name), { force: true });
    removed++;
  }
  return removed;
}

export function fileExists(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
