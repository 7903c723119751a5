import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import { seedSessionTemplates } from '../../seed/templates';
import { addDays } from '../../../src/domain/challenges';
import { localDateOf } from '../../../src/domain/streaks';
import { deleteMember } from '../accounts/delete-account';
import { exportMember } from '../accounts/export';
import { callAs, pastPractice } from './test-support';

/** Template 1 of the seed: "Morning Voice Wake-Up", 405 s, focus find. */
const MORNING = 1;
const MORNING_SEC = 405;
const HOUR = 3_600_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSessionTemplates(t.deps.sql);
});
afterAll(() => t.close());

const today = (zone = 'UTC') => localDateOf(t.deps.now(), zone);

interface View {
  id: number;
  name: string;
  measure: string;
  target: number;
  focus: string | null;
  startDate: string;
  endDate: string;
  circle: { id: number; name: string } | null;
  creatorName: string | null;
  canDelete: boolean;
  joined: boolean;
  joiners: number;
  state: string;
  daysLeft: number;
  progress: { value: number; metOn: string | null } | null;
}
interface List {
  today: string;
  limit: number;
  openCount: number;
  metCount: number;
  challenges: View[];
}

/** A member at `level`'s tone tokens, earned by practice 40 days ago (before any challenge). */
async function memberAt(tokens: number, name = 'Mia'): Promise<TestMember> {
  const m = await createMember(t);
  await t.deps.sql.run('UPDATE users SET first_name = ? WHERE id = ?', [name, m.id]);
  if (tokens > 0) await pastPractice(t, m.id, addDays(today(), -40), { earned: tokens });
  return m;
}
const LEVEL_8 = 2500;

const rule = (o: Record<string, unknown> = {}) => ({
  measure: 'days',
  target: 3,
  startDate: today(),
  endDate: addDays(today(), 6),
  ...o,
});
const create = (who: TestMember, body: Record<string, unknown>, key?: string) =>
  callAs(t, who, '/challenges', { body, ...(key ? { key } : {}) });
async function created(who: TestMember, body: Record<string, unknown>): Promise<View> {
  const res = await create(who, body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await res.json()) as View;
}
async function list(who: TestMember): Promise<List> {
  const res = await callAs(t, who, '/challenges');
  expect(res.status).toBe(200);
  return (await res.json()) as List;
}
const mine = async (who: TestMember, id: number) => (await list(who)).challenges.find((c) => c.id === id);
const save = (who: TestMember, duration: number, timeZone = 'UTC', extra: Record<string, unknown> = {}) =>
  callAs(t, who, '/sessions', {
    body: {
      templateId: MORNING,
      duration,
      audioData: { maxLevel: 0.3, completed: true },
      timeZone,
      ...extra,
    },
  });
