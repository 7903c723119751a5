import { describe, expect, it } from 'vitest';
import { gardenTierFor, nextGardenTier } from './garden';

describe('garden tiers', () => {
  it('starts as a seedling and grows at each threshold', () => {
    expect(gardenTierFor(0)).toBe('seedling');
    expect(gardenTierFor(99)).toBe('seedling');
    expect(gardenTierFor(100)).toBe('sprout');
    expect(gardenTierFor(4750)).toBe('ancient');
  });
  it('names the next tier and the tokens still to earn, and none after ancient', () => {
    expect(nextGardenTier(60)).toEqual({ key: 'sprout', requiredTokens: 100, tokensToGo: 40 });
    expect(nextGardenTier(5000)).toBeNull();
  });
});
