import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import { awardBadges } from '../achievements/award';
import { readMetric, registerMetric, sqlMetric } from './metrics';

let t: TestApp;
let ana: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createMember(t);
});
afterAll(() => t.close());

describe('rules over other areas’ tables', () => {
  it('read 0 while a table does not exist, instead of failing the event', () => {
    expect(readMetric(t.deps.db, ana.id, 'circlesJoined')).toBe(0);
    expect(awardBadges(t.deps.db, ana.id, 'circle-joined')).toEqual([]);
  });

  it('count once the lead registers the real query (here: a mood table), awarding in the event', () => {
    const db = t.deps.db;
    db.exec('CREATE TABLE mood_log (user_id TEXT NOT NULL, day TEXT NOT NULL)');
    registerMetric('moodDays', sqlMetric('SELECT count(DISTINCT day) AS n FROM mood_log WHERE user_id = ?'));
    const insert = db.prepare('INSERT INTO mood_log (user_id, day) VALUES (?, ?)');
    const awarded = [];
    for (let d = 1; d <= 7; d++) {
      awarded.push(
        ...db.transaction(() => {
          insert.run(ana.id, `2026-11-0${d}`);
          return awardBadges(db, ana.id, 'mood-entry');
        })(),
      );
    }
    expect(awarded.map((b) => b.id)).toEqual(['mood-7']);
  });

  it('roll the award back with its event', async () => {
    const db = t.deps.db;
    const cy = await createMember(t);
    expect(() =>
      db.transaction(() => {
        for (let d = 1; d <= 7; d++)
          db.prepare('INSERT INTO mood_log (user_id, day) VALUES (?, ?)').run(cy.id, `2026-10-0${d}`);
        expect(awardBadges(db, cy.id, 'mood-entry').map((b) => b.id)).toEqual(['mood-7']);
        throw new Error('the event failed');
      })(),
    ).toThrow('the event failed');
    expect(db.prepare('SELECT badge_id FROM user_achievements WHERE user_id = ?').all(cy.id)).toEqual([]);
  });
});
