import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

/** DATA_DIR/storage/<bucket>: where a bucket's objects live on disk (the seed writes here too). */
export function bucketRoot(dataDir: string, bucket: string): string {
  return path.join(dataDir, 'storage', bucket);
}

/** Size and modification time, or null when the file is missing (a row without its file). */
export function statFile(file: string): { size: number; mtime: Date } | null {
  try {
    const st = fs.statSync(file);
    return st.isFile() ? { size: st.size, mtime: st.mtime } : null;
  } catch {
    return null;
  }
}

export function streamFile(file: string, start: number, end: number): ReadableStream<Uint8Array> {
  return Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
}

export interface StagedFile {
  tmp: string;
  size: number;
  etag: string;
}

/**
 * Writes the bytes to a temporary file beside the bucket (same file system), so the caller can
 * rename it into place atomically: a reader sees the old file or the new one, never half.
 */
export async function stageFile(dataDir: string, bytes: Uint8Array): Promise<StagedFile> {
  const dir = path.join(dataDir, 'storage', '.tmp');
  await fs.promises.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `${crypto.randomUUID()}.part`);
  await fs.promises.writeFile(tmp, bytes, { flag: 'wx' });
  const etag = `"${crypto.createHash('md5').update(bytes).digest('hex')}"`;
  return { tmp, size: bytes.byteLength, etag };
}

export function commitFile(staged: StagedFile, file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.renameSync(staged.tmp, file);
}

export function discardFile(staged: StagedFile): void {
  fs.rmSync(staged.tmp, { force: true });
}
