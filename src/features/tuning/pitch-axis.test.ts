import { describe, expect, it } from 'vitest';
import { axisRange, gridlines, yFraction } from './pitch-axis';

describe('pitch trace axis', () => {
  it('spans C3 to C6 when the voice stays inside it', () => {
    expect(axisRange([57, 60, 64])).toEqual({ low: 48, high: 84 });
    expect(axisRange([])).toEqual({ low: 48, high: 84 });
  });

  it('widens to whole octaves to keep a low or high voice in view', () => {
    expect(axisRange([40])).toEqual({ low: 36, high: 84 });
    expect(axisRange([88])).toEqual({ low: 48, high: 96 });
  });

  it('ignores unvoiced frames (NaN) and never widens past C2..C7', () => {
    expect(axisRange([Number.NaN, 57])).toEqual({ low: 48, high: 84 });
    expect(axisRange([10, 130])).toEqual({ low: 36, high: 96 });
  });

  it('labels every C as a major line with its note name, with G lines between', () => {
    const lines = gridlines({ low: 48, high: 84 });
    expect(lines.filter((l) => l.major).map((l) => l.label)).toEqual(['C3', 'C4', 'C5', 'C6']);
    expect(lines.filter((l) => !l.major).map((l) => l.label)).toEqual(['G3', 'G4', 'G5']);
  });

  it('puts higher notes nearer the top and clamps outside the range', () => {
    const r = { low: 48, high: 84 };
    expect(yFraction(84, r)).toBe(0);
    expect(yFraction(48, r)).toBe(1);
    expect(yFraction(66, r)).toBeCloseTo(0.5);
    expect(yFraction(100, r)).toBe(0);
  });
});
