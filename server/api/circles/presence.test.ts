import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { openDatabase, type DB } from '../../db/open';
import { createLiveHub, type LiveEvent, type LiveSessionInfo } from './live';
import { BEAT_MS, createDbPresence, STALE_MS } from './presence';

// Two connections on one file stand for two server processes (cluster mode).
let dir: string;
let a: DB;
let b: DB;
const ids = { ana: crypto.randomUUID(), ben: crypto.randomUUID(), cy: crypto.randomUUID() };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'presence-'));
  a = openDatabase(path.join(dir, 'app.db'));
  migrate(a);
  b = openDatabase(path.join(dir, 'app.db'));
  const add = a.prepare(
    `INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, 'x', '2026-01-01', '2026-01-01')`,
  );
  for (const id of Object.values(ids)) add.run(id, `${id}@example.com`);
});
afterAll(() => {
  a.close();
  b.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

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

function listener() {
  const events: LiveEvent[] = [];
  return {
    send: (e: LiveEvent) => events.push(e),
    lastPresent: () => {
      const last = events.filter((e) => e.event === 'state').at(-1);
      return last?.event === 'state' ? last.data.present : undefined;
    },
    until: async (want: string[]) => {
      const deadline = Date.now() + 4 * BEAT_MS;
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
    const hubA = createLiveHub(createDbPresence(a, Date.now), Date.now);
    const hubB = createLiveHub(createDbPresence(b, Date.now), Date.now);
    const ana = listener();
    const ben = listener();
    expect(hubA.claim(info, 'conn-ana', { userId: ids.ana, firstName: 'Ana' }, 3)).toBe(true);
    const leaveA = hubA.attach(info, 'conn-ana', ana.send);
    expect(ana.lastPresent()).toEqual(['Ana']);
    expect(hubB.claim(info, 'conn-ben', { userId: ids.ben, firstName: 'Ben' }, 3)).toBe(true);
    const leaveB = hubB.attach(info, 'conn-ben', ben.send);
    // Ben's process reads Ana from the table at once; Ana's process notices Ben on its beat.
    expect(ben.lastPresent()).toEqual(['Ana', 'Ben']);
    await ana.until(['Ana', 'Ben']);
    leaveB();
    await ana.until(['Ana']);
    leaveA();
    hubA.close();
    hubB.close();
  });

  it('counts the stream cap across processes', () => {
    const inA = createDbPresence(a, Date.now);
    const inB = createDbPresence(b, Date.now);
    const cy = { userId: ids.cy, firstName: 'Cy' };
    expect(inA.claim(info.key, 'c1', cy, 2)).toBe(true);
    expect(inB.claim(info.key, 'c2', cy, 2)).toBe(true);
    expect(inA.claim(info.key, 'c3', cy, 2)).toBe(false);
    expect(inB.streamsOf(ids.cy)).toBe(2);
    inA.release('c1');
    expect(inB.claim(info.key, 'c3', cy, 2)).toBe(true);
    inB.release('c2');
    inB.release('c3');
  });

  it('forgets the streams of a process that stopped beating', () => {
    let t = Date.now();
    const dead = createDbPresence(a, () => t);
    const alive = createDbPresence(b, () => t);
    expect(dead.claim('9-9', 'gone', { userId: ids.ana, firstName: 'Ana' }, 3)).toBe(true);
    expect(alive.claim('9-9', 'here', { userId: ids.ben, firstName: 'Ben' }, 3)).toBe(true);
    t += STALE_MS - 500;
    alive.beat(['here']);
    t += 1000;
    expect(alive.present('9-9').map((m) => m.firstName)).toEqual(['Ben']);
    alive.beat(['here']);
    expect(a.prepare('SELECT conn_id FROM live_presence').pluck().all()).toEqual(['here']);
    alive.release('here');
  });
});
