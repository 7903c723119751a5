import fs from 'node:fs';

/**
 * Open file descriptors of recently read audio files, kept for the next Range read (issue 13:
 * open and close were a tenth of the mixed load's CPU, and each is a round trip through libuv's
 * pool, where the reads queue too). A player reads one file in many small ranges, so a read is
 * now one pool job instead of three.
 *
 * An fd belongs to the file it was opened on: an upload replaces a file by renaming a new one
 * into place, so the caller passes the identity (inode, size, mtime) it just stat'ed by path,
 * and a different identity retires the old fd and opens the new file. An fd is closed only when
 * no read is using it (closing it under a read could hand its number to another open and the
 * read would return another file's bytes). Bounded in count, and idle ones close after a while,
 * so a removed file's space is freed.
 */
export interface FileIdentity {
  ino: number;
  size: number;
  mtimeMs: number;
}

interface Entry extends FileIdentity {
  fd: number;
  users: number;
  retired: boolean;
  lastUsed: number;
}

const MAX_OPEN = 64;
const IDLE_MS = 30_000;

const open = (file: string) =>
  new Promise<number>((resolve, reject) =>
    fs.open(file, 'r', (err, fd) => (err ? reject(err) : resolve(fd))),
  );
const fstat = (fd: number) =>
  new Promise<fs.Stats>((resolve, reject) => fs.fstat(fd, (err, st) => (err ? reject(err) : resolve(st))));
const same = (a: FileIdentity, b: FileIdentity) =>
  a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

export class FdCache {
  private readonly entries = new Map<string, Entry>();
  /** Opens under way, with how many reads wait for each: they count as its users from the start. */
  private readonly opening = new Map<string, { promise: Promise<Entry>; waiters: number }>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly maxOpen = MAX_OPEN,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Bytes start..end (inclusive) of `file` as `identity` says it is; fewer if it is shorter. */
  async read(
    file: string,
    identity: FileIdentity,
    start: number,
    end: number,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const entry = await this.acquire(file, identity);
    try {
      return await readInto(entry.fd, Buffer.allocUnsafe(end - start + 1), start);
    } catch (err) {
      this.retire(file, entry);
      throw err;
    } finally {
      entry.users--;
      entry.lastUsed = Date.now();
      if (entry.retired && entry.users === 0) fs.close(entry.fd, () => {});
      // Over the bound while every descriptor was busy: close the least recent idle ones now.
      else if (this.entries.size > this.maxOpen) this.evict();
    }
  }

  /** Open descriptors (for tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Closes every idle descriptor now; busy ones close when their reads end. */
  clear(): void {
    for (const [file, entry] of [...this.entries]) this.retire(file, entry);
  }

  private async acquire(file: string, identity: FileIdentity): Promise<Entry> {
    const hit = this.entries.get(file);
    if (hit && same(hit, identity)) {
      hit.users++;
      // Most recently used last: eviction takes from the front.
      this.entries.delete(file);
      this.entries.set(file, hit);
      return hit;
    }
    if (hit) this.retire(file, hit);
    // Concurrent first reads of a file share one open.
    let op = this.opening.get(file);
    if (!op) {
      const started = { promise: Promise.resolve() as unknown as Promise<Entry>, waiters: 0 };
      started.promise = this.openEntry(file, started);
      this.opening.set(file, started);
      op = started;
    }
    op.waiters++;
    // Opened on what is at the path now. If a replacement landed between the caller's stat and
    // this open, the caller reads the new file, as a fresh open always did. Already counted as a
    // user: nothing can close it before this read starts.
    return op.promise;
  }

  private async openEntry(file: string, op: { waiters: number }): Promise<Entry> {
    let fd: number;
    let st: fs.Stats;
    try {
      fd = await open(file);
    } catch (err) {
      this.opening.delete(file);
      throw err;
    }
    try {
      st = await fstat(fd);
    } catch (err) {
      this.opening.delete(file);
      fs.close(fd, () => {});
      throw err;
    }
    // In the same synchronous step: the waiters become users, and later reads find the entry.
    this.opening.delete(file);
    const entry: Entry = {
      fd,
      ino: st.ino,
      size: st.size,
      mtimeMs: st.mtimeMs,
      users: op.waiters,
      retired: false,
      lastUsed: Date.now(),
    };
    const old = this.entries.get(file);
    if (old) this.retire(file, old);
    this.entries.set(file, entry);
    this.evict();
    this.sweeper ??= setInterval(() => this.sweep(), Math.max(1000, this.idleMs / 3)).unref();
    return entry;
  }

  private retire(file: string, entry: Entry): void {
    if (this.entries.get(file) === entry) this.entries.delete(file);
    if (entry.retired) return;
    entry.retired = true;
    if (entry.users === 0) fs.close(entry.fd, () => {});
  }

  private evict(): void {
    for (const [file, entry] of this.entries) {
      if (this.entries.size <= this.maxOpen) return;
      if (entry.users === 0) this.retire(file, entry);
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [file, entry] of [...this.entries])
      if (entry.users === 0 && now - entry.lastUsed > this.idleMs) this.retire(file, entry);
    if (this.entries.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}

function readInto(fd: number, buf: Buffer, position: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const readFrom = (filled: number) => {
      fs.read(fd, buf, filled, buf.length - filled, position + filled, (err, n) => {
        if (err) return reject(err);
        if (n === 0 || filled + n === buf.length)
          return resolve(new Uint8Array(buf.buffer, buf.byteOffset, filled + n) as Uint8Array<ArrayBuffer>);
        readFrom(filled + n);
      });
    };
    readFrom(0);
  });
}
