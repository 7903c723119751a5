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
});
