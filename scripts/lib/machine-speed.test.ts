import { afterEach, describe, expect, it } from 'vitest';
import { factorFor, REFERENCE_MS, scaledTimeout, SPEED_ENV, speedFactor } from './machine-speed.mjs';

describe('the calibrated clock', () => {
  const given = process.env[SPEED_ENV];
  afterEach(() => {
    process.env[SPEED_ENV] = given;
  });

  it('is 1 on the reference machine or a quicker one, and grows with the workload time', () => {
    expect(factorFor(REFERENCE_MS)).toBe(1);
    expect(factorFor(REFERENCE_MS / 3)).toBe(1);
    expect(factorFor(REFERENCE_MS * 2.5)).toBe(2.5);
  });

  it('never multiplies a limit by more than 12, whatever one stalled measurement says', () => {
    expect(factorFor(REFERENCE_MS * 100)).toBe(12);
  });

  it('scales a limit by the factor the test command measured and handed down', () => {
    process.env[SPEED_ENV] = '2.5';
    expect(speedFactor()).toBe(2.5);
    expect(scaledTimeout(20_000)).toBe(50_000);
  });
});
