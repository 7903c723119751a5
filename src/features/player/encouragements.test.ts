import { describe, expect, it } from 'vitest';
import { ENCOURAGEMENTS, pickEncouragement } from './encouragements';

describe('pickEncouragement', () => {
  it('chooses from 15 distinct lines', () => {
    expect(ENCOURAGEMENTS).toHaveLength(15);
    expect(new Set(ENCOURAGEMENTS).size).toBe(15);
  });

  it('maps the random number onto the list from first to last', () => {
    expect(pickEncouragement(() => 0)).toBe(ENCOURAGEMENTS[0]);
    expect(pickEncouragement(() => 0.5)).toBe(ENCOURAGEMENTS[7]);
    expect(pickEncouragement(() => 0.9999)).toBe(ENCOURAGEMENTS[14]);
  });

  it('stays inside the list even if the random source returns 1', () => {
    expect(pickEncouragement(() => 1)).toBe(ENCOURAGEMENTS[14]);
  });
});
