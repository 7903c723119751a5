import { describe, expect, it } from 'vitest';
import {
  addDays,
  challengeLength,
  challengeRuleProblems,
  challengeState,
  daysLeft,
  MASTER_CHALLENGES,
  type ChallengeRule,
} from './challenges';

const TODAY = '2026-12-07';
const rule = (o: Partial<ChallengeRule> = {}): ChallengeRule => ({
  measure: 'days',
  target: 5,
  focus: null,
  startDate: TODAY,
  endDate: addDays(TODAY, 6),
  ...o,
});

describe('custom challenge rules', () => {
  it('accepts a week from today, and counts its days with both ends', () => {
    expect(challengeRuleProblems(rule(), TODAY)).toEqual({});
    expect(challengeLength(TODAY, addDays(TODAY, 6))).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('names every field that is wrong, in words', () => {
    expect(challengeRuleProblems(rule({ startDate: addDays(TODAY, -1) }), TODAY)).toEqual({
      startDate: 'must not be before today',
    });
    expect(challengeRuleProblems(rule({ endDate: addDays(TODAY, 90) }), TODAY)).toEqual({
      endDate: 'a challenge lasts at most 90 days',
    });
    expect(challengeRuleProblems(rule({ target: 8 }), TODAY)).toEqual({
      target: 'must be at most 7: there are only 7 days between the dates',
    });
    expect(challengeRuleProblems(rule({ measure: 'minutes', target: 4 }), TODAY)).toEqual({
      target: 'must be a whole number from 5 to 6000',
    });
  });

  it('is met when the target is reached, whatever the day; otherwise upcoming, open or ended', () => {
    const c = { startDate: TODAY, endDate: addDays(TODAY, 6), target: 3 };
    expect(challengeState(c, 3, addDays(TODAY, 30))).toBe('met');
    expect(challengeState(c, 0, addDays(TODAY, -1))).toBe('upcoming');
    expect(challengeState(c, 2, addDays(TODAY, 6))).toBe('open');
    expect(challengeState(c, 2, addDays(TODAY, 7))).toBe('ended');
    expect(daysLeft(addDays(TODAY, 6), TODAY)).toBe(7);
    expect(daysLeft(TODAY, TODAY)).toBe(1);
  });

  it('has about five master challenges, each with its own badge', () => {
    expect(MASTER_CHALLENGES.length).toBe(5);
    expect(new Set(MASTER_CHALLENGES.map((m) => m.badgeId)).size).toBe(5);
  });
});
