/**
 * The synthesis' fast paths against the plain per-sample forms they replaced: the reverb's
 * block-wise filters and the PRNG's unboxed state must give the very same numbers (the catalogue's
 * bytes depend on them), the chorus's phasor and series must give the same pitches to far below
 * anything audible.
 */
import { describe, expect, it } from 'vitest';
import { addOsc, makeTable, type Chorus } from './osc';
import { createRng } from './prng';
import { reverb, type ReverbOptions } from './reverb';

const SR = 16_000;

/** mulberry32 as first written (state kept with `>>> 0`). */
function referenceRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The reverb as first written: all twelve filters visited for every sample. */
function referenceReverb(input: Float32Array, o: ReverbOptions): Float32Array {
  const size = (n: number) => Math.max(8, Math.round((n * 1.25 * o.sampleRate) / 44_100));
  const combs = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617].map((n) => new Float32Array(size(n)));
  const allpasses = [556, 441, 341, 225].map((n) => new Float32Array(size(n)));
  const combIdx = combs.map(() => 0);
  const combLp = combs.map(() => 0);
  const apIdx = allpasses.map(() => 0);
  const feedback = 0.7 + 0.28 * o.size;
  const damp = 0.1 + 0.5 * o.damping;
  const out = new Float32Array(input.length);
  input.forEach((x, i) => {
    let acc = 0;
    combs.forEach((line, c) => {
      const j = combIdx[c] ?? 0;
      const y = line[j] ?? 0;
      const lp = y * (1 - damp) + (combLp[c] ?? 0) * damp;
      combLp[c] = lp;
      line[j] = x + lp * feedback;
      combIdx[c] = (j + 1) % line.length;
      acc += y;
    });
    allpasses.forEach((line, a) => {
      const j = apIdx[a] ?? 0;
      const b = line[j] ?? 0;
      line[j] = acc + b * 0.5;
      apIdx[a] = (j + 1) % line.length;
      acc = b - acc;
    });
    out[i] = o.dry * x + o.wet * 0.12 * acc;
  });
  return out;
}

/** An oscillator whose chorus calls Math.sin and Math.pow for every 32-sample block. */
function referenceOsc(
  n: number,
  hz: number,
  table: Float32Array,
  c: Chorus,
  startPhase: number,
): Float32Array {
  const out = new Float32Array(n);
  let phase = startPhase;
  for (let b = 0; b < n; b += 32) {
    const cents = c.depthCents * Math.sin(c.phase + (2 * Math.PI * c.rate * b) / SR);
    const inc = (hz / SR) * Math.pow(2, cents / 1200);
    for (let i = b; i < Math.min(n, b + 32); i++) {
      phase += inc;
      if (phase >= 1) phase -= 1;
      const x = phase * 2048;
      const k = x | 0;
      const a = table[k] ?? 0;
      out[i] = a + ((table[k + 1] ?? 0) - a) * (x - k);
    }
  }
  return out;
}

function snrDb(ref: Float32Array, x: Float32Array): number {
  let signal = 0;
  let noise = 0;
  ref.forEach((r, i) => {
    signal += r * r;
    noise += (r - (x[i] ?? 0)) ** 2;
  });
  return 10 * Math.log10(signal / noise);
}

describe('synthesis fast paths', () => {
  it('draws the same random stream as the original mulberry32, seeds above 2^31 included', () => {
    for (const seed of [0, 1, 42, 0x7fffffff, 0x80000000, 0xdeadbeef, 0xffffffff]) {
      const fast = createRng(seed);
      const ref = referenceRng(seed);
      const mismatches = Array.from({ length: 5000 }, () => fast() === ref()).filter((same) => !same);
      expect(mismatches, `seed ${seed}`).toHaveLength(0);
    }
  });

  it('reverbs bit for bit like the per-sample reverb, silence tails and a partial last block included', () => {
    const rng = createRng(7);
    // 2.3 s of noise bursts and silences: not a multiple of the reverb's block.
    const input = Float32Array.from({ length: Math.round(2.3 * SR) }, (_, i) =>
      (i / 4000) % 2 < 1 ? rng() * 2 - 1 : 0,
    );
    const o = { sampleRate: SR, size: 0.85, damping: 0.5, wet: 1, dry: 0.55 };
    const fast = reverb(input, o);
    const ref = referenceReverb(input, o);
    expect(fast.length).toBe(ref.length);
    expect(fast.findIndex((x, i) => x !== ref[i])).toBe(-1);
  });

  it('keeps the chorused pad voice on the per-block Math.sin and Math.pow pitches (SNR over 120 dB)', () => {
    const table = makeTable([
      [1, 1],
      [2, 0.3],
      [3, 0.1],
    ]);
    const chorus: Chorus = { rate: 0.23, depthCents: 4, phase: 5.9 };
    const n = 60 * SR;
    const gains = new Float32Array(n).fill(1);
    const fast = new Float32Array(n);
    addOsc(fast, 0, gains, 440, SR, table, chorus, 0.3);
    expect(snrDb(referenceOsc(n, 440, table, chorus, 0.3), fast)).toBeGreaterThan(120);
  });
});
