import { describe, expect, it } from 'vitest';
import {
  mostOftenAfter,
  shiftOf,
  shiftSummary,
  weeklyValence,
  type Emotion,
  type PracticeFeeling,
} from './emotions';

let n = 0;
function run(
  before: Emotion | null,
  after: Emotion | null,
  localDate = '2026-12-07',
  linked = true,
): PracticeFeeling {
  n++;
  return {
    runKey: `run-${n}`,
    kind: 'template',
    itemId: 1,
    before,
    after,
    localDate,
    practice: linked
      ? {
          title: 'x',
          practisedAt: `${localDate}T${String(n % 24).padStart(2, '0')}:00:00Z`,
          localDate,
          counted: true,
        }
      : null,
  };
}

describe('emotion tracking rules', () => {
  it('compares feelings by how pleasant they are', () => {
    expect(shiftOf('tense', 'calm')).toBe(1);
    expect(shiftOf('calm', 'content')).toBe(0);
    expect(shiftOf('joyful', 'tired')).toBe(-1);
  });

  it('counts only practices on the ledger with both answers, the last ten of them', () => {
    const runs = [
      ...Array.from({ length: 8 }, () => run('anxious', 'calm')),
      run('calm', 'calm'),
      run('joyful', 'low'),
      run('tense', null),
      run('low', 'joyful', '2026-12-07', false),
    ];
    expect(shiftSummary(runs)).toEqual({ better: 8, same: 1, worse: 1, total: 10 });
    expect(shiftSummary(runs, 3).total).toBe(3);
  });

  it('names the feeling most often noted after practice, ties in the list order', () => {
    expect(mostOftenAfter([run(null, 'calm'), run(null, 'joyful'), run(null, 'joyful')])).toEqual({
      emotion: 'joyful',
      count: 2,
    });
    expect(mostOftenAfter([run(null, 'low'), run(null, 'calm')])?.emotion).toBe('calm');
    expect(mostOftenAfter([run('calm', null)])).toBeNull();
  });

  it('averages each week (Monday to Sunday) before and after, oldest week first', () => {
    // 2026-12-07 is a Monday.
    const weeks = weeklyValence(
      [
        run('anxious', 'calm', '2026-12-08'),
        run('tense', 'content', '2026-12-13'),
        run('low', 'low', '2026-11-30'),
      ],
      '2026-12-09',
      3,
    );
    expect(weeks.map((w) => w.weekStart)).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(weeks[0]).toEqual({ weekStart: '2026-11-23', before: null, after: null, practices: 0 });
    expect(weeks[1]).toMatchObject({ before: -2, after: -2, practices: 1 });
    expect(weeks[2]).toMatchObject({ before: -1.5, after: 2, practices: 2 });
  });
});
