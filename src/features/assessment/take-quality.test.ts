import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeWav } from '../../../dsp/wav';
import { createAutoStop } from './auto-stop';
import { checkTake, trimTake } from './take-quality';

const RATE = 16000;
/** A voice-like tone: 180 Hz with a few harmonics, `seconds` long after `leadSeconds` of room. */
function voice(seconds: number, amplitude = 0.3, leadSeconds = 0.5): Float32Array {
  const out = new Float32Array(Math.round((seconds + leadSeconds + 0.5) * RATE));
  const start = Math.round(leadSeconds * RATE);
  for (let i = 0; i < Math.round(seconds * RATE); i++) {
    const t = i / RATE;
    out[start + i] =
      (amplitude *
        (Math.sin(2 * Math.PI * 180 * t) +
          0.5 * Math.sin(2 * Math.PI * 360 * t) +
          0.25 * Math.sin(2 * Math.PI * 540 * t))) /
      1.75;
  }
  return out;
}
function noise(seconds: number, amplitude = 0.2): Float32Array {
  let seed = 7;
  return Float32Array.from({ length: seconds * RATE }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed / 2 ** 31 - 0.5) * 2 * amplitude;
  });
}

describe('a take checked on the device', () => {
  it('accepts a held "ah" of 4 seconds and measures how long it was held', () => {
    expect(checkTake('vowel', voice(4), RATE)).toEqual({ problem: null, heldSeconds: 4 });
  });
  it('asks for a longer "ah" when it was held under 3 seconds', () => {
    expect(checkTake('vowel', voice(2), RATE).problem).toBe('too-short');
  });
  it('says a take is too quiet when the voice is faint', () => {
    expect(checkTake('vowel', voice(4, 0.01), RATE).problem).toBe('too-quiet');
  });
  it('says a take is clipped when the voice hit full scale', () => {
    const loud = voice(4, 3).map((s) => Math.max(-1, Math.min(1, s)));
    expect(checkTake('vowel', loud, RATE).problem).toBe('clipped');
  });
  it('says noise, or a breath with no voice in it, is not a voice', () => {
    expect(checkTake('breath', noise(4), RATE).problem).toBe('not-a-voice');
    // An unvoiced "hhh": noise through two one-pole low-passes at about 1 kHz.
    const breath = noise(4, 0.6);
    const a = Math.exp((-2 * Math.PI * 1000) / RATE);
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 1; i < breath.length; i++) breath[i] = (1 - a) * breath[i]! + a * breath[i - 1]!;
    }
    expect(checkTake('vowel', breath, RATE).problem).toBe('not-a-voice');
  });
  it('takes a hoarse, creaky, diplophonic or breathy "ah" (issue 31: they were turned away)', () => {
    const dir = resolve(import.meta.dirname, '../../../fixtures/voice/graded');
    const vowels = readdirSync(dir).filter((name) => name.endsWith('-vowel.wav'));
    expect(vowels.length).toBeGreaterThanOrEqual(7);
    for (const name of vowels) {
      const wav = decodeWav(readFileSync(resolve(dir, name)));
      const samples = Float32Array.from(wav.samples);
      expect({ name, problem: checkTake('vowel', samples, wav.sampleRate).problem }).toEqual({
        name,
        problem: null,
      });
    }
  });
  it('times the breath task as the longest held sound (the maximum phonation time)', () => {
    expect(checkTake('breath', voice(12.3), RATE)).toEqual({ problem: null, heldSeconds: 12.3 });
  });
});

describe('a step that ends by itself', () => {
  const feed = (stop: ReturnType<typeof createAutoStop>, rms: number, seconds: number) => {
    for (let t = 0; t < seconds; t += 0.05) if (stop.feed(rms, 0.05)) return true;
    return false;
  };
  it('ends the "ah" once it has been held 4 seconds', () => {
    const stop = createAutoStop('vowel');
    expect(feed(stop, 0, 1)).toBe(false);
    expect(feed(stop, 0.1, 3.9)).toBe(false);
    expect(feed(stop, 0.1, 0.2)).toBe(true);
  });
  it('ends the sentence after a pause longer than between words', () => {
    const stop = createAutoStop('sentence');
    expect(feed(stop, 0.1, 2) || feed(stop, 0, 0.5) || feed(stop, 0.1, 2)).toBe(false);
    expect(feed(stop, 0, 1.3)).toBe(true);
  });
  it('ends when nothing was heard for 6 seconds', () => {
    expect(feed(createAutoStop('breath'), 0.001, 6.1)).toBe(true);
  });
});

describe('the part of a take the engine gets', () => {
  it('is the held "ah" alone, without the silence around it', () => {
    const take = voice(4, 0.3, 0.5);
    const kept = trimTake('vowel', take, RATE);
    expect(kept.length / RATE).toBeCloseTo(4, 1);
    expect(Math.abs(kept[kept.length - 1]!)).toBeGreaterThan(0);
  });
  it('is the reading from its first to its last sound, with a little room', () => {
    const kept = trimTake('sentence', voice(2, 0.3, 1), RATE);
    expect(kept.length / RATE).toBeCloseTo(2.2, 1);
  });
});
