import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, insertSessions, mintToken, type TestMember } from '../../rest/test-members';

let t: TestApp;
let ana: TestMember;
let ben: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, [
    { id: 1, title: 'Gentle voice awakening', skill_level: 'beginner', length_sec: 600, category: ['find'] },
    { id: 2, title: 'Confident speaking', skill_level: 'developing', length_sec: 900 },
    { id: 3, title: 'Playful sounds', skill_level: 'skilled', length_sec: 300 },
    { id: 4, title: 'Deep resonance', skill_level: 'professional', length_sec: 1200 },
  ]);
  ana = await createMember(t);
  ben = await createMember(t);
});
afterAll(() => t.close());

/** Mints a fresh token per call, because tests move the server clock by days. */
async function call(path: string, who: TestMember | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
}
const complete = (who: TestMember, body: unknown) =>
  call('/session-completions', who, { method: 'POST', body: JSON.stringify(body) });

describe('catalogue fallback', () => {
  it('lists sessions newest first with list columns as arrays, without signing in', async () => {
    const res = await call('/voice-sessions', null);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((s: { id: number }) => s.id)).toEqual([4, 3, 2, 1]);
    expect(body[3]).toMatchObject({ id: 1, category: ['find'], moods: [], skill_level: 'beginner' });
  });
});

describe('echoes', () => {
  it('echoes once per member however often it is posted, and counts members', async () => {
    expect(await (await call('/sessions/1/echo', ana, { method: 'POST' })).json()).toMatchObject({
      echoes: 1,
    });
    expect(await (await call('/sessions/1/echo', ana, { method: 'POST' })).json()).toMatchObject({
      echoes: 1,
    });
    expect(await (await call('/sessions/1/echo', ben, { method: 'POST' })).json()).toMatchObject({
      echoes: 2,
    });
  });

  it('answers 404 for an unknown session, 400 for a non-number and 401 without a token', async () => {
    expect((await call('/sessions/99/echo', ana, { method: 'POST' })).status).toBe(404);
    expect((await call('/sessions/abc/echo', ana, { method: 'POST' })).status).toBe(400);
    expect((await call('/sessions/1/echo', null, { method: 'POST' })).status).toBe(401);
  });

  it('lists the member own echoed sessions and refuses another member list', async () => {
    await call('/sessions/3/echo', ana, { method: 'POST' });
    const res = await call(`/users/${ana.id}/echoed-sessions`, ana);
    expect(new Set(await res.json())).toEqual(
      new Set([
        { id: 1, title: 'Gentle voice awakening' },
        { id: 3, title: 'Playful sounds' },
      ]),
    );
    expect((await call(`/users/${ana.id}/echoed-sessions`, ben)).status).toBe(403);
  });
});

