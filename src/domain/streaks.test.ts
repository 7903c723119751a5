import { describe, expect, it } from 'vitest';
import { isValidTimeZone, localDateOf, streaksFrom } from './streaks';

describe('local dates', () => {
  const instant = Date.parse('2026-03-01T23:30:00Z');

  it('gives the calendar day of an instant in the member time zone', () => {
    expect(localDateOf(instant, 'UTC')).toBe('2026-03-01');
    expect(localDateOf(instant, 'Pacific/Auckland')).toBe('2026-03-02');
    expect(localDateOf(instant, 'America/Los_Angeles')).toBe('2026-03-01');
  });

  it('accepts IANA names and refuses made-up ones', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('streaks', () => {
  it('counts consecutive days ending today', () => {
    expect(streaksFrom(['2026-01-01', '2026-01-02', '2026-01-03'], '2026-01-03')).toEqual({
      current: 3,
      longest: 3,
    });
  });

  it('keeps the streak alive when the last practice was yesterday', () => {
    expect(streaksFrom(['2026-01-01', '2026-01-02'], '2026-01-03')).toEqual({ current: 2, longest: 2 });
  });

  it('drops the current streak to 0 after a missed day but keeps the longest', () => {
    expect(streaksFrom(['2026-01-01', '2026-01-02', '2026-01-03'], '2026-01-05')).toEqual({
      current: 0,
      longest: 3,
    });
  });

  it('counts several sessions on one day once and crosses month ends', () => {
    const dates = ['2026-02-27', '2026-02-28', '2026-02-28', '2026-03-01', '2026-01-10'];
    expect(streaksFrom(dates, '2026-03-01')).toEqual({ current: 3, longest: 3 });
  });

  it('is zero for a member with no completions', () => {
    expect(streaksFrom([], '2026-01-01')).toEqual({ current: 0, longest: 0 });
  });
});
