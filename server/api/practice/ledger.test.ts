import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, insertSessions, type TestMember } from '../../rest/test-members';
import { seedSessionTemplates } from '../../seed/templates';
import { takeBody } from '../pitch-exercises/test-takes';
import { MORNING, practiceClient, type Journey } from './test-agreement';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSessionTemplates(t.deps.sql);
  await insertSessions(t, [
    { id: 1, title: 'Gentle voice awakening', skill_level: 'beginner', length_sec: 300, category: ['find'] },
    { id: 2, title: 'Silly sirens', skill_level: 'professional', length_sec: 240, category: ['fun'] },
    { id: 3, title: 'Breath and hum', skill_level: 'developing', length_sec: 180, category: ['free'] },
  ]);
});
afterAll(() => t.close());

const { get, post, saveTemplate, complete, agreed } = practiceClient(() => t);

describe('the practice ledger', () => {
  it('counts a template session on every screen: journey, profile, calendar and the completed list', async () => {
    const ana = await createMember(t);
    const saved = await saveTemplate(ana);
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({ counted: true, isFirstSession: true, tokensAwarded: 20 });

    const journey = await get<Journey>(ana, `/users/${ana.id}/journey-progress`);
    expect(journey.user.toneTokens).toBe(20);
    expect(journey.journeyStats.totalSessions).toBe(1);
    // "Complete a session and your journey starts here" is for members with no session.
    expect(journey.journeyStats.currentJourney).not.toBeNull();
    expect(await get(ana, `/users/${ana.id}/completed-sessions`)).toEqual([
      expect.objectContaining({ kind: 'template', sessionId: MORNING, title: 'Morning Voice Wake-Up' }),
    ]);
    expect(await agreed(ana)).toMatchObject({ sessions: 1, tokens: 20, streak: 1, days: 1, minutes: 7 });
  });

  it('does not celebrate a first session after a template session', async () => {
    const ben = await createMember(t);
    expect((await saveTemplate(ben)).status).toBe(201);
    const res = await complete(ben, 1);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ isFirstSession: false, tokensAwarded: 20, totalTokens: 40 });
  });

  it('keeps every route in agreement through completions, template saves, replays, a zone change and a removed session', async () => {
    const cy = await createMember(t);
    const expectSessions = async (n: number) => expect((await agreed(cy)).sessions).toBe(n);

    expect((await complete(cy, 1)).status).toBe(201);
    await expectSessions(1);
    expect((await saveTemplate(cy)).status).toBe(201);
    await expectSessions(2);
    // Partial practice: minutes, nothing else.
    const partial = await saveTemplate(cy, { templateId: 2, duration: 20 });
    expect(await partial.json()).toMatchObject({ counted: false, tokensAwarded: 0 });
    await expectSessions(2);

    // Queued offline yesterday evening, replayed twice (a lost answer): counted once, that day.
    t.advance(HOUR);
    const key = randomUUID();
    const occurredAt = new Date(t.deps.now() - 20 * HOUR).toISOString();
    const first = await complete(cy, 2, { occurredAt }, key);
    const replay = await complete(cy, 2, { occurredAt }, key);
    expect(first.status).toBe(201);
    expect(await replay.json()).toEqual(await first.json());
    const templateKey = randomUUID();
    const plan3 = await t.deps.sql.get<{ d: number }>(
      'SELECT duration_sec AS d FROM session_templates WHERE id = 3',
    );
    const templateReplay = { templateId: 3, duration: Number(plan3?.d), occurredAt };
    const [a, b] = [
      await saveTemplate(cy, templateReplay, templateKey),
      await saveTemplate(cy, templateReplay, templateKey),
    ];
    expect(a.status).toBe(201);
    expect(await b.json()).toEqual(await a.json());
    await expectSessions(4);

    // The member flies to Auckland: the new zone takes effect from their next day.
    expect((await complete(cy, 3, { timeZone: 'Pacific/Auckland' })).status).toBe(201);
    await expectSessions(5);
    t.advance(DAY);
    expect((await saveTemplate(cy, { timeZone: 'Pacific/Auckland' })).status).toBe(201);
    const before = await agreed(cy);
    expect(before.sessions).toBe(6);
    expect(before.tokens).toBeGreaterThan(0);

    // The operator removes a catalogue session: the member's practice of it stays theirs.
    await t.deps.sql.run('DELETE FROM sessions WHERE id = ?', [1]);
    expect(await agreed(cy)).toEqual(before);
    await insertSessions(t, [
      {
        id: 1,
        title: 'Gentle voice awakening',
        skill_level: 'beginner',
        length_sec: 300,
        category: ['find'],
      },
    ]);
  });
});

