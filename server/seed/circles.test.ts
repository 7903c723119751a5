import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { seedDemoCircles } from './circles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo circles', () => {
  it('seeds public circles once, live ones with a first session ahead', async () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(await seedDemoCircles(t.deps.sql, now)).toBeGreaterThanOrEqual(4);
    expect(await seedDemoCircles(t.deps.sql, now)).toBe(0);
    const rows = await t.deps.sql.all<{
      session_type: string;
      scheduled_time: string | null;
      is_private: number;
    }>('SELECT session_type, scheduled_time, is_private FROM voice_circles');
    expect(rows.every((r) => r.is_private === 0)).toBe(true);
    const live = rows.filter((r) => r.session_type === 'real_time');
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((r) => Date.parse(r.scheduled_time as string) > now)).toBe(true);
    expect(rows.some((r) => r.session_type === 'asynchronous')).toBe(true);
  });

  it('puts right the demo circles an earlier seed named or timed otherwise, never a member’s', async () => {
    await t.deps.sql.run('DELETE FROM voice_circles');
    const old = 'Hum and sigh the day away together: a gentle live half hour, cameras and mics stay off.';
    const speak = 'Projection and steady breath for meetings and presentations, practised live each week.';
    const insert = (name: string, description: string, at: string, creator: string | null) =>
      t.deps.sql.run(
        `INSERT INTO voice_circles (name, description, session_type, max_participants, scheduled_time,
          is_private, invite_code, creator_id, created_at)
         VALUES (?, ?, 'real_time', 8, ?, 0, ?, ?, '2026-01-01T00:00:00.000Z')`,
        [name, description, at, crypto.randomUUID(), creator],
      );
    const owner = await t.deps.sql.get<{ id: string }>(
      `INSERT INTO users (id, email, password_hash, created_at, updated_at)
       VALUES (?, ?, 'x', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z') RETURNING id`,
      [crypto.randomUUID(), `${crypto.randomUUID()}@example.com`],
    );
    // The first seeds: "in two days" at 12:00 UTC (a Wednesday here), "Evening wind-down". Monday 7
    // December: the Tuesday is the 8th, the wind-down's Thursday the 10th.
    await insert('Evening wind-down', old, '2026-12-09T19:00:00.000Z', null);
    await insert('Speak up Tuesdays', speak, '2026-12-09T12:00:00.000Z', null);
    await insert('Speak up Tuesdays', speak, '2026-12-09T12:00:00.000Z', owner!.id);
    expect(await seedDemoCircles(t.deps.sql, Date.parse('2026-12-07T09:00:00Z'))).toBe(0);
    const rows = await t.deps.sql.all<{ name: string; scheduled_time: string; creator_id: string | null }>(
      'SELECT name, scheduled_time, creator_id FROM voice_circles ORDER BY id',
    );
    expect(rows.map((r) => [r.name, r.scheduled_time, r.creator_id])).toEqual([
      ['Hum and sigh together', '2026-12-10T19:00:00.000Z', null],
      ['Speak up Tuesdays', '2026-12-08T10:00:00.000Z', null],
      ['Speak up Tuesdays', '2026-12-09T12:00:00.000Z', owner!.id],
    ]);
  });
});
