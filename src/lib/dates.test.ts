import { describe, expect, it } from 'vitest';
import { dayHeading, memberLocale, shortDay } from './dates';

describe('dates written for members', () => {
  it('writes a member’s day as words: weekday, day and month', () => {
    expect(dayHeading('2026-12-07', 'en-GB')).toBe('Monday 7 December');
    expect(shortDay('2026-12-07', 'en-GB')).toBe('7 Dec');
  });

  it('keeps the day the member lived, whatever the device’s zone (no shift at midnight)', () => {
    // A local date is already the member's own day: 1 January stays 1 January west of UTC too.
    expect(dayHeading('2027-01-01', 'en-GB')).toBe('Friday 1 January');
  });

  it('follows the member’s English, and British English for others (the app’s words are English)', () => {
    expect(memberLocale(['en-US'])).toBe('en-US');
    expect(dayHeading('2026-12-07', memberLocale(['en-US']))).toBe('Monday, December 7');
    expect(memberLocale(['de-DE', 'en-GB'])).toBe('en-GB');
    expect(memberLocale(['fr-FR'])).toBe('en-GB');
    expect(memberLocale([])).toBe('en-GB');
  });

  it('leaves anything that is not a calendar day as it is, rather than writing "Invalid Date"', () => {
    expect(dayHeading('soon', 'en-GB')).toBe('soon');
  });
});