describe('completions and tone tokens', () => {
  it('awards the level tokens and flags the first session', async () => {
    const cleo = await createMember(t);
    const first = await complete(cleo, { sessionId: 4, title: 'Deep resonance' });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ isFirstSession: true, tokensAwarded: 40, totalTokens: 40 });
    t.advance(20 * 60_000); // a 20-minute session was just finished: the next one comes later
    const second = await complete(cleo, {
      sessionId: 2,
      title: 'Confident speaking',
      timeZone: 'Europe/Paris',
    });
    expect(await second.json()).toMatchObject({ isFirstSession: false, tokensAwarded: 25, totalTokens: 65 });
  });

  it('awards nothing extra for the same session again the same local day', async () => {
    const dan = await createMember(t);
    await complete(dan, { sessionId: 3, title: 'Playful sounds' });
    const again = await complete(dan, { sessionId: '3', title: 'Playful sounds' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ isFirstSession: false, tokensAwarded: 0, totalTokens: 30 });
    t.advance(24 * 3600_000);
    const nextDay = await complete(dan, { sessionId: 3, title: 'Playful sounds' });
    expect(await nextDay.json()).toMatchObject({ tokensAwarded: 30, totalTokens: 60 });
  });

  it('decides "the same day" in the member time zone, not in UTC', async () => {
    const hal = await createMember(t);
    // 23:00 and 01:00 UTC are the same afternoon in Los Angeles: the second earns nothing.
    t.advance(Date.parse('2026-07-01T23:00:00Z') - t.deps.now());
    await complete(hal, { sessionId: 2, title: 'x', timeZone: 'America/Los_Angeles' });
    t.advance(2 * 3600_000);
    const sameLocalDay = await complete(hal, { sessionId: 2, title: 'x', timeZone: 'America/Los_Angeles' });
    expect(await sameLocalDay.json()).toMatchObject({ tokensAwarded: 0, totalTokens: 25 });
    // 11:00 and 13:00 UTC straddle midnight in Auckland (UTC+12): a new local day earns again.
    const kim = await createMember(t);
    t.advance(Date.parse('2026-07-02T11:00:00Z') - t.deps.now());
    await complete(kim, { sessionId: 3, title: 'x', timeZone: 'Pacific/Auckland' });
    t.advance(2 * 3600_000);
    const nextLocalDay = await complete(kim, { sessionId: 3, title: 'x', timeZone: 'Pacific/Auckland' });
    expect(await nextLocalDay.json()).toMatchObject({ tokensAwarded: 30, totalTokens: 60 });
  });

  it('refuses an unknown time zone, a missing session id and an unknown session', async () => {
    const badTz = await complete(ana, { sessionId: 1, title: 'x', timeZone: 'Mars/Olympus' });
    expect(badTz.status).toBe(400);
    expect((await badTz.json()).error).toBe('validation_failed');
    expect((await complete(ana, { title: 'x' })).status).toBe(400);
    expect((await complete(ana, { sessionId: 77, title: 'x' })).status).toBe(404);
    const notJson = await call('/session-completions', ana, { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
  });

  it('lists the member own completed sessions, newest first', async () => {
    const eve = await createMember(t);
    await complete(eve, { sessionId: 1, title: 'Gentle voice awakening' });
    t.advance(15 * 60_000); // the ten-minute session has to have played before the next counts
    await complete(eve, { sessionId: 2, title: 'Confident speaking' });
    const res = await call(`/users/${eve.id}/completed-sessions`, eve);
    const body = await res.json();
    expect(body.map((c: { sessionId: number }) => c.sessionId)).toEqual([2, 1]);
    expect(body[0]).toMatchObject({ title: 'Confident speaking', completedAt: expect.stringMatching(/Z$/) });
    expect((await call(`/users/${eve.id}/completed-sessions`, ana)).status).toBe(403);
  });
});

describe('dashboard', () => {
  it('counts streak days in the member time zone, with totals and tokens', async () => {
    const fay = await createMember(t);
    // Three consecutive evenings in Los Angeles, which are mornings of the next UTC day.
    const base = Date.parse('2026-06-01T04:00:00Z') - t.deps.now();
    t.advance(base);
    for (let day = 0; day < 3; day++) {
      await complete(fay, { sessionId: 1, title: 'x', timeZone: 'America/Los_Angeles' });
      t.advance(24 * 3600_000);
    }
    const res = await call(`/users/${fay.id}/dashboard?tz=America/Los_Angeles`, fay);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      streaks: { current: 3, longest: 3 },
      user: { totalSessions: 3, currentStreak: 3, toneTokens: 60 },
      totals: { minutes: 30, listeningMinutes: 0, sessions: 3 },
      // The member's stored zone and their day in it (home's daily pick reads it).
      timeZone: 'America/Los_Angeles',
      today: '2026-06-03',
    });
    t.advance(2 * 24 * 3600_000);
    const later = await (await call(`/users/${fay.id}/dashboard?tz=America/Los_Angeles`, fay)).json();
    expect(later.streaks).toEqual({ current: 0, longest: 3 });
  });

  it('is all zeros for a new member, refuses other members and bad zones', async () => {
    const gus = await createMember(t);
    expect(await (await call(`/users/${gus.id}/dashboard`, gus)).json()).toEqual({
      streaks: { current: 0, longest: 0 },
      user: { totalSessions: 0, currentStreak: 0, toneTokens: 0 },
      totals: { minutes: 0, listeningMinutes: 0, sessions: 0 },
      timeZone: 'UTC',
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await call(`/users/${gus.id}/dashboard`, ana)).status).toBe(403);
    expect((await call(`/users/${gus.id}/dashboard?tz=Nowhere/Land`, gus)).status).toBe(400);
    expect((await call(`/users/${gus.id}/dashboard`, null)).status).toBe(401);
  });
});

