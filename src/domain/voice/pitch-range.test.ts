import { describe, expect, it } from 'vitest';
import { lowCorpus, sopranoCorpus, vibratoSopranoCorpus } from '../../../dsp/eval/corpora';
import { oursEstimator, recall, score } from '../../../dsp/eval/score';
import { createVoiceAnalyser } from '../../../dsp/loader';
import { voiceModule } from '../../../dsp/test-helpers';
import { FULL_RANGE, memberPitchRange } from './pitch-range';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

describe('the member pitch range rule', () => {
  it('keeps the full range while the history is thin or has no pitch', () => {
    expect(memberPitchRange([])).toBeNull();
    expect(memberPitchRange([110, 120])).toBeNull();
    expect(memberPitchRange([null, undefined, 110, Number.NaN, 120])).toBeNull();
    // Values outside what the engine reports are not a voice's median.
    expect(memberPitchRange([20, 3000, 110, 120])).toBeNull();
  });

  it('widens the margins (3x down, 5x up) while the history holds fewer than 10 recordings', () => {
    expect(memberPitchRange([200, 220, 210])).toEqual({ floorHz: 66.7, ceilingHz: 1100 });
  });

  it('uses floor = lowest median / 2.5 and ceiling = highest median x 4 once settled', () => {
    const speaking = Array.from({ length: 12 }, (_, i) => 200 + i * 5);
    expect(memberPitchRange(speaking)).toEqual({ floorHz: 80, ceilingHz: 1020 });
  });

  it('clamps to 50-1500 Hz: a bass keeps 50 Hz, a soprano keeps 1500 Hz', () => {
    const bass = Array.from({ length: 10 }, (_, i) => 70 + i);
    expect(memberPitchRange(bass)).toEqual({ floorHz: FULL_RANGE.floorHz, ceilingHz: 316 });
    const soprano = Array.from({ length: 10 }, (_, i) => 700 + 20 * i);
    expect(memberPitchRange(soprano)).toEqual({ floorHz: 280, ceilingHz: FULL_RANGE.ceilingHz });
  });

  it('only widens as recordings differ: one low recording lowers the floor, one high raises the ceiling', () => {
    const base = Array.from({ length: 10 }, () => 220);
    const settled = memberPitchRange(base);
    const wider = memberPitchRange([...base, 110, 440]);
    expect(wider?.floorHz).toBeLessThan(settled?.floorHz ?? 0);
    expect(wider?.ceilingHz).toBeGreaterThan(settled?.ceilingHz ?? Infinity);
  });
});

// The range reaches the engine and never cuts a voice off: a bass (55-98 Hz notes, creak at
// 58 Hz, an 88 Hz speaking voice) and a soprano (620-1100 Hz, plain and with vibrato), each
// analysed with the range their own history would give, stay fully voiced.
describe('the engine with the member range', () => {
  it(
    'voices a bass and a soprano as fully as with the full range',
    async () => {
      const module = await voiceModule();
      const bassRange = memberPitchRange(Array.from({ length: 10 }, (_, i) => 62 + 4 * i));
      const sopranoRange = memberPitchRange(Array.from({ length: 10 }, (_, i) => 620 + 50 * i));
      expect(bassRange).toEqual({ floorHz: 50, ceilingHz: 392 });
      expect(sopranoRange).toEqual({ floorHz: 248, ceilingHz: 1500 });
      // The engine takes it, clamped (its floor never rises above 120 Hz), with a shorter window.
      const full = createVoiceAnalyser(module, { sampleRate: 48000 });
      const own = createVoiceAnalyser(module, { sampleRate: 48000, pitchRange: sopranoRange ?? undefined });
      expect(own.pitchRange).toEqual({ floorHz: 120, ceilingHz: 1500 });
      expect(own.windowSize).toBeLessThan(full.windowSize / 2);
      const low = lowCorpus();
      const high = [...sopranoCorpus(), ...vibratoSopranoCorpus()];
      const band: [number, number] = [50, 105];
      const bassFull = recall(score(low, oursEstimator(module), { band }));
      const bassOwn = score(low, oursEstimator(module, bassRange ?? undefined), { band });
      const sopranoOwn = score(high, oursEstimator(module, sopranoRange ?? undefined));
      expect(recall(bassOwn)).toBeGreaterThanOrEqual(bassFull);
      expect(recall(bassOwn)).toBeGreaterThan(0.9);
      expect(bassOwn.gross).toBe(0);
      expect(recall(sopranoOwn)).toBe(1);
      expect(sopranoOwn.gross).toBe(0);
    },
    scaledTimeout(60_000),
  );
});
