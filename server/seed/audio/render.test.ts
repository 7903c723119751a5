import { createHash } from 'node:crypto';
import { PitchDetector } from 'pitchy';
import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from './config';
import { rms } from './master';
import { parseMp3 } from './mp3-info';
import { renderTrack, renderTrackMp3 } from './render';
import { quickRecipe } from './test-fixtures';

const LENGTH = 14;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Pitch (Hz) and clarity found by a McLeod pitch detector in a 2048-sample window at `sec`. */
function pitchAt(buf: Float32Array, sec: number): [number, number] {
  const from = Math.round(sec * SAMPLE_RATE);
  return PitchDetector.forFloat32Array(2048).findPitch(buf.subarray(from, from + 2048), SAMPLE_RATE);
}

const cents = (a: number, b: number) => Math.abs(1200 * Math.log2(a / b));

function maxStep(buf: Float32Array): number {
  let m = 0;
  for (let i = 1; i < buf.length; i++) m = Math.max(m, Math.abs((buf[i] ?? 0) - (buf[i - 1] ?? 0)));
  return m;
}

describe('track rendering', () => {
  const recipe = quickRecipe('gentle voice awakening');

  it('gives byte-identical MP3s when the same recipe is rendered twice', () => {
    const a = renderTrackMp3(recipe, 8, 'voice');
    const b = renderTrackMp3(recipe, 8, 'voice');
    expect(sha(a)).toBe(sha(b));
    expect(sha(renderTrackMp3({ ...recipe, seed: recipe.seed + 1 }, 8, 'voice'))).not.toBe(sha(a));
  });

  it('encodes a valid mono MP3 whose frames add up to the requested length', () => {
    const info = parseMp3(renderTrackMp3(recipe, LENGTH, 'instrumental'));
    expect(info).toMatchObject({ sampleRate: SAMPLE_RATE, channels: 1, bitrateKbps: 48 });
    expect(Math.abs(info.durationSec - LENGTH)).toBeLessThan(1);
  });

  it('sings the exercise melody over the bed: the voice version carries the hummed notes', () => {
    const voice = renderTrack(recipe, LENGTH, 'voice');
    const instrumental = renderTrack(recipe, LENGTH, 'instrumental');
    // Alto hum in D major at 120 bpm: D4, F#4, A4 on the first phrase, two beats each from ~1.7 s.
    const melody: [number, number][] = [
      [2.25, 293.66],
      [3.5, 369.99],
      [4.5, 440],
    ];
    for (const [sec, hz] of melody) {
      const [sung, clarity] = pitchAt(voice, sec);
      expect(cents(sung, hz), `voice at ${sec}s`).toBeLessThan(50);
      expect(clarity).toBeGreaterThan(0.9);
      expect(cents(pitchAt(instrumental, sec)[0], hz), `bed at ${sec}s`).toBeGreaterThan(50);
    }
  });

  it.each(['gentle voice awakening', 'playful sirens and sparks', 'calm under the spotlight'])(
    "masters '%s' without clipping, DC offset or clicks",
    (title) => {
      for (const variant of ['voice', 'instrumental'] as const) {
        const buf = renderTrack(quickRecipe(title), LENGTH, variant);
        let peak = 0;
        let sum = 0;
        for (const x of buf) {
          peak = Math.max(peak, Math.abs(x));
          sum += x;
        }
        expect(peak).toBeLessThanOrEqual(0.892);
        expect(Math.abs(sum / buf.length)).toBeLessThan(1e-3);
        expect(maxStep(buf)).toBeLessThan(0.25);
        expect(Math.abs(buf[0] ?? 1)).toBeLessThan(1e-3);
        expect(Math.abs(buf[buf.length - 1] ?? 1)).toBeLessThan(1e-3);
      }
    },
  );

  it('plays different recipes at a similar loudness (within 3 dB)', () => {
    const titles = [
      'healing drone garden',
      'morning meadow pulse',
      'bright arpeggio lift',
      'grounded low hum',
    ];
    const levels = titles.map((t) => 20 * Math.log10(rms(renderTrack(quickRecipe(t), 10, 'instrumental'))));
    expect(Math.max(...levels) - Math.min(...levels)).toBeLessThan(3);
  });
});
