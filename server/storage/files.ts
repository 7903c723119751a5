import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FdCache, type FileIdentity } from './fd-cache';

/** STORAGE_DIR/<bucket> (DATA_DIR/storage/<bucket> by default): a bucket's objects on disk (the seed writes here too). */
export function bucketRoot(storageDir: string, bucket: string): string {
  return path.join(storageDir, bucket);
}

/** Size, modification time and inode, or null when the file is missing (a row without its file). */
export function statFile(file: string): (FileIdentity & { mtime: Date }) | null {
  try {
    const st = fs.statSync(file);
    return st.isFile() ? { size: st.size, mtime: st.mtime, mtimeMs: st.mtimeMs, ino: st.ino } : null;
  } catch {
    return null;
  }
}

/**
 * Ranges up to this size are read into one buffer and sent in one write; larger ones (a whole
 * track, an open-ended `bytes=0-`) are streamed. The bound keeps memory per request small.
 */
export const BUFFERED_RANGE_BYTES = 256 * 1024;

const openFiles = new FdCache();

/**
 * Bytes start..end (inclusive) of a file as `identity` (its stat) describes it, read off the
 * event loop (libuv's pool) through a descriptor kept open for the next read (fd-cache.ts).
 * Cheaper than a read stream adapted to a web stream for the small Range reads a player makes
 * while seeking. A file cut short since its stat gives the bytes that exist, as a stream would.
 */
export function readRange(
  file: string,
  identity: FileIdentity,
  start: number,
  end: number,
): Promise<Uint8Array<ArrayBuffer>> {
  return openFiles.read(file, identity, start, end);
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
export async function stageFile(storageDir: string, bytes: Uint8Array): Promise<StagedFile> {
  const dir = path.join(storageDir, '.tmp');
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
