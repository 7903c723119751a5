import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, mintToken, type TestMember } from '../../rest/test-members';
import { seedSessionTemplates } from '../../seed/templates';
import { awardBadges } from '../achievements/award';
import { readMetric } from './metrics';
import type { SqlExecutor } from '../../db/sql';

let t: TestApp;
let ana: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  await seedSessionTemplates(t.deps.sql);
  ana = await createMember(t);
});
afterAll(() => t.close());

const insertMood = (tx: SqlExecutor, userId: string, day: string) =>
  tx.run(
    `INSERT INTO mood_entries (user_id, mood_score, stress_level, anxiety_level, energy_level,
      recorded_at, local_date, created_at) VALUES (?, 7, 5, 5, 5, ?, ?, ?)`,
    [userId, `${day}T09:00:00Z`, day, `${day}T09:00:00Z`],
  );

async function post(path: string, who: TestMember, body: unknown) {
  return t.fetch(`/api${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await mintToken(t, who)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('rules over the other areas’ events', () => {
  it('award Mood Keeper on the seventh day with a mood entry, inside the event', async () => {
    const awarded = [];
    for (let d = 1; d <= 7; d++) {
      awarded.push(
        ...(await t.deps.sql.transaction(async (tx) => {
          await insertMood(tx, ana.id, `2026-11-0${d}`);
          return awardBadges(tx, ana.id, 'mood-entry');
        })),
      );
    }
    expect(await readMetric(t.deps.sql, ana.id, 'moodDays')).toBe(7);
    expect(awarded.map((b) => b.id)).toEqual(['mood-7']);
  });

  it('roll the award back with its event', async () => {
    const cy = await createMember(t);
    await expect(
      t.deps.sql.transaction(async (tx) => {
        for (let d = 1; d <= 7; d++) await insertMood(tx, cy.id, `2026-10-0${d}`);
        expect((await awardBadges(tx, cy.id, 'mood-entry')).map((b) => b.id)).toEqual(['mood-7']);
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await t.deps.sql.all('SELECT badge_id FROM user_achievements WHERE user_id = ?', [cy.id])).toEqual(
      [],
    );
  });

  it('count a template session as practice and unlock the template badge in its response', async () => {
    const dee = await createMember(t);
    const res = await post('/sessions', dee, {
      templateId: 1,
      title: 'x',
      // Morning Voice Wake-Up plans 405 s: at least half of it makes the save a session.
      duration: 405,
      rating: 5,
      audioData: { maxLevel: 0.3, completed: true },
      timeZone: 'UTC',
    });
    expect(res.status).toBe(201);
    const ids = ((await res.json()).newBadges as { id: string }[]).map((b) => b.id);
    expect(ids).toContain('first-template');
    expect(await readMetric(t.deps.sql, dee.id, 'sessions')).toBe(1);
    expect(await readMetric(t.deps.sql, dee.id, 'practiceDays')).toBe(1);
  });

  it('unlock the circle badge when a member joins a circle', async () => {
    const eve = await createMember(t);
    const res = await post('/voice-circles', eve, {
      name: 'Morning hummers',
      description: 'We hum at dawn',
      sessionType: 'asynchronous',
      focusArea: '',
      skillLevel: 'all',
      maxParticipants: 8,
      isPrivate: false,
    });
    expect(res.status).toBe(201);
    expect(await readMetric(t.deps.sql, eve.id, 'circlesJoined')).toBe(1);
    const mine = await t.deps.sql.all('SELECT badge_id FROM user_achievements WHERE user_id = ?', [eve.id]);
    expect(mine).toContainEqual({ badge_id: 'circle-joined' });
  });
});
