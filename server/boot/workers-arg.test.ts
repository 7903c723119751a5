import { describe, expect, it } from 'vitest';
import { parseWorkers } from './workers-arg';

describe('--workers', () => {
  it('defaults to one worker per core', () => {
    expect(parseWorkers([], 6)).toBe(6);
  });

  it('reads "--workers N" and "--workers=N"', () => {
    expect(parseWorkers(['--workers', '3'], 6)).toBe(3);
    expect(parseWorkers(['--workers=2'], 6)).toBe(2);
  });

  it('refuses anything but a whole number from 1 to 256, naming the option', () => {
    for (const bad of [
      ['--workers'],
      ['--workers', '0'],
      ['--workers', 'two'],
      ['--workers=1.5'],
      ['--workers', '999'],
    ])
      expect(() => parseWorkers(bad, 6)).toThrow(/--workers must be a whole number from 1 to 256/);
  });
});
