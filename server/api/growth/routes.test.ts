import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, insertSessions, mintToken, type TestMember } from '../../rest/test-members';
import { BADGES, BADGE_CATEGORIES, BADGE_TIERS } from './badges';

let t: TestApp;
let ana: TestMember;
let ben: TestMember;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  // Short sessions: all four fit in one member's listening budget (completion-limit.ts).
  await insertSessions(t, [
    { id: 1, title: 'Find it', category: ['find'], length_sec: 120 },
    { id: 2, title: 'Free it', category: ['free'], length_sec: 60 },
    { id: 3, title: 'Tune it', category: ['fine-tune'], length_sec: 180 },
    { id: 4, title: 'Play it', category: ['fun'], length_sec: 120 },
  ]);
  ana = await createMember(t);
  ben = await createMember(t);
  // Analyses are stored only for members who chose to keep them (voice-history-choice.test.ts).
  for (const m of [ana, ben]) await keepHistory(m);
});
afterAll(() => t.close());

async function call(path: string, who: TestMember | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
}
const post = (path: string, who: TestMember, body: unknown) =>
  call(path, who, { method: 'POST', body: JSON.stringify(body) });
async function keepHistory(who: TestMember) {
  // Members of a month's standing: recordings from before an account existed are refused.
  await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [
    new Date(t.deps.now() - 30 * 24 * 3600_000).toISOString(),
    who.id,
  ]);
  const res = await call('/voice-history-choice', who, {
    method: 'PUT',
    body: JSON.stringify({ keep: true }),
  });
  expect(res.status).toBe(200);
}
const analysis = (over: Record<string, unknown> = {}) => ({
  recordedAt: new Date(t.deps.now() - 60_000).toISOString(),
  durationSec: 12,
  score: 72,
  clarity: 0.7,
  stability: 0.6,
  resonance: 0.8,
  projection: 0.5,
  pitchMedianHz: 220,
  pitchRangeSemitones: 5,
  ...over,
});

describe('badge catalogue', () => {
  it('has at least 24 badges across the five categories and five tiers, with the spec samples', async () => {
    expect(BADGES.length).toBeGreaterThanOrEqual(24);
    expect(new Set(BADGES.map((b) => b.category))).toEqual(new Set(BADGE_CATEGORIES));
    expect(new Set(BADGES.map((b) => b.tier))).toEqual(new Set(BADGE_TIERS));
    const names = BADGES.map((b) => b.name);
    for (const n of ['First Week Warrior', 'Quality Master', 'Voice Explorer', 'Streak Legend'])
      expect(names).toContain(n);
    const res = await call('/achievement-badges?category=mastery', null);
    const list = (await res.json()) as { category: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((b) => b.category === 'mastery')).toBe(true);
    expect((await call('/achievement-badges?category=nope', null)).status).toBe(400);
  });
});

describe('voice analyses', () => {
  it('stores a summary, lists the member own newest first, and never another member', async () => {
    const older = analysis({ recordedAt: new Date(t.deps.now() - 3 * DAY).toISOString(), score: 60 });
    const first = await post('/voice-analyses', ana, older);
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body.newBadges.map((b: { id: string }) => b.id)).toContain('first-recording');
    await post('/voice-analyses', ana, analysis());
    const list = await (await call('/voice-analyses', ana)).json();
    expect(list.map((a: { score: number }) => a.score)).toEqual([72, 60]);
    expect(await (await call('/voice-analyses', ben)).json()).toEqual([]);
    const from = new Date(t.deps.now() - DAY).toISOString();
    expect(await (await call(`/voice-analyses?from=${from}`, ana)).json()).toHaveLength(1);
  });

  it('answers 400 naming the field for bad values and writes nothing', async () => {
    const before = (await (await call('/voice-analyses', ana)).json()).length;
    for (const [field, value] of [
      ['clarity', 1.5],
      ['score', 101],
      ['recordedAt', 'yesterday'],
      ['durationSec', -1],
      ['pitchMedianHz', 'high'],
    ] as const) {
      const res = await post('/voice-analyses', ana, analysis({ [field]: value }));
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toHaveProperty(field);
    }
    const batch = await post('/voice-analyses', ana, {
      analyses: [analysis({ recordedAt: '2026-01-01T00:00:00Z' }), analysis({ stability: -1 })],
    });
    expect(batch.status).toBe(400);
    expect((await (await call('/voice-analyses', ana)).json()).length).toBe(before);
    expect((await call('/voice-analyses?from=soon', ana)).status).toBe(400);
  });

  it('uploads a browser history once: the same recording twice is stored once', async () => {
    const items = [1, 2, 3].map((i) =>
      analysis({ recordedAt: new Date(t.deps.now() - i * 3600_000).toISOString() }),
    );
    expect((await (await post('/voice-analyses', ben, { analyses: items })).json()).created).toBe(3);
    expect((await (await post('/voice-analyses', ben, { analyses: items })).json()).created).toBe(0);
    expect(await (await call('/voice-analyses', ben)).json()).toHaveLength(3);
  });

  it('deletes one of the member own (404 for another member) and then all', async () => {
    const [latest] = await (await call('/voice-analyses', ben)).json();
    expect((await call(`/voice-analyses/${latest.id}`, ana, { method: 'DELETE' })).status).toBe(404);
    expect((await call(`/voice-analyses/${latest.id}`, ben, { method: 'DELETE' })).status).toBe(204);
    expect(await (await call('/voice-analyses', ben, { method: 'DELETE' })).json()).toEqual({ deleted: 2 });
    expect(await (await call('/voice-analyses', ben)).json()).toEqual([]);
  });
});

