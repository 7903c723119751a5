import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FdCache } from './fd-cache';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-cache-'));
const identity = (file: string) => {
  const st = fs.statSync(file);
  return { ino: st.ino, size: st.size, mtimeMs: st.mtimeMs };
};
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();
/** Descriptors this process has open on `file`. */
const openOn = (file: string) =>
  fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;

describe('open descriptors for Range reads', () => {
  const caches: FdCache[] = [];
  const make = (max?: number, idle?: number) => {
    const c = new FdCache(max, idle);
    caches.push(c);
    return c;
  };
  afterEach(() => caches.splice(0).forEach((c) => c.clear()));

  it('reads ranges through one descriptor kept open between reads', async () => {
    const file = path.join(dir, 'a.mp3');
    fs.writeFileSync(file, '0123456789');
    const cache = make();
    const reads = await Promise.all([0, 2, 4, 6].map((s) => cache.read(file, identity(file), s, s + 3)));
    expect(reads.map(text)).toEqual(['0123', '2345', '4567', '6789']);
    expect(text(await cache.read(file, identity(file), 8, 20))).toBe('89');
    expect(openOn(file)).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('reads the new file after an upload renamed it into place, and closes the old one', async () => {
    const file = path.join(dir, 'b.mp3');
    fs.writeFileSync(file, 'old bytes');
    const cache = make();
    expect(text(await cache.read(file, identity(file), 0, 2))).toBe('old');
    const tmp = path.join(dir, 'b.part');
    fs.writeFileSync(tmp, 'new bytes!');
    fs.renameSync(tmp, file);
    expect(text(await cache.read(file, identity(file), 0, 2))).toBe('new');
    await new Promise((r) => setTimeout(r, 50));
    // Only the new file is open: the replaced one's descriptor was closed.
    expect(
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
        } catch {
          return false;
        }
      }),
    ).toHaveLength(1);
  });

  it('never closes a descriptor under a read, keeps at most the bound open, and closes idle ones', async () => {
    const files = [1, 2, 3, 4].map((n) => {
      const f = path.join(dir, `c${n}.mp3`);
      fs.writeFileSync(f, `file ${n}`.repeat(1000));
      return f;
    });
    const cache = make(2, 1000);
    const all = await Promise.all(
      files.flatMap((f) => [0, 1, 2].map(() => cache.read(f, identity(f), 0, 5))),
    );
    expect(all.map(text)).toEqual(files.flatMap((_, i) => [0, 1, 2].map(() => `file ${i + 1}`)));
    expect(cache.size).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(files.reduce((n, f) => n + openOn(f), 0)).toBeLessThanOrEqual(2);
    // Idle for 1 s, closed on the sweep after it: waited for, since a busy machine runs the
    // sweep's timer late.
    await vi.waitFor(() => {
      expect(cache.size).toBe(0);
      expect(files.reduce((n, f) => n + openOn(f), 0)).toBe(0);
    });
  });

  it('a missing file rejects with ENOENT and keeps nothing', async () => {
    const cache = make();
    await expect(
      cache.read(path.join(dir, 'none.mp3'), { ino: 1, size: 1, mtimeMs: 1 }, 0, 0),
    ).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(cache.size).toBe(0);
  });
});
