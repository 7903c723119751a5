import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import { seedDemoCircles } from '../../seed/circles';

/**
 * Issue 30: "Speak up Tuesdays" showed its next meeting on a Wednesday. A circle's name, its
 * schedule and its next meeting must agree in the member's own time zone, the one the server
 * keeps for them (practice/zone.ts).
 */
let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
});
afterAll(() => t.close());

interface Circle {
  name: string;
  scheduledTime: string | null;
  timeZone: string;
}
const get = async <T>(path: string): Promise<T> => {
  const res = await t.fetch(`/api${path}`, { headers: { Authorization: `Bearer ${member.token}` } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const keepZone = (zone: string | null) =>
  t.deps.sql.run('UPDATE users SET time_zone = ? WHERE id = ?', [zone, member.id]);
const weekdayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone }).format(new Date(iso));

/** Zones from UTC-10 to UTC+13:45, summer and winter (the seed's promise; see seed/circles.ts). */
const ZONES = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/New_York',
  'America/Sao_Paulo',
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Pacific/Tongatapu',
];

describe('a circle named for a day meets on that day, in the member’s zone', () => {
  it('the demo "Speak up Tuesdays" meets on a Tuesday whatever day it was seeded, in every zone', async () => {
    for (let day = 0; day < 7; day++) {
      await t.deps.sql.run('DELETE FROM voice_circles');
      await seedDemoCircles(t.deps.sql, t.deps.now() + day * 86_400_000);
      for (const zone of ZONES) {
        await keepZone(zone);
        const circle = (await get<Circle[]>('/voice-circles')).find((c) => c.name === 'Speak up Tuesdays');
        expect(weekdayIn(circle!.scheduledTime!, zone), `seeded on day ${day}, in ${zone}`).toBe('Tuesday');
        expect(circle?.timeZone).toBe(zone);
      }
    }
  });

  it('no demo circle promises a time of day its schedule cannot keep everywhere', async () => {
    const names = (await get<Circle[]>('/voice-circles')).map((c) => c.name.toLowerCase());
    expect(names.filter((n) => /morning|noon|afternoon|evening|night|tonight/.test(n))).toEqual([]);
  });
});

describe('the zone circles are told in', () => {
  it('is the zone the server keeps for the member, on circles, a circle and upcoming sessions', async () => {
    await keepZone('Asia/Tokyo');
    const circles = await get<(Circle & { id: number })[]>('/voice-circles?tz=Europe/Paris');
    expect(new Set(circles.map((c) => c.timeZone))).toEqual(new Set(['Asia/Tokyo']));
    const live = circles.find((c) => c.scheduledTime !== null)!;
    expect((await get<Circle>(`/voice-circles/${live.id}`)).timeZone).toBe('Asia/Tokyo');
    await t.fetch(`/api/voice-circles/${live.id}/join`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${member.token}` },
    });
    const mine = await get<Circle[]>('/voice-circles/my-circles');
    expect(mine.map((c) => c.timeZone)).toEqual(['Asia/Tokyo']);
    const upcoming = await get<{ timeZone: string }[]>('/group-sessions/upcoming');
    expect(upcoming.map((s) => s.timeZone)).toEqual(['Asia/Tokyo']);
  });

  it('for a member whose app never reported a zone, is the one the app names, else UTC', async () => {
    await keepZone(null);
    const named = await get<Circle[]>('/voice-circles?tz=America/Chicago');
    expect(new Set(named.map((c) => c.timeZone))).toEqual(new Set(['America/Chicago']));
    const none = await get<Circle[]>('/voice-circles');
    expect(new Set(none.map((c) => c.timeZone))).toEqual(new Set(['UTC']));
  });

  it('refuses a zone that is not one, naming the field', async () => {
    const res = await t.fetch('/api/voice-circles?tz=Mars/Olympus', {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { tz: expect.any(String) } });
  });
});
