import { describe, expect, it } from 'vitest';
import type { StoredPitchResult } from './pitch-api';
import { accuracyByDay, spanOf, weekOverWeek } from './pitch-accuracy';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const DAY = 86_400_000;

function take(daysAgo: number, score: number, cents: (number | null)[]): StoredPitchResult {
  const at = new Date(NOW - daysAgo * DAY);
  return {
    id: Math.round(Math.random() * 1e9),
    exerciseId: 'find-one-note',
    title: 'Find one note',
    focus: 'find',
    target: 'A3:3',
    notes: cents.map((c) => ({ target: 'A3:3', centsOff: c, heldFraction: 0.9, onsetMs: 100 })),
    score,
    shift: 0,
    durationSec: 3,
    recordedAt: at.toISOString(),
    localDate: at.toISOString().slice(0, 10),
    templateId: null,
  };
}

describe('pitch accuracy over time', () => {
  it('gives each day sung its mean score, oldest first, within the last 30 days', () => {
    const list = [take(0, 90, [2]), take(0, 70, [-20]), take(3, 60, [30]), take(40, 10, [80])];
    expect(accuracyByDay(list, NOW)).toEqual([
      { day: '2026-11-23', score: 60, takes: 1 },
      { day: '2026-11-26', score: 80, takes: 2 },
    ]);
  });

  it('sums up a span: takes, mean score and the median distance of sung notes', () => {
    expect(spanOf([take(0, 90, [2, -4, null]), take(1, 71, [-30])])).toEqual({
      takes: 2,
      score: 81,
      centsOff: 4,
    });
    expect(spanOf([take(0, 0, [null])])).toEqual({ takes: 1, score: 0, centsOff: null });
    expect(spanOf([])).toBeNull();
  });

  it('compares the last 7 days with the 7 before, and says nothing without both', () => {
    expect(weekOverWeek([take(1, 80, [5]), take(9, 70, [10])], NOW).change).toBe(10);
    expect(weekOverWeek([take(1, 80, [5])], NOW)).toMatchObject({ lastWeek: null, change: null });
  });
});
