// Issue 21, the pitch engine's last gaps, each on material its rules were never tuned on
// (dsp/eval/heldout.ts): low voices with Praat as truth, the bench's room with other impulse
// responses, and a mains buzz with harmonics. Every corpus is scored as `npm run bench` scores.
import { beforeAll, describe, expect, it } from 'vitest';
import { createVoiceAnalyser } from './loader';
import { voiceModule } from './test-helpers';
import { loadSpeech, speechItem } from './eval/corpora';
import {
  HELDOUT_ROOM_SEEDS,
  LOW_BAND,
  heldoutRoom,
  lowVoiceCorpus,
  mainsBuzz,
  type BuzzShape,
} from './eval/heldout';
import { falseVoicingRate, grossRate, oursEstimator, recall, score, type Estimator } from './eval/score';

let ours: Estimator;
beforeAll(async () => {
  ours = oursEstimator(await voiceModule());
});

describe('held-out low voices (Praat-made speech at 47-114 Hz, Praat as truth)', () => {
  it('has gross errors (> 20 % off) on under 0.8 % of the frames both voice, and finds 85 % of the voiced ones', () => {
    // Before the fix: 1.7 % (a formant near 390 Hz, the 4th-7th harmonic, read as the period);
    // now 0.7 %; pitchy on the same frames: 0 (but it voices a third as many).
    const s = score(lowVoiceCorpus(), ours, { band: LOW_BAND });
    expect(s.hits).toBeGreaterThan(1000);
    expect(grossRate(s)).toBeLessThan(0.008);
    expect(recall(s)).toBeGreaterThanOrEqual(0.85);
  });
});

// Seed 3's female voice was read an octave up (4.5 %: its reverberant 2nd harmonic dipped
// nearly as deep as the period, and the sub-harmonic penalty pushed the track up); now 0.6 %.
// Not fixed yet (docs/pitch-engine-gaps.md): in seed 1 the male's 5th harmonic (~400 Hz)
// rings; pitchy makes no gross error on its fewer voiced frames. That spec fails the day the
// engine meets the 1 % goal, and must then become a plain `it`.
describe('held-out rooms (espeak speech, RT60 0.5 s, impulse-response seeds the bench does not use)', () => {
  const roomGross = (seed: number) => {
    const s = score(heldoutRoom(seed), ours);
    expect(s.hits).toBeGreaterThan(250);
    return grossRate(s);
  };
  it('seed 2: gross errors on at most 1 % of the frames both voice', () => {
    expect(roomGross(HELDOUT_ROOM_SEEDS[1])).toBeLessThanOrEqual(0.01);
  });
  it('seed 3: gross errors on at most 1 % of the frames both voice', () => {
    expect(roomGross(HELDOUT_ROOM_SEEDS[2])).toBeLessThanOrEqual(0.01);
  });
  it.fails('seed 1: gross errors on at most 1 % of the frames both voice (known gap: 1.35 %)', () => {
    expect(roomGross(HELDOUT_ROOM_SEEDS[0])).toBeLessThanOrEqual(0.01);
  });
});

describe('mains buzz (50 or 60 Hz with harmonics) at -40 dBFS', () => {
  const shapes: BuzzShape[] = ['clipped', 'square', 'odd', 'harmonic'];

  it('is never voiced on its own, whatever its shape, at 16, 44.1 and 48 kHz', async () => {
    const module = await voiceModule();
    for (const shape of shapes)
      for (const hz of [50, 60])
        for (const sampleRate of [16000, 44100, 48000]) {
          const frames = createVoiceAnalyser(module, { sampleRate }).analyse(
            mainsBuzz(shape, hz, sampleRate, 1, -40),
          );
          expect(
            frames.filter((f) => f.f0 !== null),
            `${shape} ${hz} Hz at ${sampleRate} Hz`,
          ).toHaveLength(0);
        }
  });

  it('is not voiced in the pauses of a voice above it, and the voice keeps its pitch', () => {
    const male = loadSpeech('speech_male_22k');
    const clean = score([speechItem('male', male, male.samples)], ours);
    for (const shape of shapes) {
      const buzz = mainsBuzz(shape, 60, male.sampleRate, male.samples.length / male.sampleRate, -40);
      const mixed = male.samples.map((v, i) => v + (buzz[i] ?? 0));
      const s = score([speechItem(`male + ${shape} buzz`, male, mixed)], ours);
      expect(s.truthUnvoiced, shape).toBeGreaterThan(100);
      // Praat calls a few frames of this clip unvoiced that the engine voices anyway (breathy
      // offsets): the buzz must add none (before the fix: 66 % of them with a clipped buzz).
      expect(falseVoicingRate(s), shape).toBeLessThanOrEqual(falseVoicingRate(clean) + 0.01);
      expect(grossRate(s), shape).toBe(0);
      expect(recall(s), shape).toBeGreaterThanOrEqual(0.95 * recall(clean));
    }
  });
});
