import { describe, expect, it } from 'vitest';
import { clockText, countsAsSession, partialPracticeText, secondsToCount } from './practice';

describe('the reward rule', () => {
  it('counts practice of at least half the plan as a session, and less as partial practice', () => {
    expect(secondsToCount(405)).toBe(203);
    expect(countsAsSession(13, 405)).toBe(false);
    expect(countsAsSession(202, 405)).toBe(false);
    expect(countsAsSession(203, 405)).toBe(true);
    expect(countsAsSession(405, 405)).toBe(true);
  });

  it('says honestly what a partial save earned', () => {
    expect(clockText(13)).toBe('0:13');
    expect(clockText(405)).toBe('6:45');
    expect(partialPracticeText(13, 405)).toBe(
      'Partial practice: 0:13 of 6:45 — minutes saved, no tokens; practise at least half to earn the session.',
    );
  });
});
