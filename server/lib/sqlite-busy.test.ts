import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { databaseFile, openDatabase } from '../db/open';
import { sqliteDatabase, type SqlDatabase } from '../db/sql';
import { serverTestBackend } from '../db/sql/test-backends';
import { createMember, type TestMember } from '../rest/test-members';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support';
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';

/**
 * Another process holding SQLite's write lock (here a second better-sqlite3 handle on the same
 * file: the same file lock another process takes) must not stop this one. A write that meets
 * the lock waits for it asynchronously, so requests that need no database, and reads (WAL),
 * keep answering meanwhile; it succeeds once the lock is released, or answers 503 with
 * Retry-After and stores nothing when the lock is held past the deadline.
 */

let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
});
afterAll(() => t.close());

const sqliteOnly = () => serverTestBackend() !== 'sqlite';

/** What another process does: BEGIN IMMEDIATE and a write, not committed until `release`. */
function holdWriteLock(file: string): { release: () => void } {
  const other = new Database(file);
  other.exec('BEGIN IMMEDIATE');
  other.prepare('UPDATE schema_migrations SET applied_at = applied_at').run();
  return {
    release: () => {
      other.exec('COMMIT');
      other.close();
    },
  };
}

const checkIn = (app: { fetch: (r: Request) => Response | Promise<Response> }, note: string) =>
  Promise.resolve(
    app.fetch(
      new Request(`${TEST_ORIGIN}/api/check-ins`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${member.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ voice: 'fine', energy: 'steady', mood: 'okay', note }),
      }),
    ),
  );

const storedNotes = async (sql: SqlDatabase) =>
  (await sql.all<{ note: string }>('SELECT note FROM voice_check_ins WHERE user_id = ?', [member.id])).map(
    (r) => r.note,
  );

/**
 * Sends `request` over and over until `pending` settles; counts the answers that came back
 * while it was still pending (none, when the event loop is blocked by the waiting write).
 */
async function answersWhilePending(pending: Promise<unknown>, request: () => Promise<Response>) {
  let settled = false;
  void pending.finally(() => (settled = true));
  const statuses: number[] = [];
  while (!settled) {
    const res = await request();
    if (!settled) statuses.push(res.status);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return statuses;
}

describe('a SQLite write lock held by another process', () => {
  it.skipIf(sqliteOnly())(
    'leaves requests with no database and reads answering while a write waits, and the write succeeds once the lock is released',
    async () => {
      const lock = holdWriteLock(databaseFile(t.dataDir));
      let released = false;
      const write = checkIn(t.app, 'after the lock').then((res) => ({ res, released }));
      // Released by a timer of this process: a blocked event loop cannot even release it.
      const timer = setTimeout(() => {
        released = true;
        lock.release();
      }, 1_000);
      try {
        const config = await answersWhilePending(write, () => t.fetch('/api/config'));
        expect(config.length, 'GET /api/config answers while the write waits').toBeGreaterThanOrEqual(3);
        expect(config.every((s) => s === 200)).toBe(true);
        const { res, released: afterRelease } = await write;
        expect(res.status).toBe(200);
        expect(afterRelease, 'the write went through only once the lock was gone').toBe(true);
        expect(await storedNotes(t.deps.sql)).toEqual(['after the lock']);
      } finally {
        clearTimeout(timer);
        if (!released) lock.release();
      }
    },
  );

  it.skipIf(sqliteOnly())('leaves reads answering from the database meanwhile (WAL)', async () => {
    const lock = holdWriteLock(databaseFile(t.dataDir));
    let released = false;
    const write = checkIn(t.app, 'read beside it');
    const timer = setTimeout(() => {
      released = true;
      lock.release();
    }, 1_000);
    try {
      const reads = await answersWhilePending(write, () =>
        t.fetch('/api/check-ins', { headers: { Authorization: `Bearer ${member.token}` } }),
      );
      expect(reads.length).toBeGreaterThanOrEqual(3);
      expect(reads.every((s) => s === 200)).toBe(true);
      expect((await write).status).toBe(200);
    } finally {
      clearTimeout(timer);
      if (!released) lock.release();
    }
  });

  it.skipIf(sqliteOnly())(
    'held past the deadline: the write answers 503 with Retry-After and stores nothing, and the next write after the release succeeds',
    async () => {
      // A connection of its own with a short deadline, so the test need not wait 5 s.
      const sql = sqliteDatabase(openDatabase(databaseFile(t.dataDir)), { busyDeadlineMs: 600 });
      const app = createApp({ ...t.deps, sql });
      const lock = holdWriteLock(databaseFile(t.dataDir));
      let released = false;
      try {
        const before = await storedNotes(sql);
        const write = checkIn(app, 'refused');
        const config = await answersWhilePending(write, () =>
          Promise.resolve(app.fetch(new Request(`${TEST_ORIGIN}/api/config`))),
        );
        expect(config.length).toBeGreaterThanOrEqual(3);
        const res = await write;
        expect(res.status).toBe(503);
        expect(res.headers.get('Retry-After')).toBe('3');
        expect(await res.json()).toMatchObject({ error: 'unavailable' });
        expect(await storedNotes(sql)).toEqual(before);
        // Health says why, rather than calling the database read-only.
        const health = await app.fetch(new Request(`${TEST_ORIGIN}/api/health`));
        expect(health.status).toBe(503);
        expect(await health.json()).toMatchObject({ status: 'degraded', db: { ok: false, state: 'busy' } });

        lock.release();
        released = true;
        const again = await checkIn(app, 'after release');
        expect(again.status).toBe(200);
        expect(await storedNotes(sql)).toContain('after release');
      } finally {
        if (!released) lock.release();
        await sql.close();
      }
    },
    scaledTimeout(10_000),
  );
});
