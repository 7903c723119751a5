import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';
import { migrate } from '../../db/migrate';
import { openDatabase } from '../../db/open';
import { postgresDatabase, sqliteDatabase, type SqlDatabase } from '../../db/sql';
import { freshMigratedPostgres, serverTestBackend } from '../../db/sql/test-backends';
import type { StreamHolder } from './entitlement';
import { createLiveHub, type LiveEvent, type LiveSessionInfo } from './live';
import { BEAT_MS, createDbPresence, STALE_MS } from './presence';

// Two connections to one database stand for two server processes (cluster mode): two handles
// on one SQLite file, or two pools on one PostgreSQL database (TEST_BACKEND=postgres).
let a: SqlDatabase;
let b: SqlDatabase;
let cleanup: () => Promise<void>;
const ids = { ana: crypto.randomUUID(), ben: crypto.randomUUID(), cy: crypto.randomUUID() };

beforeAll(async () => {
  if (serverTestBackend() === 'postgres') {
    const pg = await freshMigratedPostgres();
    a = pg.sql;
    b = postgresDatabase(pg.location, { max: 2 });
    cleanup = async () => {
      await b.close();
      await pg.drop();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'presence-'));
    const first = openDatabase(path.join(dir, 'app.db'));
    migrate(first);
    a = sqliteDatabase(first);
    b = sqliteDatabase(openDatabase(path.join(dir, 'app.db')));
    cleanup = async () => {
      await a.close();
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  for (const id of Object.values(ids))
    await a.run(
      `INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, 'x', '2026-01-01', '2026-01-01')`,
      [id, `${id}@example.com`],
    );
  // `present` counts only members of the circle: all three belong to circle 1.
  await a.run(
    `INSERT INTO voice_circles (id, name, session_type, scheduled_time, invite_code, created_at)
     VALUES (1, 'Live hum', 'real_time', '2026-01-01T18:00:00Z', 'code-1', '2026-01-01')`,
  );
  for (const id of Object.values(ids))
    await a.run("INSERT INTO circle_members (circle_id, user_id, joined_at) VALUES (1, ?, '2026-01-01')", [
      id,
    ]);
});
afterAll(() => cleanup());

const info: LiveSessionInfo = {
  key: '1-1000',
  circleId: 1,
  title: 'Live hum',
  templateId: null,
  templateTitle: '',
  startMs: Date.now() - 1000,
  endMs: Date.now() + 3600_000,
  steps: [{ text: 'Hum', duration: 3600 }],
};

/** These tests are about presence; who may watch is live-access.test.ts's subject. */
const everyone = (holders: StreamHolder[]) => Promise.resolve(new Set(holders.map((h) => h.connId)));
const stop = () => {};

function listener() {
  const events: LiveEvent[] = [];
  return {
    send: (e: LiveEvent) => events.push(e),
    lastPresent: () => {
      const last = events.filter((e) => e.event === 'state').at(-1);
      return last?.event === 'state' ? last.data.present : undefined;
    },
    until: async (want: string[]) => {
      // A few beats on the reference machine, scaled: a saturated machine delays the timers.
      const deadline = Date.now() + scaledTimeout(4 * BEAT_MS);
      while (Date.now() < deadline) {
        const last = events.filter((e) => e.event === 'state').at(-1);
        if (last?.event === 'state' && JSON.stringify(last.data.present) === JSON.stringify(want)) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`never saw ${JSON.stringify(want)}; last ${JSON.stringify(events.at(-1))}`);
    },
  };
}

describe('live presence shared by two processes', () => {
  it('shows members on the other process within a beat, and their leaving too', async () => {
    const hubA = createLiveHub(createDbPresence(a, Date.now), Date.now, everyone);
    const hubB = createLiveHub(createDbPresence(b, Date.now), Date.now, everyone);
    const ana = listener();
    const ben = listener();
    expect(await hubA.claim(info, 'conn-ana', { userId: ids.ana, firstName: 'Ana' }, 3)).toBe(true);
    const leaveA = await hubA.attach(
      info,
      { connId: 'conn-ana', userId: ids.ana, authSessionId: 's' },
      ana.send,
      stop,
    );
    expect(ana.lastPresent()).toEqual(['Ana']);
    expect(await hubB.claim(info, 'conn-ben', { userId: ids.ben, firstName: 'Ben' }, 3)).toBe(true);
    const leaveB = await hubB.attach(
      info,
      { connId: 'conn-ben', userId: ids.ben, authSessionId: 's' },
      ben.send,
      stop,
    );
    // Ben's process reads Ana from the table at once; Ana's process notices Ben on its beat.
    expect(ben.lastPresent()).toEqual(['Ana', 'Ben']);
    await ana.until(['Ana', 'Ben']);
    await leaveB();
    await ana.until(['Ana']);
    await leaveA();
    hubA.close();
    hubB.close();
  });

  it('counts the stream cap across processes', async () => {
    const inA = createDbPresence(a, Date.now);
    const inB = createDbPresence(b, Date.now);
    const cy = { userId: ids.cy, firstName: 'Cy' };
    expect(await inA.claim(info.key, 'c1', cy, 2)).toBe(true);
    expect(await inB.claim(info.key, 'c2', cy, 2)).toBe(true);
    expect(await inA.claim(info.key, 'c3', cy, 2)).toBe(false);
    expect(await inB.streamsOf(ids.cy)).toBe(2);
    await inA.release('c1');
    expect(await inB.claim(info.key, 'c3', cy, 2)).toBe(true);
    await inB.release('c2');
    await inB.release('c3');
  });

  it('forgets the streams of a process that stopped beating', async () => {
    let t = Date.now();
    const dead = createDbPresence(a, () => t);
    const alive = createDbPresence(b, () => t);
    expect(await dead.claim('9-9', 'gone', { userId: ids.ana, firstName: 'Ana' }, 3)).toBe(true);
    expect(await alive.claim('9-9', 'here', { userId: ids.ben, firstName: 'Ben' }, 3)).toBe(true);
    t += STALE_MS - 500;
    await alive.beat(['here']);
    t += 1000;
    expect((await alive.present('9-9', 1)).map((m) => m.firstName)).toEqual(['Ben']);
    await alive.beat(['here']);
    expect(await a.all('SELECT conn_id FROM live_presence')).toEqual([{ conn_id: 'here' }]);
    await alive.release('here');
  });

  it('admits exactly the cap when one member opens many streams at once on two processes', async () => {
    // Two SQLite handles in ONE process cannot race (a handle waiting for the write lock blocks
    // the thread the other needs to commit); BEGIN IMMEDIATE is what keeps real processes apart.
    const inA = createDbPresence(a, Date.now);
    const inB = createDbPresence(a.dialect === 'postgres' ? b : a, Date.now);
    const cy = { userId: ids.cy, firstName: 'Cy' };
    const conns = Array.from({ length: 8 }, (_, i) => `burst-${i}`);
    const won = await Promise.all(conns.map((c, i) => (i % 2 ? inA : inB).claim('burst', c, cy, 3)));
    expect(won.filter(Boolean)).toHaveLength(3);
    expect(await inA.streamsOf(ids.cy)).toBe(3);
    for (const c of conns) await inA.release(c);
  });

  it('keeps the order of arrival when members arrive in the same millisecond', async () => {
    const frozen = () => 1_900_000_000_000;
    const p = createDbPresence(a, frozen);
    expect(await p.claim('same-ms', 's1', { userId: ids.cy, firstName: 'Cy' }, 3)).toBe(true);
    expect(await p.claim('same-ms', 's2', { userId: ids.ben, firstName: 'Ben' }, 3)).toBe(true);
    expect(await p.claim('same-ms', 's3', { userId: ids.ana, firstName: 'Ana' }, 3)).toBe(true);
    expect(await p.claim('same-ms', 's4', { userId: ids.ben, firstName: 'Ben' }, 3)).toBe(true);
    expect((await p.present('same-ms', 1)).map((m) => m.firstName)).toEqual(['Cy', 'Ben', 'Ana']);
    for (const c of ['s1', 's2', 's3', 's4']) await p.release(c);
  });
});
