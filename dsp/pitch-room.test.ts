import { describe, expect, it } from 'vitest';
import { reverbCorpus } from './eval/corpora';
import { grossRate, oursEstimator, recall, score } from './eval/score';
import { voiceModule } from './test-helpers';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';

// espeak-ng speech in a small room (RT60 0.5 s), Praat on the dry speech as truth. In a room a
// low voice's formant rings on: the male voice's 7th harmonic (~620 Hz) once dipped deeper than
// its own 89 Hz period and the reverberant onset of a rising female syllable read an octave
// low; the tracker now rejects both (tracker.ts: isRinging, the CMNDF form of isSubharmonic).
describe('pitch in a reverberant room', () => {
  it(
    'makes no gross error (> 20 %) on any frame it voices and still voices most of the speech',
    async () => {
      const s = score(reverbCorpus(), oursEstimator(await voiceModule()));
      expect(s.hits).toBeGreaterThan(300);
      expect(s.gross).toBe(0);
      expect(grossRate(s)).toBe(0);
      expect(recall(s)).toBeGreaterThan(0.78);
    },
    scaledTimeout(60_000),
  );
});
