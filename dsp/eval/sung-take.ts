// A fast voice-like synthesiser for sung takes (dsp/eval/pitch-target.ts): the same source as
// the fixtures' synthesiser (dsp/synth: harmonics shaped by vowel formants, per-cycle jitter
// and shimmer, breath noise), but with the harmonic amplitudes refreshed every millisecond
// instead of every sample, which makes a take about ten times quicker to render.
import { harmonicAmplitude, prng } from '../synth/synth';
import type { Source } from '../synth/specs';

export interface SungSegment {
  seconds: number;
  /** Null: silence. A number: a held pitch. [from, to]: a glide, even in cents. */
  hz: number | [number, number] | null;
  vibrato?: { rate: number; cents: number };
  source?: Source;
  /** Relative SD per glottal cycle. */
  jitter?: number;
  shimmer?: number;
  /** Breath noise this many dB below the voice. */
  noiseSnrDb?: number;
}

const LEVEL_DB = -20;
const FADE_S = 0.02;
const MAX_HARMONIC_HZ = 8000;

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
}

/** The sung pitch `t` seconds into a segment (vibrato in cents around the line). */
export function sungHzAt(seg: SungSegment, t: number): number | null {
  if (seg.hz === null) return null;
  const base = Array.isArray(seg.hz) ? seg.hz[0] * (seg.hz[1] / seg.hz[0]) ** (t / seg.seconds) : seg.hz;
  const vib = seg.vibrato ? seg.vibrato.cents * Math.sin(2 * Math.PI * seg.vibrato.rate * t) : 0;
  return base * 2 ** (vib / 1200);
}

function setRms(buf: Float64Array, db: number): void {
  let sum = 0;
  for (const v of buf) sum += v * v;
  const gain = sum > 0 ? 10 ** (db / 20) / Math.sqrt(sum / buf.length) : 0;
  for (let i = 0; i < buf.length; i++) buf[i] = (buf[i] ?? 0) * gain;
}

function renderVoice(
  seg: SungSegment,
  rate: number,
  rand: () => number,
  jitterCents: Float32Array,
): Float64Array {
  const n = Math.round(seg.seconds * rate);
  const out = new Float64Array(n);
  const source = seg.source ?? 'vowel-a';
  const refresh = Math.max(1, Math.round(rate / 1000));
  const amps = new Float64Array(64);
  let harmonics = 0;
  let phase = 0;
  let jitter = 0;
  let shimmer = 1;
  for (let i = 0; i < n; i++) {
    const f0 = (sungHzAt(seg, i / rate) ?? 0) * (1 + jitter);
    jitterCents[i] = 1200 * Math.log2(1 + jitter);
    if (i % refresh === 0) {
      harmonics = Math.min(amps.length - 1, Math.floor(Math.min(0.45 * rate, MAX_HARMONIC_HZ) / f0));
      for (let k = 1; k <= harmonics; k++) amps[k] = harmonicAmplitude(source, k, f0);
    }
    // sin(k·phase) by the Chebyshev recurrence sin(kx) = 2cos(x)·sin((k-1)x) - sin((k-2)x):
    // one sine and one cosine a sample instead of one sine per harmonic (the same values to
    // well below float32 precision, several times quicker).
    let v = 0;
    const twoCos = 2 * Math.cos(phase);
    let before = 0;
    let current = Math.sin(phase);
    for (let k = 1; k <= harmonics; k++) {
      v += (amps[k] ?? 0) * current;
      const next = twoCos * current - before;
      before = current;
      current = next;
    }
    out[i] = v * shimmer;
    phase += (2 * Math.PI * f0) / rate;
    if (phase >= 2 * Math.PI) {
      phase -= 2 * Math.PI; // a new glottal cycle: new perturbations
      jitter = (seg.jitter ?? 0) * gaussian(rand);
      shimmer = 1 + (seg.shimmer ?? 0) * gaussian(rand);
    }
  }
  setRms(out, LEVEL_DB);
  if (seg.noiseSnrDb !== undefined) {
    // Breath: white noise through a first difference (a gentle high-pass tilt).
    const noise = new Float64Array(n);
    let prev = 0;
    for (let i = 0; i < n; i++) {
      const w = gaussian(rand);
      noise[i] = w - 0.7 * prev;
      prev = w;
    }
    setRms(noise, LEVEL_DB - seg.noiseSnrDb);
    for (let i = 0; i < n; i++) out[i] = (out[i] ?? 0) + (noise[i] ?? 0);
  }
  const fade = Math.min(Math.round(FADE_S * rate), n >> 1);
  for (let i = 0; i < fade; i++) {
    const g = 0.5 - 0.5 * Math.cos((Math.PI * i) / fade);
    out[i] = (out[i] ?? 0) * g;
    out[n - 1 - i] = (out[n - 1 - i] ?? 0) * g;
  }
  return out;
}

/** A rendered take and, per sample, how far the jitter moved the pitch off the sung line (cents). */
export interface SungTake {
  samples: Float32Array;
  jitterCents: Float32Array;
}

/** Renders the segments end to end, seeded: the same segments and seed give the same take. */
export function renderSungTake(segments: readonly SungSegment[], rate: number, seed: number): SungTake {
  const rand = prng(seed);
  const lengths = segments.map((seg) => Math.round(seg.seconds * rate));
  const total = lengths.reduce((sum, n) => sum + n, 0);
  const samples = new Float32Array(total);
  const jitterCents = new Float32Array(total);
  let at = 0;
  segments.forEach((seg, i) => {
    const n = lengths[i] ?? 0;
    if (seg.hz !== null) samples.set(renderVoice(seg, rate, rand, jitterCents.subarray(at, at + n)), at);
    at += n;
  });
  return { samples, jitterCents };
}
