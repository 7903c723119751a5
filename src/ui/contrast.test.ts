import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_INK, inkOn, LIGHT_INK, readableOn } from './contrast';

describe('contrast for colours that come with the data', () => {
  it('measures the WCAG ratio: black on white is 21, a colour on itself is 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#8d7fb8', '#8d7fb8')).toBe(1);
    // A known pair: #777 on white is just under AA (4.48).
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('writes white on dark fills and ink on light ones', () => {
    expect(inkOn('#3f6e8c')).toBe(LIGHT_INK);
    expect(inkOn('#f6e1d8')).toBe(DARK_INK);
  });

  it.each(['#5b7f6a', '#8a5a44', '#6b5b95', '#3f6e8c', '#8d7fb8', '#c8664d', '#a8c3a1', '#d4e157'])(
    'keeps initials on the avatar colour %s readable (at least 4.5:1)',
    (colour) => {
      const { fill, ink } = readableOn(colour);
      expect(contrastRatio(ink, fill)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a fill that already reads well, and darkens a mid-tone only as far as needed', () => {
    expect(readableOn('#3f6e8c')).toEqual({ fill: '#3f6e8c', ink: LIGHT_INK });
    const { fill, ink } = readableOn('#8d7fb8');
    expect(ink).toBe(LIGHT_INK);
    expect(fill).not.toBe('#8d7fb8');
    expect(contrastRatio(LIGHT_INK, fill)).toBeLessThan(6);
  });

  it('refuses to measure what is not a #rrggbb colour, and fills such a colour with ink', () => {
    expect(() => inkOn('red')).toThrow(/#rrggbb/);
    expect(readableOn('red')).toEqual({ fill: DARK_INK, ink: LIGHT_INK });
  });
});