const count = async (table: string) =>
  Number((await t.deps.sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n);

describe('setting a custom challenge', () => {
  it('needs a signed-in member, and level 8: below it a 403 feature_locked says so in words', async () => {
    expect((await callAs(t, null, '/challenges')).status).toBe(401);
    const low = await memberAt(2499);
    const before = await count('challenges');
    const res = await create(low, rule());
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: 'feature_locked',
      message: 'Custom challenges opens at level 8; you are at level 7 (1 tone tokens to go).',
    });
    expect(await count('challenges')).toBe(before);
    // Reading is open to everyone: a member below level 8 still sees circle challenges they joined.
    expect((await list(low)).challenges).toEqual([]);
  });

  it('refuses a bad challenge with a 400 naming the field, and writes nothing', async () => {
    const mia = await memberAt(LEVEL_8);
    const before = await count('challenges');
    const cases: [Record<string, unknown>, string][] = [
      [rule({ measure: 'hours' }), 'measure'],
      [rule({ target: 2.5 }), 'target'],
      [rule({ target: 'three' }), 'target'],
      [rule({ target: 8 }), 'target'], // 8 days in a 7-day challenge
      [rule({ measure: 'minutes', target: 2 }), 'target'],
      [rule({ measure: 'sessions', target: 501 }), 'target'],
      [rule({ focus: 'singing' }), 'focus'],
      [rule({ startDate: addDays(today(), -1) }), 'startDate'],
      [rule({ startDate: addDays(today(), 31), endDate: addDays(today(), 40) }), 'startDate'],
      [rule({ startDate: '2026-02-30' }), 'startDate'],
      [rule({ endDate: addDays(today(), -1) }), 'endDate'],
      [rule({ endDate: addDays(today(), 90) }), 'endDate'], // 91 days
      [rule({ name: 'x'.repeat(61) }), 'name'],
      [rule({ name: 'tab\tinside' }), 'name'],
      [rule({ circleId: 'abc' }), 'circleId'],
      [rule({ circleId: 999_999 }), 'circleId'],
      [rule({ timeZone: 'Mars/Olympus' }), 'timeZone'],
      [rule({ userId: mia.id }), 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await create(mia, body);
      const json = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(
        field === 'circleId' && body.circleId === 999_999 ? 404 : 400,
      );
      if (field !== 'body') expect(json.fields?.[field], JSON.stringify(body)).toBeTruthy();
      expect(json.message).toMatch(/\S/);
    }
    expect(await count('challenges')).toBe(before);
    // The longest allowed: 90 days from today.
    await created(mia, rule({ endDate: addDays(today(), 89), target: 90 }));
  });

  it("counts only the member's own practice between its days: sessions and days need half the plan, minutes count every second", async () => {
    const mia = await memberAt(LEVEL_8);
    const ben = await memberAt(0, 'Ben');
    const days = await created(mia, rule({ name: '  Morning habit ', measure: 'days', target: 3 }));
    expect(days).toMatchObject({
      name: 'Morning habit',
      joined: true,
      joiners: 1,
      state: 'open',
      daysLeft: 7,
      progress: { value: 0, metOn: null },
      creatorName: 'Mia',
      canDelete: true,
      circle: null,
    });
    const sessions = await created(mia, rule({ measure: 'sessions', target: 5 }));
    const minutes = await created(mia, rule({ measure: 'minutes', target: 30 }));
    const fun = await created(mia, rule({ measure: 'sessions', target: 2, focus: 'fun' }));

    expect((await save(mia, MORNING_SEC)).status).toBe(201); // a whole session: 6:45
    expect((await save(mia, 20)).status).toBe(201); // partial practice: 20 s of 6:45
    expect((await save(ben, MORNING_SEC)).status).toBe(201); // someone else's
    const now = await list(mia);
    const of = (id: number) => now.challenges.find((c) => c.id === id)?.progress?.value;
    expect(of(days.id)).toBe(1); // the partial save adds no day
    expect(of(sessions.id)).toBe(1); // nor a session
    expect(of(minutes.id)).toBe(7); // but its seconds: 425 s is 7 minutes
    expect(of(fun.id)).toBe(0); // the morning wake-up is a find session
    // The 40-day-old practice that gave the level is before the start: it counts nowhere.
    expect(now).toMatchObject({ today: today(), limit: 5, openCount: 4, metCount: 0 });
  });

  it('is met on the day the target is reached: marked done with the day, counted, and a badge once', async () => {
    const mia = await memberAt(LEVEL_8);
    const one = await created(mia, rule({ target: 1 }));
    expect((await save(mia, MORNING_SEC)).status).toBe(201);
    const after = await list(mia);
    expect(after.challenges.find((c) => c.id === one.id)).toMatchObject({
      state: 'met',
      progress: { value: 1, metOn: today() },
    });
    expect(after).toMatchObject({ metCount: 1, openCount: 0 });
    const badges = (await (await callAs(t, mia, `/users/${mia.id}/achievements`)).json()) as {
      badgeId: string;
    }[];
    expect(badges.filter((b) => b.badgeId === 'challenge-met')).toHaveLength(1);
    // A met challenge takes no place among the open ones: five more can be set.
    for (let i = 0; i < 5; i++) await created(mia, rule());
  });

  it('allows five open challenges at once: a sixth is refused in words, and leaving one frees a place', async () => {
    const mia = await memberAt(LEVEL_8);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await created(mia, rule({ measure: 'minutes', target: 60 }))).id);
    const sixth = await create(mia, rule());
    expect(sixth.status).toBe(409);
    expect(await sixth.json()).toMatchObject({
      error: 'too_many_challenges',
      message: expect.stringMatching(/^You have 5 open challenges, the most at once\./),
    });
    const left = await callAs(t, mia, `/challenges/${ids[0]}/leave`, { method: 'POST' });
    expect(left.status).toBe(204);
    // Leaving a challenge of one's own deletes it: nobody else is in it.
    expect((await callAs(t, mia, `/challenges/${ids[0]}`)).status).toBe(404);
    await created(mia, rule());
  });

  it('holds the limit when eight challenges are set at the same moment: five are created', async () => {
    const mia = await memberAt(LEVEL_8);
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(mia, rule())));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    expect((await list(mia)).openCount).toBe(5);
  });

  it('creates one challenge for one Idempotency-Key, however often the outbox sends it', async () => {
    const mia = await memberAt(LEVEL_8);
    const key = randomUUID();
    const body = rule({ name: 'Sent twice', occurredAt: new Date(t.deps.now() - HOUR).toISOString() });
    const first = await create(mia, body, key);
    const again = await create(mia, body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await again.json()).id).toBe((await first.json()).id);
    expect((await list(mia)).challenges.filter((c) => c.name === 'Sent twice')).toHaveLength(1);
  });

  it("keeps another member's challenge private: 404 to read, join, leave or delete it", async () => {
    const mia = await memberAt(LEVEL_8);
    const ben = await memberAt(LEVEL_8, 'Ben');
    const own = await created(mia, rule());
    expect((await callAs(t, ben, `/challenges/${own.id}`)).status).toBe(404);
    expect((await callAs(t, ben, `/challenges/${own.id}/join`, { method: 'POST' })).status).toBe(404);
    expect((await callAs(t, ben, `/challenges/${own.id}/leave`, { method: 'POST' })).status).toBe(404);
    expect((await callAs(t, ben, `/challenges/${own.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await callAs(t, ben, '/challenges/0x2')).status).toBe(400);
    expect((await callAs(t, mia, `/challenges/${own.id}`)).status).toBe(200);
  });
});

describe('time zones', () => {
  it('counts each practice on the local day it was stored, after the member moves to another zone', async () => {
    const mia = await memberAt(LEVEL_8);
    // An hour where Auckland is already on the next calendar day from Los Angeles.
    while (localDateOf(t.deps.now(), 'Pacific/Auckland') === localDateOf(t.deps.now(), 'America/Los_Angeles'))
      t.advance(HOUR);
    const auckland = today('Pacific/Auckland');
    expect((await save(mia, MORNING_SEC, 'Pacific/Auckland')).status).toBe(201); // adopts Auckland
    const challenge = await created(
      mia,
      rule({ startDate: auckland, endDate: addDays(auckland, 6), timeZone: 'Pacific/Auckland' }),
    );
    expect(challenge.progress).toEqual({ value: 1, metOn: null });

    // The member flies to Los Angeles: the new zone takes effect on their next local day.
    expect((await save(mia, 30, 'America/Los_Angeles')).status).toBe(201);
    t.advance(48 * HOUR);
    const la = today('America/Los_Angeles');
    expect(la).toBe(addDays(auckland, 1));
    expect((await save(mia, MORNING_SEC, 'America/Los_Angeles')).status).toBe(201);
    const after = await mine(mia, challenge.id);
    // The Auckland session stays on its Auckland day, although in Los Angeles that instant was
    // the day before the start; the Los Angeles session is the second day.
    expect(after?.progress?.value).toBe(2);
    expect((await list(mia)).today).toBe(la);
    expect(after?.daysLeft).toBe(6);
  });
});

describe('circle challenges', () => {
  async function circleOf(owner: TestMember, isPrivate = false): Promise<number> {
    const res = await callAs(t, owner, '/voice-circles', { body: { name: 'Evening hum', isPrivate } });
    expect(res.status).toBe(201);
    return Number((await res.json()).id);
  }
  const join = (who: TestMember, path: string) => callAs(t, who, path, { method: 'POST', body: {} });

  it("is seen and joined by the circle's members, each with their own progress; others are refused", async () => {
    const owner = await memberAt(0, 'Olu');
    const mia = await memberAt(LEVEL_8);
    const ben = await memberAt(0, 'Ben');
    const outsider = await memberAt(LEVEL_8, 'Ola');
    const circle = await circleOf(owner);
    expect((await join(mia, `/voice-circles/${circle}/join`)).status).toBe(201);
    expect((await join(ben, `/voice-circles/${circle}/join`)).status).toBe(201);

    // Setting one for a circle one is not in: 403 naming the field.
    const notIn = await create(outsider, rule({ circleId: circle }));
    expect(notIn.status).toBe(403);
    expect((await notIn.json()).fields).toHaveProperty('circleId');

    const shared = await created(
      mia,
      rule({ circleId: circle, measure: 'sessions', target: 2, name: 'Two this week' }),
    );
    expect(shared).toMatchObject({ circle: { id: circle, name: 'Evening hum' }, joined: true, joiners: 1 });

    // Ben (level 1) sees it on the circle, joins it, and practises; Mia's progress stays hers.
    const seen = (await (await callAs(t, ben, `/challenges/circles/${circle}`)).json()) as View[];
    expect(seen).toEqual([
      expect.objectContaining({
        id: shared.id,
        joined: false,
        progress: null,
        creatorName: 'Mia',
        canDelete: false,
      }),
    ]);
    const joined = await callAs(t, ben, `/challenges/${shared.id}/join`, { method: 'POST' });
    expect(joined.status).toBe(201);
    expect(await joined.json()).toMatchObject({ joined: true, joiners: 2, progress: { value: 0 } });
    expect((await callAs(t, ben, `/challenges/${shared.id}/join`, { method: 'POST' })).status).toBe(200);
    await save(ben, MORNING_SEC);
    await save(ben, MORNING_SEC);
    expect((await mine(ben, shared.id))?.progress).toEqual({ value: 2, metOn: today() });
    expect((await mine(mia, shared.id))?.progress).toEqual({ value: 0, metOn: null });

    // Not a member: a public circle says why, a private one does not exist for them.
    const refused = await callAs(t, outsider, `/challenges/circles/${circle}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'not_a_member' });
    expect((await callAs(t, outsider, `/challenges/${shared.id}`)).status).toBe(404);
    expect((await callAs(t, outsider, `/challenges/${shared.id}/join`, { method: 'POST' })).status).toBe(404);
    const hidden = await circleOf(owner, true);
    expect((await callAs(t, outsider, `/challenges/circles/${hidden}`)).status).toBe(404);
    expect((await create(outsider, rule({ circleId: hidden }))).status).toBe(404);
  });

  it("is deleted only by its creator or the circle's owner; a joiner may leave it; leaving the circle hides it", async () => {
    const owner = await memberAt(0, 'Olu');
    const mia = await memberAt(LEVEL_8);
    const ben = await memberAt(0, 'Ben');
    const circle = await circleOf(owner);
    for (const m of [mia, ben]) await join(m, `/voice-circles/${circle}/join`);
    const first = await created(mia, rule({ circleId: circle }));
    const second = await created(mia, rule({ circleId: circle }));
    await callAs(t, ben, `/challenges/${first.id}/join`, { method: 'POST' });

    const refused = await callAs(t, ben, `/challenges/${first.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'not_yours' });
    expect((await callAs(t, ben, `/challenges/${first.id}/leave`, { method: 'POST' })).status).toBe(204);
    expect(await mine(ben, first.id)).toBeUndefined();
    expect((await mine(mia, first.id))?.joiners).toBe(1); // still there for the circle

    const circleView = (await (await callAs(t, owner, `/challenges/circles/${circle}`)).json()) as View[];
    expect(circleView.every((c) => c.canDelete)).toBe(true);
    expect((await callAs(t, owner, `/challenges/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await callAs(t, mia, `/challenges/${second.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await callAs(t, mia, `/challenges/${first.id}`)).status).toBe(404);

    // A member who leaves the circle no longer reads its challenges.
    const third = await created(mia, rule({ circleId: circle }));
    await callAs(t, ben, `/challenges/${third.id}/join`, { method: 'POST' });
    expect((await callAs(t, ben, `/voice-circles/${circle}/leave`, { method: 'POST' })).status).toBe(200);
    expect(await mine(ben, third.id)).toBeUndefined();
    expect((await callAs(t, ben, `/challenges/${third.id}`)).status).toBe(404);
  });

  it('refuses to join a challenge that has ended', async () => {
    const owner = await memberAt(LEVEL_8, 'Olu');
    const ben = await memberAt(0, 'Ben');
    const circle = await circleOf(owner);
    await join(ben, `/voice-circles/${circle}/join`);
    const soon = await created(owner, rule({ circleId: circle, endDate: today(), target: 1 }));
    t.advance(48 * HOUR);
    const late = await callAs(t, ben, `/challenges/${soon.id}/join`, { method: 'POST' });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: 'challenge_ended' });
    expect((await mine(owner, soon.id))?.state).toBe('ended');
  });

  it("keeps a circle challenge for those who joined it when its creator deletes their account, without the name; the creator's own go", async () => {
    const owner = await memberAt(0, 'Olu');
    const mia = await memberAt(LEVEL_8);
    const ben = await memberAt(0, 'Ben');
    const circle = await circleOf(owner);
    for (const m of [mia, ben]) await join(m, `/voice-circles/${circle}/join`);
    const shared = await created(mia, rule({ circleId: circle }));
    const untaken = await created(mia, rule({ circleId: circle }));
    const own = await created(mia, rule());
    await callAs(t, ben, `/challenges/${shared.id}/join`, { method: 'POST' });

    const exported = await exportMember(t.deps.sql, mia.id, new Date(t.deps.now()).toISOString());
    expect(exported?.tables.challenges?.map((r) => r.id).sort()).toEqual(
      [shared.id, untaken.id, own.id].sort(),
    );
    expect(exported?.tables.challenge_members).toHaveLength(3);

    await deleteMember(t.deps.sql, mia.id);
    expect(await mine(ben, shared.id)).toMatchObject({ creatorName: null, joiners: 1, canDelete: false });
    const ids = (
      await t.deps.sql.all<{ id: number }>('SELECT id FROM challenges WHERE id IN (?, ?, ?)', [
        shared.id,
        untaken.id,
        own.id,
      ])
    ).map((r) => Number(r.id));
    expect(ids).toEqual([shared.id]);
    // The circle's owner may still delete it.
    expect((await callAs(t, owner, `/challenges/${shared.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});
