import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support';
import { createMember, insertSessions, mintToken, type TestMember } from '../../rest/test-members';
import { seedSessionTemplates } from '../../seed/templates';
import { practiceClient, type Journey } from './test-agreement';

/**
 * Issue 30, "rewards that follow practice": listening-room tracks are listening, tuning-room
 * recordings are practice whether kept or not, and streak rewards are paid once per milestone and
 * run, in the practice's transaction, on the ledger, so every route's numbers agree.
 * Both databases: `npm run test:pg:server -- server/api/practice`.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A listening-room track: an instrumental and no voice track, two minutes. */
const TRACK = 7;
const GUIDED = 8;

let t: TestApp;
const { get, post, call, saveTemplate, complete, record, agreed } = practiceClient(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await seedSessionTemplates(t.deps.sql);
  await insertSessions(t, [
    { id: TRACK, title: 'Still water', length_sec: 120, instr_path: 'still-water.mp3', category: ['free'] },
    {
      id: GUIDED,
      title: 'Humming home',
      length_sec: 240,
      voice_path: 'humming.mp3',
      instr_path: 'humming-music.mp3',
      category: ['find'],
    },
    { id: 9, title: 'Second hum', length_sec: 240, voice_path: 'second.mp3', category: ['find'] },
  ]);
});
afterAll(() => t.close());

const nowIso = (ago = 0) => new Date(t.deps.now() - ago).toISOString();
const listen = (who: TestMember, extra: Record<string, unknown> = {}, key?: string) =>
  complete(who, TRACK, { listenedSec: 120, startedAt: nowIso(130_000), ...extra }, key);

describe('a listening-room track', () => {
  it('is listening minutes: no session, no tokens, no streak day, not a first session, on no completed list', async () => {
    const ana = await createMember(t);
    const res = await listen(ana);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      listening: true,
      counted: false,
      isFirstSession: false,
      tokensAwarded: 0,
      totalTokens: 0,
      practisedSec: 120,
      newBadges: [],
      streakRewards: [],
    });
    expect(await agreed(ana)).toMatchObject({
      sessions: 0,
      tokens: 0,
      streak: 0,
      days: 0,
      minutes: 0,
      listeningMinutes: 2,
    });
    expect(await get(ana, `/users/${ana.id}/completed-sessions`)).toEqual([]);
    const journey = await get<Journey>(ana, `/users/${ana.id}/journey-progress`);
    expect(journey.journeyStats.recentActivity[0]).toMatchObject({
      type: 'listening',
      title: 'listened to Still water',
    });
    // The guided session afterwards is the member's first, with its tokens and streak day.
    const guided = await complete(ana, GUIDED);
    expect(await guided.json()).toMatchObject({ counted: true, isFirstSession: true, tokensAwarded: 20 });
    expect(await agreed(ana)).toMatchObject({
      sessions: 1,
      tokens: 20,
      streak: 1,
      minutes: 4,
      listeningMinutes: 2,
    });
  });

  it('is decided by the catalogue row, whatever the app sends, and written once under a replayed key', async () => {
    const ben = await createMember(t);
    const key = randomUUID();
    const body = { listening: false, counted: true, kind: 'catalogue', startedAt: nowIso(130_000) };
    const first = await listen(ben, body, key);
    const replay = await listen(ben, body, key);
    expect(first.status).toBe(201);
    expect(await replay.json()).toEqual(await first.json());
    expect(await agreed(ben)).toMatchObject({ sessions: 0, tokens: 0, listeningMinutes: 2 });
    // Listening again the same day is more listening, and still no slot of the day is used.
    expect((await listen(ben)).status).toBe(201);
    expect(await agreed(ben)).toMatchObject({ sessions: 0, listeningMinutes: 4 });
  });
});

