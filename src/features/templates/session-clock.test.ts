import { describe, expect, it } from 'vitest';
import {
  finishClock,
  formatCountdown,
  pauseClock,
  resumeClock,
  skipStep,
  startClock,
  viewClock,
} from './session-clock';
import { parseTemplateId } from './template-api';

const steps = [60, 30, 90];
const T0 = 1_000_000;

describe('the template session clock', () => {
  it('counts down the first step from the clock, not from ticks', () => {
    const s = startClock(T0);
    expect(viewClock(s, steps, T0)).toMatchObject({ stepIndex: 0, remainingSec: 60, percent: 0 });
    expect(viewClock(s, steps, T0 + 10_400)).toMatchObject({ stepIndex: 0, remainingSec: 50, activeSec: 10 });
  });

  it('moves through steps that ran out while the tab was in the background', () => {
    const s = startClock(T0);
    // 75 s later with no tick at all: step 1 ended, 15 s into step 2.
    expect(viewClock(s, steps, T0 + 75_000)).toMatchObject({ stepIndex: 1, remainingSec: 15, percent: 41 });
  });

  it('finishes when the last step runs out, counting only the planned time as practice', () => {
    const v = viewClock(startClock(T0), steps, T0 + 500_000);
    expect(v).toMatchObject({ finished: true, percent: 100, activeSec: 180, remainingSec: 0 });
  });

  it('stands still while paused and carries on after resuming', () => {
    let s = pauseClock(startClock(T0), steps, T0 + 20_000);
    expect(viewClock(s, steps, T0 + 200_000)).toMatchObject({
      stepIndex: 0,
      remainingSec: 40,
      activeSec: 20,
    });
    s = resumeClock(s, T0 + 200_000);
    expect(viewClock(s, steps, T0 + 210_000)).toMatchObject({
      stepIndex: 0,
      remainingSec: 30,
      activeSec: 30,
    });
  });

  it('skips to the next step with its full duration, and past the last step finishes', () => {
    let s = skipStep(startClock(T0), steps, T0 + 5_000);
    expect(viewClock(s, steps, T0 + 5_000)).toMatchObject({ stepIndex: 1, remainingSec: 30, activeSec: 5 });
    s = skipStep(s, steps, T0 + 6_000);
    expect(viewClock(s, steps, T0 + 6_000)).toMatchObject({ stepIndex: 2, remainingSec: 90 });
    s = skipStep(s, steps, T0 + 7_000);
    expect(viewClock(s, steps, T0 + 60_000)).toMatchObject({ finished: true, activeSec: 7 });
  });

  it('skips while paused without starting the clock again', () => {
    let s = pauseClock(startClock(T0), steps, T0 + 1_000);
    s = skipStep(s, steps, T0 + 2_000);
    expect(viewClock(s, steps, T0 + 50_000)).toMatchObject({ stepIndex: 1, remainingSec: 30, activeSec: 1 });
  });

  it('finishes early where it stands with the time practised so far', () => {
    const s = finishClock(startClock(T0), steps, T0 + 42_000);
    expect(viewClock(s, steps, T0 + 99_000)).toMatchObject({ finished: true, activeSec: 42 });
  });

  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(600)).toBe('10:00');
  });
});

describe('the template id in the route', () => {
  it('is a positive whole number, or null so the screen says the session was not found', () => {
    expect(parseTemplateId('12')).toBe(12);
    for (const raw of [undefined, '', '0', '-1', 'abc', '1.5', '1e3', '12345678901']) {
      expect(parseTemplateId(raw), String(raw)).toBeNull();
    }
  });
});
