import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support';
import { createMember, insertSessions, mintToken, type TestMember } from '../../rest/test-members';
import { dayNumber, localDateOf } from '../../../src/domain/streaks';
import { KEY_TTL_MS } from '../../lib/idempotency';
import { seedSessionTemplates } from '../../seed/templates';

/** Issue 13: writes queued offline arrive with an Idempotency-Key and occurredAt. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSessionTemplates(t.deps.sql);
  await insertSessions(t, [
    { id: 1, title: 'Gentle voice awakening', skill_level: 'beginner', length_sec: 120 },
    { id: 2, title: 'Confident speaking', skill_level: 'developing', length_sec: 120 },
    { id: 3, title: 'Playful sounds', skill_level: 'skilled', length_sec: 120 },
  ]);
});
afterAll(() => t.close());

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

async function post(who: TestMember, path: string, body?: unknown, key?: string, via: Fetch = t.fetch) {
  const headers = new Headers({ Authorization: `Bearer ${await mintToken(t, who)}` });
  if (key !== undefined) headers.set('Idempotency-Key', key);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return via(`/api${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const count = async (sql: string, ...args: string[]) =>
  Number((await t.deps.sql.get<{ n: number }>(sql, args))?.n);
const completions = (m: TestMember) =>
  count('SELECT count(*) AS n FROM session_completions WHERE user_id = ?', m.id);
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 60 * 60 * 1000;

describe('Idempotency-Key on completions', () => {
  it('gives one effect and the same answer for the same key twice', async () => {
    const ana = await createMember(t);
    const key = crypto.randomUUID();
    const body = { sessionId: 1, title: 'Gentle voice awakening', timeZone: 'Europe/London' };
    const first = await post(ana, '/session-completions', body, key);
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    expect(firstBody).toMatchObject({ isFirstSession: true, tokensAwarded: 20, totalTokens: 20 });
    // Keys in another order are the same body.
    const again = await post(
      ana,
      '/session-completions',
      { timeZone: 'Europe/London', title: body.title, sessionId: 1 },
      key.toUpperCase(),
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await completions(ana)).toBe(1);
    // A new key for the same session the same day is an ordinary repeat: 200, nothing earned.
    const repeat = await post(ana, '/session-completions', body, crypto.randomUUID());
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({ tokensAwarded: 0, totalTokens: 20 });
  });

  it('gives one effect when requests with one key arrive together, also on two server processes', async () => {
    const ben = await createMember(t);
    const key = crypto.randomUUID();
    // A second app on its own connection to the same database: what another cluster process
    // would be (on PostgreSQL a second pool, so the two really run at once).
    const app2 = createApp({ ...t.deps, sql: t.anotherSql() });
    const via2: Fetch = (input, init) =>
      Promise.resolve(app2.fetch(new Request(new URL(input, TEST_ORIGIN), init)));
    const body = { sessionId: 2, timeZone: 'UTC' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(ben, '/session-completions', body, key, i % 2 ? via2 : t.fetch),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(await completions(ben)).toBe(1);
    expect(await count('SELECT count(*) AS n FROM idempotency_keys WHERE user_id = ?', ben.id)).toBe(1);
  });

  it('refuses the same key with a different body (422) and a malformed key (400), writing nothing', async () => {
    const cy = await createMember(t);
    const key = crypto.randomUUID();
    expect((await post(cy, '/session-completions', { sessionId: 1 }, key)).status).toBe(201);
    const other = await post(cy, '/session-completions', { sessionId: 3 }, key);
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({
      error: 'idempotency_key_reused',
      fields: { 'Idempotency-Key': expect.any(String) },
    });
    const bad = await post(cy, '/session-completions', { sessionId: 3 }, 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/Idempotency-Key/);
    expect(await completions(cy)).toBe(1);
    // Another member's use of the same key is their own.
    const dee = await createMember(t);
    expect((await post(dee, '/session-completions', { sessionId: 3 }, key)).status).toBe(201);
  });

  it('does not store refusals: a key whose first try failed validation can still succeed', async () => {
    const eve = await createMember(t);
    const key = crypto.randomUUID();
    expect((await post(eve, '/session-completions', { sessionId: 99 }, key)).status).toBe(404);
    expect(await count('SELECT count(*) AS n FROM idempotency_keys WHERE user_id = ?', eve.id)).toBe(0);
  });

  it('forgets keys after 7 days', async () => {
    const fay = await createMember(t);
    const key = crypto.randomUUID();
    expect((await post(fay, '/sessions/1/echo', undefined, key)).status).toBe(200);
    t.advance(KEY_TTL_MS + HOUR);
    // The next stored key prunes the old ones.
    expect((await post(fay, '/sessions/2/echo', undefined, crypto.randomUUID())).status).toBe(200);
    expect(
      await count('SELECT count(*) AS n FROM idempotency_keys WHERE user_id = ? AND key = ?', fay.id, key),
    ).toBe(0);
  });
});

describe('Idempotency-Key on template saves, echoes and reflections', () => {
  it('saves a template session once per key', async () => {
    const gus = await createMember(t);
    const key = crypto.randomUUID();
    const body = { templateId: 1, duration: 60, audioData: { maxLevel: 0.2, completed: true } };
    const a = await post(gus, '/sessions', body, key);
    const b = await post(gus, '/sessions', body, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await b.json()).toEqual(await a.json());
    expect(await count('SELECT count(*) AS n FROM template_sessions WHERE user_id = ?', gus.id)).toBe(1);
    expect((await post(gus, '/sessions', { ...body, duration: 61 }, key)).status).toBe(422);
  });

  it('shares a reflection and echoes once per key', async () => {
    const hal = await createMember(t);
    await post(hal, '/session-completions', { sessionId: 1 });
    const key = crypto.randomUUID();
    const body = { sessionId: 1, reflectionText: 'Felt calm', anonymous: true };
    const a = await post(hal, '/community/reflections', body, key);
    const b = await post(hal, '/community/reflections', body, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    const created = await a.json();
    expect(await b.json()).toEqual(created);
    expect(await count('SELECT count(*) AS n FROM reflections WHERE user_id = ?', hal.id)).toBe(1);
    const echoKey = crypto.randomUUID();
    const e1 = await post(hal, `/community/reflections/${created.id}/echo`, undefined, echoKey);
    const e2 = await post(hal, `/community/reflections/${created.id}/echo`, undefined, echoKey);
    expect(await e2.json()).toEqual(await e1.json());
    // The same key on another path is another request.
    expect((await post(hal, '/sessions/1/echo', undefined, echoKey)).status).toBe(422);
  });
});

describe('occurredAt: the day it happened', () => {
  it('refuses a time in the future or older than 72 hours, and accepts a small clock skew', async () => {
    const ida = await createMember(t);
    const now = t.deps.now();
    const future = await post(ida, '/session-completions', {
      sessionId: 1,
      occurredAt: iso(now + 10 * 60_000),
    });
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({ fields: { occurredAt: 'in the future' } });
    const old = await post(ida, '/session-completions', { sessionId: 1, occurredAt: iso(now - 73 * HOUR) });
    expect(old.status).toBe(400);
    expect(await old.json()).toMatchObject({ fields: { occurredAt: 'older than 72 hours' } });
    const garbled = await post(ida, '/session-completions', { sessionId: 1, occurredAt: 'yesterday' });
    expect(garbled.status).toBe(400);
    expect(await completions(ida)).toBe(0);
    const skew = await post(ida, '/session-completions', { sessionId: 1, occurredAt: iso(now + 60_000) });
    expect(skew.status).toBe(201);
    const row = (await t.deps.sql.get<{ completed_at: string }>(
      'SELECT completed_at FROM session_completions WHERE user_id = ?',
      [ida.id],
    ))!;
    // Never stored in the future.
    expect(Date.parse(row.completed_at)).toBeLessThanOrEqual(t.deps.now());
    expect(
      (await post(ida, '/sessions', { templateId: 1, duration: 30, occurredAt: iso(now - 80 * HOUR) }))
        .status,
    ).toBe(400);
  });

  it("counts the streak day and token day in the member's stored zone when it happened", async () => {
    const jo = await createMember(t);
    const zone = 'America/New_York';
    const now = t.deps.now();
    // An instant 26-50 h ago at 02:30 UTC: the evening before in New York, another date in UTC.
    let at = Math.floor(now / (24 * HOUR)) * 24 * HOUR + 2.5 * HOUR - 24 * HOUR;
    if (at > now - 26 * HOUR) at -= 24 * HOUR;
    const nyDate = localDateOf(at, zone);
    expect(nyDate).not.toBe(localDateOf(at, 'UTC'));
    // The member's zone is on the server already (their first completion, today).
    expect((await post(jo, '/session-completions', { sessionId: 2, timeZone: zone })).status).toBe(201);
    const late = await post(
      jo,
      '/session-completions',
      { sessionId: 1, timeZone: zone, occurredAt: iso(at) },
      crypto.randomUUID(),
    );
    expect(late.status).toBe(201);
    expect(await late.json()).toMatchObject({ tokensAwarded: 20, totalTokens: 45 });
    const row = await t.deps.sql.get(
      'SELECT completed_at, local_date, time_zone FROM session_completions WHERE user_id = ? AND session_id = 1',
      [jo.id],
    );
    expect(row).toEqual({ completed_at: iso(at), local_date: nyDate, time_zone: zone });
    // The same session again on that New York day earns nothing; today it earns again.
    const sameDay = await post(jo, '/session-completions', { sessionId: 1, occurredAt: iso(at + HOUR) });
    expect(sameDay.status).toBe(200);
    expect((await post(jo, '/session-completions', { sessionId: 1 })).status).toBe(201);
    // The dashboard sees the earlier day in the streak.
    const dash = await t.fetch(`/api/users/${jo.id}/dashboard?tz=${encodeURIComponent(zone)}`, {
      headers: { Authorization: `Bearer ${await mintToken(t, jo)}` },
    });
    const body = await dash.json();
    expect(body.user).toMatchObject({ totalSessions: 3, toneTokens: 65 });
    // Yesterday in New York joins today's streak; two days back leaves a gap.
    const gap = dayNumber(localDateOf(t.deps.now(), zone)) - dayNumber(nyDate);
    expect(body.streaks.current).toBe(gap === 1 ? 2 : 1);
  });

  it('counts a late write in the zone of its moment, also after the member changed zones since', async () => {
    const kai = await createMember(t);
    const [east, west] = ['Pacific/Kiritimati', 'Etc/GMT+12']; // 26 hours apart: dates always differ
    const then = t.deps.now();
    const dayThen = localDateOf(then, east);
    expect((await post(kai, '/session-completions', { sessionId: 2, timeZone: east })).status).toBe(201);
    // A new zone reported today takes effect on the next local day.
    expect((await post(kai, '/session-completions', { sessionId: 3, timeZone: west })).status).toBe(201);
    // 50 hours on, the west date is the day after dayThen whatever the hour (west is 26 h behind
    // east, so it reads east's date of 24 h later); 30 hours could land on dayThen again.
    t.advance(50 * HOUR);
    expect((await post(kai, '/session-completions', { sessionId: 2, timeZone: west })).status).toBe(201);
    expect(await t.deps.sql.get('SELECT time_zone FROM users WHERE id = ?', [kai.id])).toEqual({
      time_zone: west,
    });
    // Made 50 hours ago, before the switch: the day is the one it was in the old zone.
    const late = await post(kai, '/session-completions', {
      sessionId: 1,
      timeZone: west,
      occurredAt: iso(then),
    });
    expect(late.status).toBe(201);
    const row = await t.deps.sql.get(
      'SELECT local_date, time_zone FROM session_completions WHERE user_id = ? AND session_id = 1',
      [kai.id],
    );
    expect(row).toEqual({ local_date: dayThen, time_zone: east });
    expect(localDateOf(then, west)).not.toBe(dayThen);
  });
});
