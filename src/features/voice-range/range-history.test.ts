import { describe, expect, it } from 'vitest';
import { rangeSentence, rangeTrend } from './range-history';

const r = (recordedAt: string, lowestHz: number, highestHz: number, rangeSemitones: number) => ({
  recordedAt,
  lowestHz,
  highestHz,
  rangeSemitones,
});

describe('the range in words', () => {
  it('leads with the notes, the semitones and the octaves', () => {
    expect(rangeSentence(r('2026-12-01T10:00:00Z', 98, 329.63, 21))).toBe(
      'Your range today: G2 to E4, 21 semitones — about an octave and three quarters.',
    );
  });

  it('compares the newest range with the earliest saved one', () => {
    const now = new Date('2026-12-07T12:00:00Z');
    const list = [
      r('2026-12-06T10:00:00Z', 98, 329.63, 21),
      r('2026-06-02T10:00:00Z', 100, 300, 19),
      r('2026-03-02T10:00:00Z', 104, 311, 19),
    ];
    expect(rangeTrend(list, now)).toBe('Your range grew two semitones since March.');
    expect(rangeTrend([list[0]!, r('2025-11-02T10:00:00Z', 98, 330, 21.2)], now)).toBe(
      'Your range stayed the same since November 2025.',
    );
    expect(rangeTrend([list[0]!], now)).toBeNull();
  });
});
