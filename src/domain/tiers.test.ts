import { describe, expect, it } from 'vitest';
import { TIERS, nextTier, tierFor, tierProgressPercent, unlockedFeatures } from './tiers';

describe('tiers', () => {
  it('has the ten spec thresholds in order', () => {
    expect(TIERS.map((t) => t.requiredTokens)).toEqual([0, 100, 250, 500, 800, 1250, 1750, 2500, 3500, 4750]);
    expect(TIERS.map((t) => t.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(TIERS[0]?.key).toBe('getting_started');
    expect(TIERS[9]?.key).toBe('mastering_flow');
  });

  it('places tokens in the highest tier whose threshold they reach', () => {
    expect(tierFor(0).key).toBe('getting_started');
    expect(tierFor(99).level).toBe(1);
    expect(tierFor(100).key).toBe('finding_your_voice');
    expect(tierFor(4750).key).toBe('mastering_flow');
    expect(tierFor(-5).level).toBe(1);
  });

  it('measures progress as the share of the way to the next threshold', () => {
    expect(tierProgressPercent(50)).toBe(50);
    expect(tierProgressPercent(175)).toBe(50);
    expect(tierProgressPercent(250)).toBe(0);
  });

  it('reads 100 percent at the last tier, which has no next tier', () => {
    expect(nextTier(5000)).toBeNull();
    expect(tierProgressPercent(9999)).toBe(100);
  });

  it('unlocks the spec features of every tier reached', () => {
    expect(TIERS[0]?.unlockedFeatures).toEqual(['basic_sessions', 'daily_check_in']);
    expect(TIERS[6]?.unlockedFeatures).toEqual(['echoverse_access', 'mentoring_others']);
    expect(unlockedFeatures(260)).toEqual([
      'basic_sessions',
      'daily_check_in',
      'emotion_tracking',
      'voice_notes',
      'streak_rewards',
      'practice_reminders',
    ]);
  });
});