describe('a recording in the tuning room', () => {
  const analysis = (recordedAt: string) => ({
    recordedAt,
    durationSec: 90,
    score: 72,
    clarity: 0.7,
    stability: 0.6,
    resonance: 0.5,
    projection: 0.4,
    pitchMedianHz: 180,
    pitchRangeSemitones: 7,
  });

  it('is practice when the member keeps no voice scores: its minutes, "First Sound" and the calendar’s recording', async () => {
    const cy = await createMember(t);
    const at = nowIso(60_000);
    // The numbers are refused: the member keeps them on the device.
    expect((await post(cy, '/voice-analyses', analysis(at))).status).toBe(409);
    const res = await record(cy, at, 90);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { recorded: boolean; minutes: number; newBadges: { name: string }[] };
    expect(body).toMatchObject({ recorded: true, practisedSec: 90, minutes: 2 });
    expect(body.newBadges.map((b) => b.name)).toContain('First Sound');
    // Minutes only, as a match-the-note take: no session, tokens or streak day.
    expect(await agreed(cy)).toMatchObject({ sessions: 0, tokens: 0, streak: 0, minutes: 2, recordings: 1 });
    const month = await get<{ days: { date: string; recordings: number; qualityScore: number | null }[] }>(
      cy,
      `/users/${cy.id}/calendar`,
    );
    const day = month.days.find((d) => d.recordings > 0);
    expect(day).toMatchObject({ recordings: 1, qualityScore: null });
    const journey = await get<Journey>(cy, `/users/${cy.id}/journey-progress`);
    expect(journey.journeyStats.recentActivity.map((a) => a.title)).toEqual([
      'earned First Sound',
      'recorded in the tuning room',
    ]);
  });

  it('is practice once, with its score on the calendar, when the member keeps voice scores', async () => {
    const dee = await createMember(t);
    const choice = await call(dee, '/voice-history-choice', {
      method: 'PUT',
      body: JSON.stringify({ keep: true }),
    });
    expect(choice.status).toBe(200);
    const at = nowIso(30_000);
    // The kept numbers carry the fact too; the tuning room's own write of it then adds nothing.
    const kept = await post(dee, '/voice-analyses', analysis(at));
    expect(kept.status).toBe(201);
    expect(((await kept.json()) as { newBadges: { name: string }[] }).newBadges.map((b) => b.name)).toContain(
      'First Sound',
    );
    const fact = await record(dee, at, 90);
    expect(fact.status).toBe(200);
    expect(await fact.json()).toMatchObject({ recorded: false, newBadges: [] });
    expect(await agreed(dee)).toMatchObject({ minutes: 2, recordings: 1 });
    const month = await get<{ days: { recordings: number; qualityScore: number | null }[] }>(
      dee,
      `/users/${dee.id}/calendar`,
    );
    expect(month.days.find((d) => d.recordings > 0)).toMatchObject({ recordings: 1, qualityScore: 72 });
    const journey = await get<Journey>(dee, `/users/${dee.id}/journey-progress`);
    expect(journey.journeyStats.recentActivity.map((a) => a.title)).toContain(
      'recorded in the tuning room: 72/100',
    );
  });

  it('is written once: a replayed key answers the same, the same instant again records nothing', async () => {
    const eve = await createMember(t);
    const at = nowIso(10_000);
    const key = randomUUID();
    const first = await record(eve, at, 30, key);
    const replay = await record(eve, at, 30, key);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(await first.json());
    const again = await record(eve, at, 30);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ recorded: false, newBadges: [] });
    expect(await agreed(eve)).toMatchObject({ recordings: 1, minutes: 1 });
  });

  it('counts one of 40 recordings sent a moment apart, answering the others 409, and the next one after it', async () => {
    const gus = await createMember(t);
    const base = t.deps.now() - 600_000;
    // 40 "recordings" of 60 s each, 1 ms apart: 40 minutes practised in an instant.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => record(gus, new Date(base + i).toISOString(), 60)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array<number>(39).fill(409)]);
    expect(await answers.find((r) => r.status === 409)!.json()).toMatchObject({
      error: 'recording_overlaps',
    });
    expect(await agreed(gus)).toMatchObject({ recordings: 1, minutes: 1 });
    // One made after it ended is counted.
    expect((await record(gus, new Date(base + 61_000).toISOString(), 60)).status).toBe(201);
    expect(await agreed(gus)).toMatchObject({ recordings: 2, minutes: 2 });
  });

  it('refuses a recording in the future, older than 72 hours or without a length, naming the field', async () => {
    const fay = await createMember(t);
    const future = await record(fay, nowIso(-HOUR), 30);
    expect(future.status).toBe(400);
    expect((await future.json()).fields).toHaveProperty('recordedAt');
    const old = await record(fay, nowIso(73 * HOUR), 30);
    expect(old.status).toBe(400);
    const none = await post(fay, '/practice/recordings', { recordedAt: nowIso() });
    expect(none.status).toBe(400);
    expect((await none.json()).fields).toHaveProperty('durationSec');
    expect(await agreed(fay)).toMatchObject({ recordings: 0, minutes: 0 });
  });
});