describe('tone tokens cannot be farmed', () => {
  it('keeps the member time zone: hopping from Etc/GMT+12 to Pacific/Kiritimati does not count a day twice', async () => {
    const ivy = await createMember(t);
    t.advance(Date.parse('2026-08-10T12:00:00Z') - t.deps.now());
    const first = await complete(ivy, { sessionId: 3, title: 'x', timeZone: 'Etc/GMT+12' });
    expect(await first.json()).toMatchObject({ tokensAwarded: 30, totalTokens: 30 });
    // Same instant, a zone 26 hours ahead: a different calendar date if the request decided.
    const hop = await complete(ivy, { sessionId: 3, title: 'x', timeZone: 'Pacific/Kiritimati' });
    expect(hop.status).toBe(200);
    expect(await hop.json()).toMatchObject({ tokensAwarded: 0, totalTokens: 30 });
    const rows = await t.deps.sql.all(
      'SELECT local_date, time_zone FROM session_completions WHERE user_id = ?',
      [ivy.id],
    );
    expect(rows).toEqual([{ local_date: '2026-08-10', time_zone: 'Etc/GMT+12' }]);
  });

  it('lets a real move take effect from the next local day', async () => {
    const jon = await createMember(t);
    t.advance(Date.parse('2026-09-01T08:00:00Z') - t.deps.now());
    await complete(jon, { sessionId: 1, title: 'x', timeZone: 'Europe/London' });
    t.advance(60 * 60_000);
    // Landed in Tokyo the same London day: still counted as London's 1 September.
    await complete(jon, { sessionId: 2, title: 'x', timeZone: 'Asia/Tokyo' });
    t.advance(24 * 3600_000);
    await complete(jon, { sessionId: 3, title: 'x', timeZone: 'Asia/Tokyo' });
    const rows = await t.deps.sql.all(
      'SELECT session_id, local_date, time_zone FROM session_completions WHERE user_id = ? ORDER BY id',
      [jon.id],
    );
    expect(rows).toEqual([
      { session_id: 1, local_date: '2026-09-01', time_zone: 'Europe/London' },
      { session_id: 2, local_date: '2026-09-01', time_zone: 'Europe/London' },
      { session_id: 3, local_date: '2026-09-02', time_zone: 'Asia/Tokyo' },
    ]);
  });

  it('answers 429 and awards nothing for completions faster than the audio could play', async () => {
    // The budget refills with the clock: stopped here, so the wait is exact however slow the
    // database (thirty completions with their badge checks take over a second on PostgreSQL).
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const kit = await createMember(t);
    const extra = Array.from({ length: 30 }, (_, i) => ({
      id: 100 + i,
      title: `Short ${i}`,
      skill_level: 'beginner',
      length_sec: 90,
    }));
    await insertSessions(t, extra);
    const statuses: number[] = [];
    for (const s of extra) statuses.push((await complete(kit, { sessionId: s.id, title: 'x' })).status);
    // Fifteen minutes of audio may be replayed at once (offline play), then the clock must pass.
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const refused = await complete(kit, { sessionId: 129, title: 'x' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('90');
    expect((await refused.json()).error).toBe('too_many_completions');
    const count = await t.deps.sql.get(
      'SELECT count(*) AS n, sum(tokens_awarded) AS tokens FROM session_completions WHERE user_id = ?',
      [kit.id],
    );
    expect(count).toEqual({ n: 10, tokens: 200 });
    t.advance(90_000);
    expect((await complete(kit, { sessionId: 129, title: 'x' })).status).toBe(201);
  });
});
