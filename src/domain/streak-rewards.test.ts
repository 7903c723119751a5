import { describe, expect, it } from 'vitest';
import { milestonesReached, nextMilestone, streakRewardText } from './streak-rewards';

describe('streak milestones', () => {
  it('are reached by the day that makes the run long enough, with the run’s first day', () => {
    expect(milestonesReached(['2026-03-01', '2026-03-02'], '2026-03-03')).toEqual([
      { days: 3, bonus: 10, runStart: '2026-03-01' },
    ]);
    expect(milestonesReached(['2026-03-01'], '2026-03-02')).toEqual([]);
  });

  it('are not reached again by a second session on a practice day', () => {
    expect(milestonesReached(['2026-03-01', '2026-03-02', '2026-03-03'], '2026-03-03')).toEqual([]);
  });

  it('are new for a late day joining two runs only when neither part had reached them', () => {
    const left = ['2026-03-01', '2026-03-02', '2026-03-03'];
    const right = ['2026-03-05', '2026-03-06', '2026-03-07'];
    // 3 + 1 + 3 = 7 days: the 7-day milestone is new, the 3-day one was reached by both parts.
    expect(milestonesReached([...left, ...right], '2026-03-04')).toEqual([
      { days: 7, bonus: 25, runStart: '2026-03-01' },
    ]);
  });

  it('say the next milestone and the days to go, and nothing past the last', () => {
    expect(nextMilestone(0)).toEqual({ days: 3, bonus: 10, daysToGo: 3 });
    expect(nextMilestone(7)).toEqual({ days: 14, bonus: 50, daysToGo: 7 });
    expect(nextMilestone(100)).toBeNull();
    expect(streakRewardText({ days: 7, bonus: 25 })).toBe('7-day streak: +25 tone tokens');
  });
});
