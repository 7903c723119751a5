import { describe, expect, it } from 'vitest';
import { dailyPick } from './daily-pick';

const pool = Array.from({ length: 12 }, (_, i) => ({ id: i + 1 }));

describe('dailyPick', () => {
  it('gives one member the same session all day, whatever order the pool arrived in', () => {
    const a = dailyPick(pool, 'member-1', '2026-12-07');
    const b = dailyPick([...pool].reverse(), 'member-1', '2026-12-07');
    expect(a).not.toBeNull();
    expect(b).toEqual(a);
  });

  it('moves on from one day to the next for most days, and differs between members', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const picks = days.map((d) => dailyPick(pool, 'member-1', d)?.id);
    expect(new Set(picks).size).toBeGreaterThan(6);
    const others = days.map((d) => dailyPick(pool, 'member-2', d)?.id);
    expect(others).not.toEqual(picks);
  });

  it('has nothing to pick from an empty pool', () => {
    expect(dailyPick([], 'member-1', '2026-12-07')).toBeNull();
  });
});
