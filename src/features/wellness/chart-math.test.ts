import { describe, expect, it } from 'vitest';
import { dailySeries, dots, lastDates, linePath } from './chart-math';

describe('chart math', () => {
  it('lists the last n dates, oldest first, across a month end', () => {
    expect(lastDates('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('averages each day and leaves empty days null', () => {
    const series = dailySeries(
      [
        { localDate: '2026-03-01', value: 4 },
        { localDate: '2026-03-01', value: 6 },
      ],
      ['2026-02-28', '2026-03-01'],
    );
    expect(series).toEqual([null, 5]);
  });

  it('breaks the line at a missing day and scales top to max', () => {
    expect(linePath([1, 10, null, 1], 30, 90, 1, 10)).toBe('M0 90 L10 0 M30 90');
    expect(dots([null, 10], 10, 90, 1, 10)).toEqual([{ x: 10, y: 0 }]);
  });
});
