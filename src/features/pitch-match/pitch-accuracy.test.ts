import { describe, expect, it } from 'vitest';
import type { StoredPitchResult } from './pitch-api';
import { accuracyByDay, spanInWords, spanOf, spanText, weekOverWeek } from './pitch-accuracy';

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
  it('gives each day sung the score of its typical take (the middle one), oldest first, within the last 30 days', () => {
    const list = [take(0, 90, [2]), take(0, 70, [-20]), take(3, 60, [30]), take(40, 10, [80])];
    // Two takes of 90 and 70: the day shows 70, a score a take had, never their mean of 80.
    expect(accuracyByDay(list, NOW)).toEqual([
      { day: '2026-11-23', score: 60, takes: 1 },
      { day: '2026-11-26', score: 70, takes: 2 },
    ]);
    const three = [take(0, 12, [398]), take(0, 97, [2]), take(0, 80, [8])];
    expect(accuracyByDay(three, NOW)).toEqual([{ day: '2026-11-26', score: 80, takes: 3 }]);
  });

  it('sums up a span by its takes: lowest and highest score, and the sung notes that were close', () => {
    expect(spanOf([take(0, 90, [2, -4, null]), take(1, 71, [-30])])).toEqual({
      takes: 2,
      score: 71,
      lowest: 71,
      highest: 90,
      notesSung: 3,
      notesClose: 2,
    });
    expect(spanOf([take(0, 0, [null])])).toMatchObject({ takes: 1, notesSung: 0, notesClose: 0 });
    expect(spanOf([])).toBeNull();
  });

  it('says what the takes were, never a middle that matches none (issue 31: 2 and 398 cents were "typically 200 cents off")', () => {
    const span = spanOf([take(0, 97, [2]), take(1, 12, [398])]);
    expect(spanText(span)).toBe('2 takes, from 12 to 97/100; 1 of 2 notes within 10 cents of the target');
    expect(spanText(spanOf([take(0, 88, [3, 40])]))).toBe(
      '1 take, 88/100; 1 of 2 notes within 10 cents of the target',
    );
    expect(spanText(spanOf([take(0, 60, [null]), take(1, 60, [null])]))).toBe(
      '2 takes, each 60/100; no note sung',
    );
    expect(spanText(null)).toBe('no takes');
  });

  it('compares the last 7 days with the 7 before, and says nothing without both', () => {
    expect(weekOverWeek([take(1, 80, [5]), take(9, 70, [10])], NOW).change).toBe(10);
    // The week's typical take is compared: 2 and 97 this week is 2, not a mean of 49.5.
    const weeks = weekOverWeek([take(1, 97, [2]), take(2, 2, [398]), take(9, 50, [30])], NOW);
    expect(weeks.thisWeek?.score).toBe(2);
    expect(weeks.change).toBe(-48);
    expect(weekOverWeek([take(1, 80, [5])], NOW)).toMatchObject({ lastWeek: null, change: null });
  });

  it('says the span in words first, by counting notes within 10 cents, on both sides of it', () => {
    const when = 'in the last 7 days';
    expect(spanInWords(null, when)).toBeNull();
    expect(spanInWords(spanOf([take(0, 0, [null])]), when)).toBe('You sang no note in the last 7 days.');
    expect(spanInWords(spanOf([take(0, 90, [10])]), when)).toBe(
      'The note you sang in the last 7 days was right on the note.',
    );
    expect(spanInWords(spanOf([take(0, 80, [-10.1])]), when)).toBe(
      'The note you sang in the last 7 days was not yet right on the note.',
    );
    expect(spanInWords(spanOf([take(0, 97, [2]), take(1, 12, [398])]), when)).toBe(
      '1 of 2 notes you sang in the last 7 days were right on the note.',
    );
    expect(spanInWords(spanOf([take(0, 97, [2, -9])]), when)).toBe(
      'All 2 notes you sang in the last 7 days were right on the note.',
    );
  });
});
