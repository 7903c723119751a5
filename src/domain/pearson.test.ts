import { describe, expect, it } from 'vitest';
import { pearson } from './pearson';

describe('pearson', () => {
  it('is exact for linear series, either way', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [6, 4, 2])).toBeCloseTo(-1, 12);
  });
  it('matches a hand-computed r for a noisy series', () => {
    // Deviations from the means (3 and 3): sxy = 8, sxx = 10, syy = 10, so r = 0.8.
    expect(pearson([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])).toBeCloseTo(0.8, 12);
  });
  it('is null where r is undefined: a flat series, one pair, or unequal lengths', () => {
    expect(pearson([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(pearson([4], [2])).toBeNull();
    expect(pearson([1, 2, 3], [1, 2])).toBeNull();
  });
});