describe('rewards follow practice done', () => {
  it('keeps a 13 s save of a 405 s template as partial practice: minutes only, no tokens, no streak day', async () => {
    const dee = await createMember(t);
    const res = await saveTemplate(dee, { duration: 13 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      counted: false,
      isFirstSession: false,
      practisedSec: 13,
      plannedSec: 405,
      requiredSec: 203,
      tokensAwarded: 0,
      totalTokens: 0,
      newBadges: [],
    });
    expect(await agreed(dee)).toMatchObject({ sessions: 0, tokens: 0, streak: 0, days: 0 });
    expect(await get(dee, `/users/${dee.id}/completed-sessions`)).toEqual([]);

    // Half the plan is enough, and the day's tokens were not used up by the partial save.
    const half = await saveTemplate(dee, { duration: 203 });
    expect(await half.json()).toMatchObject({ counted: true, isFirstSession: true, tokensAwarded: 20 });
    expect(await agreed(dee)).toMatchObject({ sessions: 1, tokens: 20, streak: 1, minutes: 4 });
  });

  it('keeps a catalogue completion that arrives seconds after its start as partial practice', async () => {
    const eve = await createMember(t);
    const startedAt = new Date(t.deps.now() - 13_000).toISOString();
    const res = await complete(eve, 1, { startedAt, listenedSec: 290 });
    expect(res.status).toBe(201);
    // 290 s claimed, but only 13 s passed since the start: 13 s of a 300 s session.
    expect(await res.json()).toMatchObject({
      counted: false,
      isFirstSession: false,
      tokensAwarded: 0,
      practisedSec: 13,
      plannedSec: 300,
    });
    expect(await agreed(eve)).toMatchObject({ sessions: 0, tokens: 0, streak: 0 });

    // Listening to 100 of 300 s is partial too, whatever the start says.
    const short = await complete(eve, 1, { listenedSec: 100 });
    expect(await short.json()).toMatchObject({ counted: false, tokensAwarded: 0, practisedSec: 100 });
    // Half of it counts: the session, its tokens and the streak day.
    const long = new Date(t.deps.now() - 200_000).toISOString();
    const full = await complete(eve, 1, { startedAt: long, listenedSec: 150 });
    expect(await full.json()).toMatchObject({ counted: true, isFirstSession: true, tokensAwarded: 20 });
    expect(await agreed(eve)).toMatchObject({ sessions: 1, tokens: 20, streak: 1, minutes: 4 });
  });

  it('refuses a start after the completion with 400 naming the field, and writes nothing', async () => {
    const fay = await createMember(t);
    const startedAt = new Date(t.deps.now() + HOUR).toISOString();
    const res = await complete(fay, 1, { startedAt });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toHaveProperty('startedAt');
    expect(await agreed(fay)).toMatchObject({ sessions: 0, minutes: 0 });
  });
});

describe('pitch-matching takes on the ledger', () => {
  // Takes one after another, 10 s apart (the server refuses takes that overlap in time).
  let sung = 0;
  const sing = (who: TestMember, exerciseId: string, extra: Record<string, unknown> = {}) =>
    post(who, '/pitch-exercises/results', {
      ...takeBody(exerciseId, new Date(t.deps.now() - ++sung * 10_000).toISOString()),
      ...extra,
    });

  it('count their minutes on every route, and never a session, tokens, a streak day or a badge day', async () => {
    const gus = await createMember(t);
    // "Ode to Joy" lasts 7.25 s: 13 takes are 94 s, two minutes.
    for (let i = 0; i < 13; i++) expect((await sing(gus, 'fun-ode-to-joy')).status).toBe(201);
    expect(await agreed(gus)).toMatchObject({
      sessions: 0,
      tokens: 0,
      streak: 0,
      longest: 0,
      days: 0,
      minutes: 2,
    });
    expect(await get(gus, `/users/${gus.id}/completed-sessions`)).toEqual([]);
    const journey = await get<{ journeyStats: { recentActivity: { type: string; title: string }[] } }>(
      gus,
      `/users/${gus.id}/journey-progress`,
    );
    expect(journey.journeyStats.recentActivity[0]).toEqual(
      expect.objectContaining({ type: 'pitch', title: 'matched the note: Ode to Joy' }),
    );

    // A session the same day is still the member's first, with its tokens and streak day.
    const saved = await saveTemplate(gus);
    expect(await saved.json()).toMatchObject({ counted: true, isFirstSession: true, tokensAwarded: 20 });
    expect(await agreed(gus)).toMatchObject({ sessions: 1, tokens: 20, streak: 1, days: 1, minutes: 8 });
  });

  it('do not count a take sung as a template step twice: the session’s save counts that time', async () => {
    const hal = await createMember(t);
    for (let i = 0; i < 13; i++)
      expect((await sing(hal, 'fun-ode-to-joy', { templateId: MORNING })).status).toBe(201);
    expect(await agreed(hal)).toMatchObject({ sessions: 0, minutes: 0 });
    const list = await get<unknown[]>(hal, '/pitch-exercises/results');
    expect(list).toHaveLength(13);
  });
});
