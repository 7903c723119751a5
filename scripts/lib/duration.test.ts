import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { minutes as minutesUntyped } from './duration.mjs';

const minutes = minutesUntyped as (seconds: number) => string;

describe("the test run's durations", () => {
  it('carries a second that rounds up to 60 into the minutes', () => {
    expect(minutes(239.6)).toBe('4 min 00 s');
    expect(minutes(59.5)).toBe('1 min 00 s');
  });

  it('pads the seconds and keeps whole minutes', () => {
    expect(minutes(0)).toBe('0 min 00 s');
    expect(minutes(65.2)).toBe('1 min 05 s');
    expect(minutes(618)).toBe('10 min 18 s');
  });
});