/** Puts a member at level 3 (250 tone tokens) with sessions far in the past, on days apart. */
async function atLevel3(who: TestMember) {
  for (let i = 0; i < 7; i++) {
    const at = t.deps.now() - (40 + 2 * i) * DAY;
    await t.deps.sql.run(
      `INSERT INTO practice_ledger (user_id, kind, item_id, title, categories, practised_at, local_date,
        planned_sec, practised_sec, counted, earned, source_id)
       VALUES (?, 'template', 0, 'Earlier practice', '["find"]', ?, ?, 600, 600, 1, 40, NULL)`,
      [who.id, new Date(at).toISOString(), new Date(at).toISOString().slice(0, 10)],
    );
  }
}

interface Answer {
  totalTokens: number;
  tokensAwarded: number;
  streakRewards: { days: number; bonus: number; runStart: string; localDate: string }[];
}
const answerOf = async (res: Response) => {
  expect(res.status).toBe(201);
  return (await res.json()) as Answer;
};

describe('streak rewards', () => {
  it('pay +10 when a streak reaches 3 days, once per run, on every route’s tokens', async () => {
    const gus = await createMember(t);
    await atLevel3(gus);
    expect((await answerOf(await complete(gus, GUIDED))).streakRewards).toEqual([]);
    t.advance(DAY);
    expect((await answerOf(await saveTemplate(gus))).streakRewards).toEqual([]);
    t.advance(DAY);
    const key = randomUUID();
    const third = await answerOf(await complete(gus, GUIDED, {}, key));
    expect(third.streakRewards).toEqual([expect.objectContaining({ days: 3, bonus: 10 })]);
    expect(third.totalTokens).toBe(280 + 20 + 20 + 20 + 10);
    // A replay answers the same; another session the same day reaches nothing new.
    expect(await (await complete(gus, GUIDED, {}, key)).json()).toEqual(third);
    expect((await answerOf(await complete(gus, 9))).streakRewards).toEqual([]);
    const numbers = await agreed(gus);
    expect(numbers).toMatchObject({ streak: 3, tokens: 280 + 80 + 10 });
    const journey = await get<Journey>(gus, `/users/${gus.id}/journey-progress`);
    expect(journey.journeyStats.recentActivity.map((a) => a.title)).toContain(
      '3-day streak reward: +10 tone tokens',
    );

    const screen = await get<{
      currentStreak: number;
      milestones: { days: number; bonus: number; reachedThisRun: boolean }[];
      earned: { days: number; localDate: string }[];
      next: { days: number; daysToGo: number } | null;
    }>(gus, '/streak-rewards');
    expect(screen.currentStreak).toBe(3);
    expect(screen.milestones.map((m) => [m.days, m.bonus])).toEqual([
      [3, 10],
      [7, 25],
      [14, 50],
      [30, 100],
      [60, 150],
      [100, 250],
    ]);
    expect(screen.milestones.filter((m) => m.reachedThisRun).map((m) => m.days)).toEqual([3]);
    expect(screen.earned).toEqual([
      expect.objectContaining({ days: 3, localDate: third.streakRewards[0]?.localDate }),
    ]);
    expect(screen.next).toEqual({ days: 7, bonus: 25, daysToGo: 4 });
  });

  it('are not paid below level 3, nor later for a milestone passed before it', async () => {
    const hal = await createMember(t);
    for (let d = 0; d < 3; d++) {
      expect((await answerOf(await complete(hal, GUIDED))).streakRewards).toEqual([]);
      t.advance(DAY);
    }
    const locked = await call(hal, '/streak-rewards');
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ error: 'feature_locked' });
    // Level 3 reached on day 4: the 3-day milestone is not paid after the fact.
    await atLevel3(hal);
    expect((await answerOf(await complete(hal, GUIDED))).streakRewards).toEqual([]);
    expect(await agreed(hal)).toMatchObject({ streak: 4, tokens: 280 + 4 * 20 });
  });

  it('pay a run joined by a day sent late from the outbox once, with the run’s first day', async () => {
    const ivy = await createMember(t);
    await atLevel3(ivy);
    const start = await answerOf(await complete(ivy, GUIDED));
    t.advance(2 * DAY);
    expect((await answerOf(await complete(ivy, GUIDED))).streakRewards).toEqual([]);
    // Yesterday's session, queued offline, arrives today: three days in a row.
    const late = await answerOf(await saveTemplate(ivy, { occurredAt: nowIso(DAY) }));
    expect(late.streakRewards).toEqual([expect.objectContaining({ days: 3, bonus: 10 })]);
    expect(start.totalTokens).toBe(300);
    expect(await agreed(ivy)).toMatchObject({ streak: 3, tokens: 280 + 60 + 10 });
  });

  it('are paid once when two server processes reach the same milestone at the same moment', async () => {
    const jo = await createMember(t);
    await atLevel3(jo);
    await answerOf(await complete(jo, GUIDED));
    t.advance(DAY);
    await answerOf(await complete(jo, GUIDED));
    t.advance(DAY);
    const app2 = createApp({ ...t.deps, sql: t.anotherSql() });
    const token = await mintToken(t, jo);
    const send = (sessionId: number, i: number) => {
      const init = {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ sessionId, timeZone: 'Europe/London' }),
      };
      const url = new URL('/api/session-completions', TEST_ORIGIN);
      return i % 2 ? Promise.resolve(app2.fetch(new Request(url, init))) : t.fetch(url.pathname, init);
    };
    const answers = await Promise.all([send(GUIDED, 0), send(9, 1), send(GUIDED, 2), send(9, 3)]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Answer[];
    expect(bodies.flatMap((b) => b.streakRewards)).toHaveLength(1);
    expect(await agreed(jo)).toMatchObject({ streak: 3, tokens: 280 + 80 + 10 });
    const rows = await t.deps.sql.all('SELECT * FROM streak_rewards WHERE user_id = ?', [jo.id]);
    expect(rows).toHaveLength(1);
  });

  it('are in the member’s export and go with the account', async () => {
    const kit = await createMember(t);
    await atLevel3(kit);
    for (let d = 0; d < 3; d++) {
      await answerOf(await complete(kit, GUIDED));
      if (d < 2) t.advance(DAY);
    }
    const data = (await get<{ tables: Record<string, Record<string, unknown>[]> }>(kit, '/account/export'))
      .tables;
    expect(data.streak_rewards).toEqual([expect.objectContaining({ milestone: 3, bonus: 10 })]);
    expect(data.practice_ledger?.filter((r) => r.kind === 'reward')).toEqual([
      expect.objectContaining({ earned: 10, counted: 0, practised_sec: 0 }),
    ]);
    await t.deps.sql.run('DELETE FROM users WHERE id = ?', [kit.id]);
    const left = await t.deps.sql.get<{ n: number }>(
      `SELECT (SELECT count(*) FROM streak_rewards WHERE user_id = ?)
        + (SELECT count(*) FROM practice_ledger WHERE user_id = ?) AS n`,
      [kit.id, kit.id],
    );
    expect(Number(left?.n)).toBe(0);
  });
});
