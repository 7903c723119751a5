import { describe, expect, it } from 'vitest';
import { levelLine, nextUnlockText, reflectionDate, tokensToNextText, tuningSince } from './profile-text';

describe('levelLine', () => {
  it('names the tier for the tokens, in lower case', () => {
    expect(levelLine(0)).toBe('level 1: getting started');
    expect(levelLine(99)).toBe('level 1: getting started');
    expect(levelLine(100)).toBe('level 2: finding your voice');
    expect(levelLine(4750)).toBe('level 10: mastering flow');
    expect(levelLine(99999)).toBe('level 10: mastering flow');
  });

  it('treats negative or unreadable tokens as none', () => {
    expect(levelLine(-5)).toBe('level 1: getting started');
    expect(levelLine(Number.NaN)).toBe('level 1: getting started');
  });
});

describe('tokensToNextText', () => {
  it('counts the tokens left to the next threshold', () => {
    expect(tokensToNextText(0)).toBe('only 100 more tokens to level 2');
    expect(tokensToNextText(20)).toBe('only 80 more tokens to level 2');
    expect(tokensToNextText(100)).toBe('only 150 more tokens to level 3');
    expect(tokensToNextText(4749)).toBe('only 1 more token to level 10');
  });

  it('says the top is reached at level 10', () => {
    expect(tokensToNextText(4750)).toBe('max level reached!');
    expect(tokensToNextText(10000)).toBe('max level reached!');
  });
});

describe('tuningSince', () => {
  it('gives the month and year of sign-up', () => {
    expect(tuningSince('2026-11-03T10:00:00Z', 'UTC')).toBe('tuning since November 2026');
  });

  it("uses the member's time zone at a month boundary", () => {
    expect(tuningSince('2026-11-01T02:00:00Z', 'America/New_York')).toBe('tuning since October 2026');
  });

  it('is null when the date is missing or unreadable', () => {
    expect(tuningSince(undefined)).toBeNull();
    expect(tuningSince('')).toBeNull();
    expect(tuningSince('not a date')).toBeNull();
  });
});

describe('reflectionDate', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('reads recent days in words', () => {
    expect(reflectionDate('2026-11-26T08:00:00Z', now, 'UTC')).toBe('today');
    expect(reflectionDate('2026-11-25T23:00:00Z', now, 'UTC')).toBe('yesterday');
    expect(reflectionDate('2026-11-22T09:00:00Z', now, 'UTC')).toBe('4 days ago');
  });

  it('shows a calendar date after a week', () => {
    expect(reflectionDate('2026-11-03T09:00:00Z', now, 'UTC')).toBe('3 Nov 2026');
  });

  it('counts local days, not 24-hour spans', () => {
    // 23:30 the previous evening in UTC is 'yesterday' even though it is only 12.5 hours ago.
    expect(reflectionDate('2026-11-25T23:30:00Z', now, 'UTC')).toBe('yesterday');
  });

  it('is empty for an unreadable date and today for a clock running ahead', () => {
    expect(reflectionDate('nope', now, 'UTC')).toBe('');
    expect(reflectionDate('2026-11-27T08:00:00Z', now, 'UTC')).toBe('today');
  });
});

describe('nextUnlockText', () => {
  it('names what the next level opens, from the registry', () => {
    expect(nextUnlockText(0)).toBe('level 2 opens emotion tracking and voice notes');
    expect(nextUnlockText(260)).toBe('level 4 opens advanced sessions and vocal exercises');
  });

  it('says nothing at the top level', () => {
    expect(nextUnlockText(10_000)).toBeNull();
  });
});
