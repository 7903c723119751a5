import { describe, expect, it } from 'vitest';
import { monthCells, monthTitle, qualityBand, shiftMonth } from './calendar-grid';

describe('calendar grid', () => {
  it('starts on Sunday: November 2026 begins on a Sunday, February 2026 on a Sunday too', () => {
    expect(monthCells('2026-11').slice(0, 2)).toEqual([1, 2]);
    expect(monthCells('2026-12').slice(0, 3)).toEqual([null, null, 1]);
    expect(monthCells('2024-02').filter((c) => c !== null)).toHaveLength(29);
  });
  it('moves across years and names the month', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(monthTitle('2026-11')).toBe('November 2026');
  });
  it('tints 80 and above green, below orange and no score neutral', () => {
    expect(qualityBand(80)).toBe('good');
    expect(qualityBand(79)).toBe('fair');
    expect(qualityBand(null)).toBeNull();
  });
});
