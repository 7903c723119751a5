import { describe, expect, it } from 'vitest';
import { formatMmSs, roundedMinutes } from './format';

describe('formatMmSs', () => {
  it('pads seconds to two digits', () => {
    expect(formatMmSs(96)).toBe('1:36');
    expect(formatMmSs(60)).toBe('1:00');
    expect(formatMmSs(5)).toBe('0:05');
  });

  it('drops fractions of a second instead of rounding up past the length', () => {
    expect(formatMmSs(59.9)).toBe('0:59');
  });

  it('keeps counting minutes past an hour', () => {
    expect(formatMmSs(3725)).toBe('62:05');
  });

  it('shows dashes for an unknown or invalid length', () => {
    expect(formatMmSs(null)).toBe('--:--');
    expect(formatMmSs(Number.NaN)).toBe('--:--');
    expect(formatMmSs(-3)).toBe('--:--');
  });
});

describe('roundedMinutes', () => {
  it('rounds to the nearest minute', () => {
    expect(roundedMinutes(96, 15)).toBe(2);
    expect(roundedMinutes(80, 15)).toBe(1);
  });

  it('never shows 0 minutes for a short track', () => {
    expect(roundedMinutes(20, 15)).toBe(1);
  });

  it('uses the fallback when the length is unknown', () => {
    expect(roundedMinutes(null, 15)).toBe(15);
    expect(roundedMinutes(0, 15)).toBe(15);
  });
});
