import { describe, expect, it } from 'vitest';
import type { RangeResult } from '../../../dsp/range-types';
import { asAppLevels } from './analyse-range';

const result = (levels: RangeResult['levels'], profile: RangeResult['profile']): RangeResult => ({
  lowestHz: 98,
  highestHz: 329.63,
  lowestNote: 'G2',
  highestNote: 'E4',
  rangeSemitones: 21,
  profile,
  levels,
  voicedSeconds: 30,
  analysisMs: 10,
  engineVersion: 'test',
});

describe("the app's levels", () => {
  it('turns uncalibrated levels (the samples read as pascals) into dB against the loudest', () => {
    const shown = asAppLevels(
      result('file', [
        { semitone: 43, minDb: 52.26, maxDb: 70 },
        { semitone: 64, minDb: 60, maxDb: 78.5 },
      ]),
    );
    expect(shown.levels).toBe('relative');
    expect(shown.profile).toEqual([
      { semitone: 43, minDb: -26.2, maxDb: -8.5 },
      { semitone: 64, minDb: -18.5, maxDb: 0 },
    ]);
  });

  it('keeps calibrated levels in dB SPL as they are', () => {
    const spl = result('spl', [{ semitone: 43, minDb: 52, maxDb: 80 }]);
    expect(asAppLevels(spl)).toBe(spl);
  });
});
