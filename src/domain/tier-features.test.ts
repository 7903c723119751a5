import { describe, expect, it } from 'vitest';
import { TIERS } from './tiers';
import {
  TIER_FEATURES,
  UNBUILT_ALLOWED,
  isFeatureUnlocked,
  lockedFeatureMessage,
  tierFeature,
} from './tier-features';

describe('tier features', () => {
  it('defines every feature of the spec tier table, at its tier level, with words and a place', () => {
    const fromTable = TIERS.flatMap((t) => t.unlockedFeatures.map((f) => `${t.level}:${f}`));
    expect(TIER_FEATURES.map((f) => `${f.level}:${f.key}`)).toEqual(fromTable);
    expect(TIER_FEATURES).toHaveLength(20);
    for (const f of TIER_FEATURES) {
      expect(f.title.length).toBeGreaterThan(3);
      expect(f.summary).toMatch(/^[A-Z].*\.$/);
      expect(f.href).toMatch(/^\/[a-z]/);
    }
  });

  it('opens a feature at its level and not a token before', () => {
    expect(isFeatureUnlocked('voice_notes', 99)).toBe(false);
    expect(isFeatureUnlocked('voice_notes', 100)).toBe(true);
    expect(isFeatureUnlocked('basic_sessions', 0)).toBe(true);
    expect(isFeatureUnlocked('teaching_certification', 4749)).toBe(false);
    expect(isFeatureUnlocked('teaching_certification', 4750)).toBe(true);
  });

  it('tells a member which level opens a locked feature and how far it is', () => {
    expect(lockedFeatureMessage('voice_notes', 60)).toBe(
      'Voice notes opens at level 2; you are at level 1 (40 tone tokens to go).',
    );
    expect(tierFeature('practice_reminders').level).toBe(3);
  });

  it('lets only the four features other work builds say "not in the app yet"; every other one has a screen', () => {
    const notYet = TIER_FEATURES.filter((f) => f.notYet).map((f) => f.key);
    for (const key of notYet) expect(UNBUILT_ALLOWED).toContain(key);
    for (const f of TIER_FEATURES.filter((x) => x.notYet)) expect(f.notYet).toMatch(/^not in the app yet: /);
  });
});
