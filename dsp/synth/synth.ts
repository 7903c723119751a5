// Additive voice-like synthesis for the fixtures: a phase accumulator driven by the
// instantaneous f0, harmonic amplitudes from a source model and (for vowels) a cascade of
// formant resonances, per-cycle jitter/shimmer, and seeded noise.
import type { FixtureSpec, Segment, Source } from './specs';
import { TRACK_STEP } from './specs';

const FORMANTS: Record<string, [number, number][]> = {
  // [frequency, bandwidth] Hz; Peterson & Barney style averages.
  'vowel-a': [
    [730, 90],
    [1090, 110],
    [2440, 170],
    [3400, 250],
  ],
  'vowel-i': [
    [270, 60],
    [2290, 100],
    [3010, 170],
    [3700, 250],
  ],
  'vowel-u': [
    [300, 60],
    [870, 90],
    [2240, 170],
    [3400, 250],
  ],
};

function resonance(f: number, [fc, bw]: [number, number]): number {
  const x = f / fc;
  return 1 / Math.sqrt((1 - x * x) ** 2 + ((f * bw) / (fc * fc)) ** 2);
}

export function harmonicAmplitude(source: Source, k: number, f0: number): number {
  switch (source) {
    case 'pure':
      return k === 1 ? 1 : 0;
    case 'saw':
      return 1 / k;
    case 'strong-h2':
      return k === 1 ? 0.2 : k === 2 ? 1 : k <= 6 ? 0.25 / k : 0;
    case 'missing-fundamental':
      return k >= 2 && k <= 8 ? 1 / k : 0;
    default: {
      const f = k * f0;
      return (FORMANTS[source] ?? []).reduce((g, formant) => g * resonance(f, formant), 1 / k);
    }
  }
}

/** Mulberry32: small, fast, seeded. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
}

function f0At(seg: Segment, t: number): number {
  const f = seg.f0 ?? 0;
  const base = Array.isArray(f) ? f[0] * (f[1] / f[0]) ** (t / seg.dur) : f;
  const vib = seg.vibrato ? seg.vibrato.cents * Math.sin(2 * Math.PI * seg.vibrato.rate * t) : 0;
  return base * 2 ** (vib / 1200);
}

function normalise(buf: Float64Array, levelDb: number): void {
  let sum = 0;
  for (const v of buf) sum += v * v;
  const rms = Math.sqrt(sum / Math.max(1, buf.length));
  const gain = rms > 0 ? 10 ** (levelDb / 20) / rms : 0;
  for (let i = 0; i < buf.length; i++) buf[i] = (buf[i] ?? 0) * gain;
}

function renderTone(seg: Segment, sr: number, rand: () => number): Float64Array {
  const n = Math.round(seg.dur * sr);
  const out = new Float64Array(n);
  const source = seg.source ?? 'saw';
  const tilt = seg.tilt ?? 0;
  let phase = 0;
  let jitter = 0;
  let shimmer = 1;
  for (let i = 0; i < n; i++) {
    const f0 = f0At(seg, i / sr) * (1 + jitter);
    const limit = Math.min(40, Math.floor(Math.min(0.45 * sr, 8000) / f0));
    let v = 0;
    for (let k = 1; k <= limit; k++) v += harmonicAmplitude(source, k, f0) * k ** -tilt * Math.sin(k * phase);
    out[i] = v * shimmer;
    phase += (2 * Math.PI * f0) / sr;
    if (phase >= 2 * Math.PI) {
      // A new glottal cycle: draw its period and amplitude perturbations.
      phase -= 2 * Math.PI;
      jitter = (seg.jitter ?? 0) * gaussian(rand);
      shimmer = 1 + (seg.shimmer ?? 0) * gaussian(rand);
    }
  }
  fade(out, Math.round(0.02 * sr));
  return out;
}

function fade(buf: Float64Array, len: number): void {
  for (let i = 0; i < len && i < buf.length; i++) {
    const g = 0.5 - 0.5 * Math.cos((Math.PI * i) / len);
    buf[i] = (buf[i] ?? 0) * g;
    buf[buf.length - 1 - i] = (buf[buf.length - 1 - i] ?? 0) * g;
  }
}

function renderNoise(seg: Segment, sr: number, rand: () => number, breath: boolean): Float64Array {
  const out = new Float64Array(Math.round(seg.dur * sr));
  let prev = 0;
  for (let i = 0; i < out.length; i++) {
    const w = gaussian(rand);
    // Breath noise: white noise through a first difference (a gentle high-pass tilt).
    out[i] = breath ? w - 0.7 * prev : w;
    prev = w;
  }
  fade(out, Math.round(0.02 * sr));
  return out;
}

function renderSegment(seg: Segment, sr: number, rand: () => number): Float64Array {
  if (seg.kind === 'silence') return new Float64Array(Math.round(seg.dur * sr));
  if (seg.kind === 'noise' || seg.kind === 'breath') {
    const noise = renderNoise(seg, sr, rand, seg.kind === 'breath');
    normalise(noise, seg.level ?? -30);
    return noise;
  }
  const tone = renderTone(seg, sr, rand);
  normalise(tone, seg.level ?? -18);
  if (seg.noiseSnrDb !== undefined) {
    const noise = renderNoise(seg, sr, rand, true);
    normalise(noise, (seg.level ?? -18) - seg.noiseSnrDb);
    for (let i = 0; i < tone.length; i++) tone[i] = (tone[i] ?? 0) + (noise[i] ?? 0);
  }
  return tone;
}

function seedOf(name: string): number {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** Renders a fixture and its truth track (f0 every TRACK_STEP s; 0 = no f0 expected). */
export function renderFixture(spec: FixtureSpec): { samples: Float32Array; track: Float64Array } {
  const rand = prng(seedOf(spec.file));
  const parts = spec.segments.map((seg) => renderSegment(seg, spec.sampleRate, rand));
  const total = parts.reduce((n, p) => n + p.length, 0);
  const samples = new Float32Array(total);
  const track = new Float64Array(Math.ceil(total / spec.sampleRate / TRACK_STEP));
  let offset = 0;
  spec.segments.forEach((seg, index) => {
    const part = parts[index] ?? new Float64Array(0);
    samples.set(part, offset);
    const voiced = seg.kind === 'tone' && !seg.outOfRange;
    const start = offset / spec.sampleRate;
    for (let j = Math.ceil(start / TRACK_STEP); j * TRACK_STEP < start + seg.dur && j < track.length; j++) {
      track[j] = voiced ? f0At(seg, j * TRACK_STEP - start) : 0;
    }
    offset += part.length;
  });
  return { samples, track };
}
