import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import { DatabaseError } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createMember, type TestMember } from '../rest/test-members';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support';
import type { SqlDatabase, SqlExecutor } from './sql';
import { serverTestBackend } from './sql/test-backends';
import { FULL_REMEMBERED_MS } from './write-outcomes';

/**
 * GET /api/health on a full disk. Its own probe is a write rolled back before it reaches the
 * disk, so it said "ok" while every member's write failed with SQLITE_FULL and was answered
 * 503. Health now reports what the writes met: `degraded`, db.state `full`, until a write
 * succeeds again.
 */

let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
});
afterAll(() => t.close());

type Fetcher = { fetch: (r: Request) => Response | Promise<Response> };

/** A check-in with an Idempotency-Key: each new key stores its answer, so each write needs room. */
const checkIn = (app: Fetcher) =>
  Promise.resolve(
    app.fetch(
      new Request(`${TEST_ORIGIN}/api/check-ins`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${member.token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: JSON.stringify({ voice: 'fine', energy: 'steady', mood: 'okay', note: 'n'.repeat(280) }),
      }),
    ),
  );

const health = async (app: Fetcher) => {
  const res = await app.fetch(new Request(`${TEST_ORIGIN}/api/health`));
  return { status: res.status, body: (await res.json()) as { status: string; db: Record<string, unknown> } };
};

describe('GET /api/health on a full disk', () => {
  it.skipIf(serverTestBackend() !== 'sqlite')(
    'says degraded (db.state full) while writes fail with SQLITE_FULL, and ok again once a write succeeds',
    async () => {
      // SQLite's own limit on the file's size, on the app's connection: the next write that needs
      // a new page fails with SQLITE_FULL, exactly as on a disk with no space left.
      const { page_count } = (await t.deps.sql.get<{ page_count: number }>('PRAGMA page_count'))!;
      await t.deps.sql.exec(`PRAGMA max_page_count = ${page_count}`);
      let refused: Response | undefined;
      for (let i = 0; i < 200 && !refused; i++) {
        const res = await checkIn(t.app);
        if (res.status !== 200) refused = res;
      }
      expect(refused?.status).toBe(503);
      expect(refused?.headers.get('Retry-After')).toBe('3');

      const degraded = await health(t.app);
      expect(degraded.status).toBe(503);
      expect(degraded.body.status).toBe('degraded');
      expect(degraded.body.db).toMatchObject({ ok: false, state: 'full' });
      expect(String(degraded.body.db.error)).toMatch(/SQLITE_FULL/);

      // Space comes back: the next write is accepted and health says ok again.
      await t.deps.sql.exec('PRAGMA max_page_count = 1073741823');
      expect((await checkIn(t.app)).status).toBe(200);
      const back = await health(t.app);
      expect(back.status).toBe(200);
      expect(back.body.db).toMatchObject({ ok: true, state: 'ok' });
    },
  );

  /** Every write throws the driver's disk-full error; reads work (a full disk still reads). */
  function fullOnWrites(real: SqlDatabase, full: () => boolean): SqlDatabase {
    const diskFull = () =>
      t.backend === 'postgres'
        ? Object.assign(new DatabaseError('could not extend file: No space left on device', 0, 'error'), {
            code: '53100',
          })
        : new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
    const guard = <T>(sql: string, run: () => Promise<T>) =>
      full() && !/^\s*select/i.test(sql) ? Promise.reject(diskFull()) : run();
    const wrap = (x: SqlExecutor): SqlExecutor => ({
      dialect: x.dialect,
      query: (sql, params) => guard(sql, () => x.query(sql, params)),
      all: (sql, params) => guard(sql, () => x.all(sql, params)),
      get: (sql, params) => guard(sql, () => x.get(sql, params)),
      run: (sql, params) => guard(sql, () => x.run(sql, params)),
      exec: (sql) => guard(sql, () => x.exec(sql)),
      // The health probe's own write is rolled back before it reaches the disk: it passes.
      transaction: (fn) => x.transaction((tx) => fn(full() ? probeOnly(tx) : wrap(tx))),
    });
    const probeOnly = (tx: SqlExecutor): SqlExecutor => ({
      ...wrap(tx),
      run: (sql, params) =>
        /applied_at = applied_at/.test(sql) ? tx.run(sql, params) : Promise.reject(diskFull()),
    });
    return { ...wrap(real), close: () => real.close() };
  }

  it('reports the driver’s disk-full code on either database, and forgets it after a while without writes', async () => {
    let full = true;
    let clock = t.deps.now();
    const app = createApp({ ...t.deps, sql: fullOnWrites(t.deps.sql, () => full), now: () => clock });
    expect((await checkIn(app)).status).toBe(503);
    const degraded = await health(app);
    expect(degraded.status).toBe(503);
    expect(degraded.body.db).toMatchObject({ state: 'full' });
    expect(String(degraded.body.db.error)).toMatch(t.backend === 'postgres' ? /53100/ : /SQLITE_FULL/);

    // No write tried for a while (a load balancer took the process out on that 503): health
    // no longer claims to know, so the process comes back and the next write tells again.
    clock += FULL_REMEMBERED_MS + 1;
    expect((await health(app)).status).toBe(200);
    expect((await checkIn(app)).status).toBe(503);
    expect((await health(app)).body.db).toMatchObject({ state: 'full' });

    full = false;
    expect((await checkIn(app)).status).toBe(200);
    expect((await health(app)).status).toBe(200);
  });
});
