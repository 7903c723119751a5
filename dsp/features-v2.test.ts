// Monotonicity of each voice feature on synthetic voices: the feature must move the right
// way when exactly one property of the voice changes (README: "Voice features").
import { describe, expect, it } from 'vitest';
import { createVoiceAnalyser } from './loader';
import { voiceModule } from './test-helpers';
import { renderFixture } from './synth/synth';
import type { Segment } from './synth/specs';
import type { VoiceFrame } from './types';

// 16 kHz (a Bluetooth headset's rate) keeps the synthesis fast and covers 0-7 kHz.
const RATE = 16000;

function voice(extra: Partial<Segment>, dur = 1.6): Float32Array {
  const seg: Segment = { dur, kind: 'tone', f0: 220, source: 'vowel-a', level: -18, ...extra };
  return renderFixture({
    file: `t-${JSON.stringify(extra)}`,
    sampleRate: RATE,
    description: '',
    segments: [seg],
  }).samples;
}

async function frames(samples: Float32Array): Promise<VoiceFrame[]> {
  return createVoiceAnalyser(await voiceModule(), { sampleRate: RATE }).analyse(samples);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
/** Mean of a measure over voiced frames that have it (stability needs a held note first). */
async function measure(samples: Float32Array, pick: (f: VoiceFrame) => number): Promise<number> {
  return mean((await frames(samples)).filter((f) => f.f0 !== null && pick(f) !== 0).map(pick));
}

function strictlyDecreasing(values: number[]): void {
  for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1] ?? 0);
}

describe('stability', () => {
  it('falls as cycle jitter grows from 0 to 5 %', async () => {
    const values = [];
    for (const jitter of [0, 0.005, 0.01, 0.02, 0.05])
      values.push(await measure(voice({ jitter }), (f) => f.stability));
    strictlyDecreasing(values);
    expect(values[0]).toBeGreaterThan(0.9);
    expect(values[4]).toBeLessThan(0.6);
  });

  it('falls as shimmer grows', async () => {
    const values = [];
    for (const shimmer of [0, 0.04, 0.1, 0.2])
      values.push(await measure(voice({ shimmer }), (f) => f.stability));
    strictlyDecreasing(values);
  });

  it('recognises vibrato (rate and extent) instead of punishing it', async () => {
    const steady = await measure(voice({}), (f) => f.stability);
    const sung = await frames(voice({ vibrato: { rate: 5.5, cents: 100 } }, 2));
    const withVibrato = sung.filter((f) => f.vibratoRate > 0);
    expect(withVibrato.length).toBeGreaterThan(50);
    expect(mean(withVibrato.map((f) => f.vibratoRate))).toBeCloseTo(5.5, 0);
    expect(Math.abs(mean(withVibrato.map((f) => f.vibratoExtent)) - 100)).toBeLessThan(20);
    expect(mean(withVibrato.map((f) => f.stability))).toBeGreaterThan(steady - 0.1);
  });

  it('falls when the pitch drifts irregularly around the note', async () => {
    // A slow random wander: several vibrato-free glides in one note.
    const wander = Float32Array.from([
      ...voice({ f0: [220, 232] }, 0.5),
      ...voice({ f0: [232, 214] }, 0.5),
      ...voice({ f0: [214, 226] }, 0.5),
    ]);
    expect(await measure(wander, (f) => f.stability)).toBeLessThan(
      (await measure(voice({}), (f) => f.stability)) - 0.05,
    );
  });
});

describe('clarity', () => {
  it('falls as breath noise grows and is not clamped for clean voices', async () => {
    const values = [];
    for (const noiseSnrDb of [40, 25, 15, 8, 3])
      values.push(await measure(voice({ noiseSnrDb }), (f) => f.clarity));
    strictlyDecreasing(values);
    expect(values[0]).toBeLessThan(1);
    expect((values[0] ?? 0) - (values[1] ?? 0)).toBeGreaterThan(0.03);
  });
});

describe('resonance', () => {
  it('rises as the same vowel gains energy at 2-4 kHz (flatter source, pressed → ringing)', async () => {
    const values = [];
    for (const tilt of [0.6, 0.3, 0, -0.3]) values.push(await measure(voice({ tilt }), (f) => f.resonance));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1] ?? 1);
  });
});

describe('projection', () => {
  it('rises with the level of the voice', async () => {
    const values = [];
    for (const level of [-40, -30, -20, -12])
      values.push(await measure(voice({ level }), (f) => f.projection));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1] ?? 1);
  });

  it('rises with a flatter spectral tilt at the same level', async () => {
    const soft = await measure(voice({ tilt: 0.6 }), (f) => f.projection);
    const strong = await measure(voice({ tilt: -0.3 }), (f) => f.projection);
    expect(strong).toBeGreaterThan(soft + 0.05);
  });

  it('does not rise when noise is added', async () => {
    const clean = await measure(voice({}), (f) => f.projection);
    const noisy = await measure(voice({ noiseSnrDb: 6 }), (f) => f.projection);
    expect(noisy).toBeLessThanOrEqual(clean);
  });

  it('flags clipping and gives clipped frames no projection', async () => {
    const loud = voice({ level: -6 }).map((v) => Math.max(-1, Math.min(1, v * 3)));
    const fs = (await frames(loud)).filter((f) => f.f0 !== null);
    expect(fs.filter((f) => f.clipped).length).toBeGreaterThan(fs.length * 0.9);
    expect(fs.filter((f) => f.clipped && f.projection > 0)).toHaveLength(0);
    const clean = (await frames(voice({}))).filter((f) => f.clipped);
    expect(clean).toHaveLength(0);
  });
});

describe('non-voice', () => {
  it('computes no voice measure on noise, hum or silence', async () => {
    const noise = renderFixture({
      file: 'noise',
      sampleRate: RATE,
      description: '',
      segments: [
        { dur: 1, kind: 'noise', level: -20 },
        { dur: 1, kind: 'tone', f0: 50, source: 'pure', level: -20, outOfRange: true },
      ],
    }).samples;
    // Frames whose window straddles the noise-to-hum boundary at 1 s are left out.
    for (const f of (await frames(noise)).filter((x) => Math.abs(x.t - 1) > 0.04)) {
      expect(f.f0).toBeNull();
      expect([f.clarity, f.stability, f.resonance, f.projection, f.hnr]).toEqual([0, 0, 0, 0, 0]);
    }
  });
});