describe('keeping voice scores in the account', () => {
  it('is off by default and remembers the member choice', async () => {
    const gus = await createMember(t);
    expect(await (await call('/voice-history-choice', gus)).json()).toEqual({ keep: false, chosenAt: null });
    const put = await call('/voice-history-choice', gus, {
      method: 'PUT',
      body: JSON.stringify({ keep: true }),
    });
    expect(await put.json()).toMatchObject({ keep: true });
    expect(await (await call('/voice-history-choice', gus)).json()).toMatchObject({ keep: true });
    expect(await (await call('/voice-history-choice', await createMember(t))).json()).toMatchObject({
      keep: false,
    });
    const bad = await call('/voice-history-choice', gus, {
      method: 'PUT',
      body: JSON.stringify({ keep: 'yes' }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('awarding badges', () => {
  it('awards each badge exactly once under concurrent events', async () => {
    const cleo = await createMember(t);
    const results = await Promise.all(
      [1, 2, 3, 4].flatMap((id) => [
        post('/session-completions', cleo, { sessionId: id }),
        post('/session-completions', cleo, { sessionId: id }),
        post(`/sessions/${id}/echo`, cleo, {}),
      ]),
    );
    const awarded = (await Promise.all(results.map((r) => r.json()))).flatMap(
      (b: { newBadges?: { id: string }[] }) => b.newBadges?.map((x) => x.id) ?? [],
    );
    expect(awarded.filter((id) => id === 'first-session')).toHaveLength(1);
    expect(awarded.filter((id) => id === 'first-echo')).toHaveLength(1);
    expect(awarded).toContain('all-focuses');
    expect(new Set(awarded).size).toBe(awarded.length);
    const mine = await (await call(`/users/${cleo.id}/achievements`, cleo)).json();
    expect(mine.map((a: { badgeId: string }) => a.badgeId).sort()).toEqual([...awarded].sort());
  });

  it('back-fills a badge met without an event hook (a private reflection) on read', async () => {
    const dee = await createMember(t);
    await post('/session-completions', dee, { sessionId: 1 });
    await t.deps.sql.run(
      "INSERT INTO reflections (user_id, session_id, reflection_text) VALUES (?, 1, 'calm')",
      [dee.id],
    );
    const mine = await (await call(`/users/${dee.id}/achievements`, dee)).json();
    expect(mine.map((a: { badgeId: string }) => a.badgeId)).toContain('first-reflection');
  });

  it('counts a 7-day streak across simulated days as First Week Warrior', async () => {
    const eve = await createMember(t);
    let got: string[] = [];
    for (let d = 0; d < 7; d++) {
      const res = await post('/session-completions', eve, {
        sessionId: 1 + (d % 4),
        timeZone: 'Europe/Paris',
      });
      got = got.concat(((await res.json()).newBadges as { id: string }[]).map((b) => b.id));
      t.advance(DAY);
    }
    expect(got).toContain('streak-3');
    expect(got).toContain('first-week-warrior');
    const journey = await (await call(`/users/${eve.id}/journey-progress`, eve)).json();
    expect(journey.journeyStats.longestStreak).toBe(7);
    expect(journey.journeyStats.totalSessions).toBe(7);
    expect(journey.timeZone).toBe('Europe/Paris');
    expect(journey.user.toneTokens).toBe(140);
    expect(journey.user.gardenTier).toBe('sprout');
    expect(journey.journeyStats.recentActivity).toHaveLength(5);
    expect(journey.journeyStats.milestones).toHaveLength(3);
    expect(journey.journeyStats.weeklyProgress).toHaveLength(4);
    const weekly = journey.journeyStats.weeklyProgress.reduce(
      (n: number, w: { sessions: number }) => n + w.sessions,
      0,
    );
    expect(weekly).toBe(7);
  });
});

describe('calendar', () => {
  it('shows the month days in the member zone with sessions, best score and badges', async () => {
    const fay = await createMember(t);
    await keepHistory(fay);
    await post('/session-completions', fay, { sessionId: 2, timeZone: 'UTC' });
    await post('/voice-analyses', fay, analysis({ score: 85 }));
    await post(
      '/voice-analyses',
      fay,
      analysis({ score: 64, recordedAt: new Date(t.deps.now() - 120_000).toISOString() }),
    );
    const month = new Date(t.deps.now() - 60_000).toISOString().slice(0, 7);
    const cal = await (await call(`/users/${fay.id}/calendar?month=${month}`, fay)).json();
    const day = cal.days.find((d: { hasSession: boolean }) => d.hasSession);
    expect(day).toMatchObject({ sessionCount: 1 });
    const scored = cal.days.find((d: { qualityScore: number | null }) => d.qualityScore !== null);
    expect(scored.qualityScore).toBe(85);
    expect(cal.badges.map((b: { id: string }) => b.id)).toContain('first-session');
    expect(cal.streak.current).toBe(1);
    expect((await call(`/users/${fay.id}/calendar?month=2026-13`, fay)).status).toBe(400);
  });
});

describe('voice goals', () => {
  it('stores the member goals and validates them', async () => {
    const res = await post('/voice-goals', ana, {
      metric: 'tonalClarity',
      targetValue: 16,
      targetDate: '2027-01-31',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      targetMetric: 'tonalClarity',
      targetValue: 16,
      scale: 'assessment',
    });
    expect(await (await call('/voice-goals', ana)).json()).toHaveLength(1);
    expect(await (await call('/voice-goals', ben)).json()).toEqual([]);
    const bad = await post('/voice-goals', ana, {
      metric: 'tonalClarity',
      targetValue: 185,
      targetDate: '2027-01-31',
    });
    expect((await bad.json()).fields).toHaveProperty('targetValue');
  });

  // Issue 21: a goal is in its metric's own unit, and what has no validated measure takes none.
  it.each([
    ['voiceQualityScore', 85, 'targetValue', 'an AVQI target on the old 0-100 scale'],
    ['voiceQualityScore', -1, 'targetValue', 'an AVQI under 0'],
    ['tonalClarity', 80, 'targetValue', 'a CPPS target on the old 0-100 scale'],
    ['breathSupport', 0, 'targetValue', 'a hold of 0 s'],
    ['resonanceLevel', 70, 'metric', 'resonance, which is not measured'],
    ['vocalTension', 20, 'metric', 'tension, which is not measured'],
    ['voiceRange', 0, 'targetValue', 'a range of no semitones'],
    ['voiceRange', 2000, 'targetValue', 'a range in Hz, not semitones'],
  ])('refuses a %s goal of %s (400 naming %s: %s) and stores nothing', async (metric, targetValue, field) => {
    const before = ((await (await call('/voice-goals', ben)).json()) as unknown[]).length;
    const res = await post('/voice-goals', ben, { metric, targetValue, targetDate: '2027-01-31' });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(Object.keys(json.fields)).toEqual([field]);
    expect(json.message).toContain(`Invalid ${field}`);
    if (field === 'metric') expect(json.message).toContain('not measured yet');
    expect(((await (await call('/voice-goals', ben)).json()) as unknown[]).length).toBe(before);
  });

  it('takes a goal in each measured unit: AVQI, CPPS in dB, maximum phonation time in s, range in semitones', async () => {
    for (const [metric, targetValue] of [
      ['voiceQualityScore', 1.8],
      ['tonalClarity', 15.5],
      ['breathSupport', 20],
      ['voiceRange', 24],
    ] as const) {
      const res = await post('/voice-goals', ben, { metric, targetValue, targetDate: '2027-01-31' });
      expect(res.status, metric).toBe(201);
    }
  });
});

describe('privacy', () => {
  it('answers 403 to another member on every /users/{id} growth route and 401 without a token', async () => {
    for (const p of ['achievements', 'journey-progress', 'calendar?month=2026-01']) {
      expect((await call(`/users/${ana.id}/${p}`, ben)).status).toBe(403);
      expect((await call(`/users/${ana.id}/${p}`, null)).status).toBe(401);
    }
    expect((await call('/voice-analyses', null)).status).toBe(401);
  });
});
