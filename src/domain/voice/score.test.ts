import { describe, expect, it } from 'vitest';
import { overallScore, scoreColour } from './score';

describe('overall voice score', () => {
  it('is the mean of clarity, stability, resonance and projection as percentages', () => {
    const score = overallScore({ clarity: 0.8, stability: 0.9, resonance: 0.5, projection: 0.6 });
    // (80 + 90 + 50 + 60) / 4 = 70
    expect(score.overall).toBe(70);
    expect(score.breakdown).toEqual({ clarity: 80, stability: 90, resonance: 50, projection: 60 });
  });

  it('clamps each area to 0..100', () => {
    expect(overallScore({ clarity: 1.2, stability: 1, resonance: 1, projection: 1 }).overall).toBe(100);
    expect(overallScore({ clarity: -1, stability: 0, resonance: 0, projection: 0 }).overall).toBe(0);
  });

  it('rounds the overall score to a whole number', () => {
    expect(overallScore({ clarity: 0.333, stability: 0.333, resonance: 0.333, projection: 0 }).overall).toBe(
      25,
    );
  });
});

describe('score colour', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79.9, 'yellow'],
    [60, 'yellow'],
    [59, 'red'],
    [0, 'red'],
  ] as const)('colours %s as %s', (score, colour) => {
    expect(scoreColour(score)).toBe(colour);
  });
});
