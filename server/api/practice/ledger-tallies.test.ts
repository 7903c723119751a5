import { describe, expect, it } from 'vitest';
import {
  dayTokensReached,
  longestRunFrom,
  mostSessionsWithin,
  tallyBetween,
  type PracticeEntry,
} from './ledger';

let nextId = 1;
/** One ledger entry on `localDate`: a counted 10-minute find session unless told otherwise. */
const entry = (localDate: string, o: Partial<PracticeEntry> = {}): PracticeEntry => ({
  id: nextId++,
  kind: 'template',
  itemId: 1,
  title: 'A session',
  categories: ['find'],
  practisedAt: `${localDate}T09:00:00.000Z`,
  localDate,
  plannedSec: 600,
  practisedSec: 600,
  counted: true,
  earned: 20,
  ...o,
});

describe('practice between two local days (challenges)', () => {
  const entries = [
    entry('2026-03-01'),
    entry('2026-03-02', { counted: false, practisedSec: 90, earned: 0 }),
    entry('2026-03-02', { categories: ['fun'] }),
    entry('2026-03-02'),
    entry('2026-03-05', { practisedSec: 45 }),
    entry('2026-03-09'),
  ];
  const q = { from: '2026-03-02', to: '2026-03-08', focus: null };

  it('counts days with a session, sessions, and minutes with partial practice, inside the dates only', () => {
    expect(tallyBetween(entries, { ...q, measure: 'days', target: 2 })).toEqual({
      value: 2,
      reachedOn: '2026-03-05',
    });
    expect(tallyBetween(entries, { ...q, measure: 'sessions', target: 3 })).toEqual({
      value: 3,
      reachedOn: '2026-03-05',
    });
    // 90 + 600 + 600 + 45 s = 22.25 minutes, rounded as every screen rounds them.
    expect(tallyBetween(entries, { ...q, measure: 'minutes', target: 30 })).toEqual({
      value: 22,
      reachedOn: null,
    });
  });

  it('counts one focus only when asked', () => {
    expect(tallyBetween(entries, { ...q, focus: 'fun', measure: 'sessions', target: 1 })).toEqual({
      value: 1,
      reachedOn: '2026-03-02',
    });
  });

  it('never counts listening-room time as practice minutes', () => {
    const listening = entry('2026-03-03', {
      kind: 'listening' as PracticeEntry['kind'],
      counted: false,
      practisedSec: 6000,
    });
    expect(tallyBetween([listening], { ...q, measure: 'minutes', target: 5 }).value).toBe(0);
  });
});

describe('runs and windows (master challenges)', () => {
  it('finds the longest run of days with a session from a day on, and when it reached the target', () => {
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-05', '2026-01-06'].map((d) => entry(d));
    expect(longestRunFrom(days, '2026-01-01', 3)).toEqual({ value: 3, reachedOn: '2026-01-03' });
    expect(longestRunFrom(days, '2026-01-02', 3)).toEqual({ value: 2, reachedOn: null });
    // Partial practice is not a day of a run.
    expect(longestRunFrom([entry('2026-01-04', { counted: false }), ...days], '2026-01-01', 6).value).toBe(3);
  });

  it('finds the most sessions within any window of days, the window ending on the day that made it', () => {
    const list = [
      entry('2026-01-01'),
      entry('2026-01-01'),
      entry('2026-01-03'),
      entry('2026-01-04'),
      entry('2026-01-06'),
    ];
    // 3 days: 1-3 holds three, 3-5 two, 4-6 two.
    expect(mostSessionsWithin(list, '2026-01-01', 3, 3)).toEqual({ value: 3, reachedOn: '2026-01-03' });
    expect(mostSessionsWithin(list, '2026-01-02', 3, 3)).toEqual({ value: 2, reachedOn: null });
    expect(mostSessionsWithin(list, '2026-01-01', 6, 5)).toEqual({ value: 5, reachedOn: '2026-01-06' });
  });

  it('finds the day tone tokens first reached a level', () => {
    const list = [
      entry('2026-01-02', { earned: 30 }),
      entry('2026-01-01', { earned: 50 }),
      entry('2026-01-03'),
    ];
    expect(dayTokensReached(list, 80)).toBe('2026-01-02');
    expect(dayTokensReached(list, 101)).toBeNull();
  });
});
