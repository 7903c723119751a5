// The voice range fixtures (fixtures/voice/range/, issue 31) and where Praat's truth on them is
// kept. Shared by the generator (make-range-fixtures.ts), the tests and the benchmark.
import { resolve } from 'node:path';

export const RANGE_DIR = resolve(import.meta.dirname, '../../fixtures/voice/range');
export const RANGE_TRUTH = resolve(RANGE_DIR, 'praat-truth.json');

export interface RangeFixture {
  file: string;
  /** How it was made, in a few words. */
  what: string;
}

export const RANGE_FIXTURES: RangeFixture[] = [
  { file: 'glide-m-16k.wav', what: 'KlattGrid male glide 90-350-90 Hz, crescendo then decrescendo' },
  { file: 'glide-f-16k.wav', what: 'KlattGrid female glide 180-900-180 Hz, crescendo then decrescendo' },
  {
    file: 'notes-m-16k.wav',
    what: 'KlattGrid male held notes G2 B2 D3 G3, each soft (72 dB) then loud (90 dB)',
  },
  { file: 'notes-f-22k.wav', what: 'KlattGrid female held notes A3 E4 A4 E5, each soft then loud' },
  { file: 'jitter-m-16k.wav', what: 'KlattGrid male glide 90-225 Hz, jitter rising from 0 to 3 %' },
  { file: 'espeak-phrase-22k.wav', what: 'espeak-ng phrase spoken at three pitches (-p 15, 50, 95)' },
  {
    file: 'espeak-degraded-16k.wav',
    what: 'the espeak-ng phrase through sox: low-pass 3 kHz, white noise at -30 dB',
  },
];

/** Praat's measures of one fixture (scripts/range/range-truth.praat). */
export interface RangeTruth {
  lowestHz: number;
  highestHz: number;
  jitterPercent: number | null;
  voicedFrames: number;
  /** Each voiced frame's F0 (Hz) and intensity (dB), in time order. */
  f0: number[];
  db: number[];
}
