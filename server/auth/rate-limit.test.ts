import { describe, expect, it } from 'vitest';
import { slidingWindow } from './rate-limit';

describe('slidingWindow', () => {
  it('allows max hits in the window, then says how many seconds to wait', () => {
    let now = 0;
    const limit = slidingWindow(2, 60_000, () => now);
    expect(limit.hit('a')).toBe(0);
    now = 10_000;
    expect(limit.hit('a')).toBe(0);
    now = 20_000;
    expect(limit.hit('a')).toBe(40);
    expect(limit.hit('b')).toBe(0);
  });

  it('slides: the oldest hit leaving the window frees one slot', () => {
    let now = 0;
    const limit = slidingWindow(2, 60_000, () => now);
    limit.hit('a');
    now = 30_000;
    limit.hit('a');
    now = 60_001;
    expect(limit.hit('a')).toBe(0);
    expect(limit.hit('a')).toBeGreaterThan(0);
  });

  it('does not count refused hits against the caller', () => {
    let now = 0;
    const limit = slidingWindow(1, 1000, () => now);
    limit.hit('a');
    for (let i = 0; i < 5; i++) limit.hit('a');
    now = 1001;
    expect(limit.hit('a')).toBe(0);
  });
});
