import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import { addDays } from '../../../src/domain/challenges';
import { localDateOf } from '../../../src/domain/streaks';
import { callAs, pastPractice } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => localDateOf(t.deps.now(), 'UTC');

interface Master {
  since: string | null;
  challenges: {
    id: string;
    title: string;
    target: number;
    value: number;
    metOn: string | null;
    badgeId: string;
    focuses?: Record<string, number>;
  }[];
}

async function master(who: TestMember): Promise<Master> {
  const res = await callAs(t, who, '/challenges/master');
  expect(res.status).toBe(200);
  return (await res.json()) as Master;
}
const one = (m: Master, id: string) => m.challenges.find((c) => c.id === id);

/** An assessment kept on `day` (noon UTC): the monthly master challenge reads these. */
async function assessment(userId: string, day: string): Promise<void> {
  await t.deps.sql.run(
    `INSERT INTO voice_assessments (user_id, recorded_at, avqi, cpps, hnr, shimmer_percent, shimmer_db,
       ltas_slope, ltas_tilt, mpt_seconds, engine_version, created_at)
     VALUES (?, ?, 2, 14, 20, 3, 0.3, -20, -10, NULL, 'test', ?)`,
    [userId, `${day}T12:00:00.000Z`, `${day}T12:00:00.000Z`],
  );
}

/** The 10th of the month `k` months after `day`'s. */
function monthAfter(day: string, k: number): string {
  const d = new Date(`${day.slice(0, 7)}-10T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + k);
  return d.toISOString().slice(0, 10);
}

describe('master challenges', () => {
  it('are refused below level 10 with a 403 feature_locked in words', async () => {
    const low = await createMember(t);
    await pastPractice(t, low.id, addDays(today(), -5), { earned: 4749 });
    const res = await callAs(t, low, '/challenges/master');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: 'feature_locked',
      message: 'Master challenges opens at level 10; you are at level 9 (1 tone tokens to go).',
    });
  });

  it('count from the day level 10 was reached: a long streak before it does not count, thirty days after it meet the streak, with its badge', async () => {
    const mia = await createMember(t);
    const reached = addDays(today(), -35);
    // Forty days in a row before level 10, then level 10 reached on `reached`.
    for (let i = 40; i >= 1; i--) await pastPractice(t, mia.id, addDays(reached, -i), { earned: 40 });
    await pastPractice(t, mia.id, reached, { earned: 4750 });
    let m = await master(mia);
    expect(m.since).toBe(reached);
    expect(one(m, 'streak-30')).toMatchObject({ value: 1, metOn: null });
    expect(m.challenges.map((c) => c.id)).toEqual([
      'streak-30',
      'hundred-in-hundred',
      'thousand-minutes',
      'every-focus-10',
      'monthly-assessments',
    ]);

    // 29 more days in a row: thirty from the level-10 day.
    for (let i = 1; i <= 29; i++) await pastPractice(t, mia.id, addDays(reached, i));
    m = await master(mia);
    expect(one(m, 'streak-30')).toMatchObject({ value: 30, metOn: addDays(reached, 29) });
    expect(one(m, 'hundred-in-hundred')).toMatchObject({ value: 30, metOn: null });
    // 30 sessions of 10 minutes since level 10 (the older practice is before it).
    expect(one(m, 'thousand-minutes')).toMatchObject({ value: 300, metOn: null });
    expect(one(m, 'every-focus-10')).toMatchObject({
      value: 10,
      metOn: null,
      focuses: { find: 30, free: 0, 'fine-tune': 0, fun: 0 },
    });
    const badges = (await (await callAs(t, mia, `/users/${mia.id}/achievements`)).json()) as {
      badgeId: string;
    }[];
    expect(badges.map((b) => b.badgeId)).toContain('master-streak-30');
    expect(badges.map((b) => b.badgeId)).not.toContain('master-thousand-minutes');
  });

  it('meet every focus, a thousand minutes (partial practice included) and three months of assessments', async () => {
    const ana = await createMember(t);
    const reached = addDays(today(), -100);
    await pastPractice(t, ana.id, reached, { earned: 4750, practisedSec: 0 });
    // Ten sessions of each focus, one a day, 24 minutes each.
    const focuses = ['find', 'free', 'fine-tune', 'fun'];
    for (let i = 0; i < 40; i++)
      await pastPractice(t, ana.id, addDays(reached, i + 1), {
        categories: [focuses[i % 4] as string],
        practisedSec: 1440,
      });
    // Partial practice: minutes only, no session, no focus count.
    await pastPractice(t, ana.id, addDays(reached, 41), {
      counted: false,
      practisedSec: 2700,
      categories: ['fun'],
    });
    // Assessments in three calendar months in a row, counted from level 10's day.
    const months = [1, 2, 3].map((k) => monthAfter(reached, k));
    await assessment(ana.id, addDays(reached, -1)); // before level 10: not counted
    for (const d of months) await assessment(ana.id, d);

    const m = await master(ana);
    expect(one(m, 'every-focus-10')).toMatchObject({ value: 40, metOn: addDays(reached, 40) });
    // 40 × 24 min = 960, and 45 min of partial practice reach the thousand: 1,005 minutes.
    expect(one(m, 'thousand-minutes')).toMatchObject({ value: 1005, metOn: addDays(reached, 41) });
    expect(one(m, 'monthly-assessments')).toMatchObject({ value: 3, metOn: months[2] });
    // The session that reached level 10 counts too: it was on that day.
    expect(one(m, 'hundred-in-hundred')).toMatchObject({ value: 41, metOn: null });
    const badges = (await (await callAs(t, ana, `/users/${ana.id}/achievements`)).json()) as {
      badgeId: string;
    }[];
    expect(badges.map((b) => b.badgeId)).toEqual(
      expect.arrayContaining(['master-every-focus', 'master-thousand-minutes', 'master-monthly-assessments']),
    );
  });
});
