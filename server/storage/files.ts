import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

/** STORAGE_DIR/<bucket> (DATA_DIR/storage/<bucket> by default): a bucket's objects on disk (the seed writes here too). */
export function bucketRoot(storageDir: string, bucket: string): string {
  return path.join(storageDir, bucket);
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

/**
 * Ranges up to this size are read into one buffer and sent in one write; larger ones (a whole
 * track, an open-ended `bytes=0-`) are streamed. The bound keeps memory per request small.
 */
export const BUFFERED_RANGE_BYTES = 256 * 1024;

/**
 * Bytes start..end (inclusive) of a file, read off the event loop (libuv's pool). Cheaper than a
 * read stream adapted to a web stream for the small Range reads a player makes while seeking.
 * A file cut short since its stat gives the bytes that exist, as a stream would.
 */
export function readRange(file: string, start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    fs.open(file, 'r', (openErr, fd) => {
      if (openErr) return reject(openErr);
      const buf = Buffer.allocUnsafe(end - start + 1);
      const finish = (err: Error | null, filled: number) =>
        fs.close(fd, () => (err ? reject(err) : resolve(buf.subarray(0, filled))));
      const readFrom = (filled: number) => {
        fs.read(fd, buf, filled, buf.length - filled, start + filled, (err, n) => {
          if (err) return finish(err, filled);
          if (n === 0 || filled + n === buf.length) return finish(null, filled + n);
          readFrom(filled + n);
        });
      };
      readFrom(0);
    });
  });
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
