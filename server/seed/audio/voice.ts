import type { Phrase, SungNote } from './exercises';
import { Resonator } from './filters';
import { degreeToMidi, intoRange, midiToHz, noteToMidi, type Mode } from './music';
import type { Rng } from './prng';
import type { Guide } from './recipe';
import { REGISTER_LOW, vowelShape } from './vowels';

/** Control values (pitch, formants, level) move once per block; audio-rate work stays minimal. */
const BLOCK = 32;
/** Rosenberg glottal pulse: opening and closing fractions of the period (the rest is closed). */
const OPEN = 0.45;
const CLOSE = 0.17;
/** Mean of the pulse over one period, removed so the voice carries no DC "thump" under its envelope. */
const PULSE_MEAN = OPEN * 0.5 + (CLOSE * 2) / Math.PI;
const VIBRATO_SEMITONES = 0.22;
/**
 * Share of the pulse's derivative (lip radiation, +6 dB/octave) mixed into the flow. The raw flow
 * alone sounds muffled, "behind a wall"; full radiation sounds buzzy. This crosses over near the
 * 4th harmonic.
 */
const RADIATION = 0.04;

export interface VoiceContext {
  guide: Guide;
  root: string;
  mode: Mode;
  sampleRate: number;
  rng: Rng;
}

function glottalPulse(p: number): number {
  if (p < OPEN) return 0.5 * (1 - Math.cos((Math.PI * p) / OPEN));
  if (p < OPEN + CLOSE) return Math.cos((Math.PI / 2) * ((p - OPEN) / CLOSE));
  return 0;
}

function smooth01(x: number): number {
  const c = Math.min(1, Math.max(0, x));
  return c * c * (3 - 2 * c);
}

function noteAt(phrase: Phrase, t: number): SungNote | null {
  for (const n of phrase.notes) if (t >= n.start && t < n.start + n.dur) return n;
  return null;
}

/** Pitch (MIDI, fractional) the singer aims for at time t of note n, including glides and vibrato. */
function targetMidi(n: SungNote, base: number, mode: Mode, t: number, vibPhase: number): number {
  const from = degreeToMidi(base, mode, n.degree);
  const age = t - n.start;
  if (n.glideTo !== null) {
    const to = degreeToMidi(base, mode, n.glideTo);
    return from + (to - from) * smooth01(age / n.dur);
  }
  const depth = VIBRATO_SEMITONES * smooth01((age - 0.3) / 0.6);
  return from + depth * Math.sin(vibPhase);
}

interface VoiceState {
  phase: number;
  midi: number;
  amp: number;
  formants: [number, number, number];
  muffle: number;
  muffled: number;
  lastPulse: number;
  filters: [Resonator, Resonator, Resonator, Resonator];
  smoothing: Smoothing;
}

/** Per-block smoothing factors of the controls (one-pole glides with these time constants). */
interface Smoothing {
  attack: number;
  release: number;
  pitch: number;
  vowel: number;
}

function smoothing(sr: number): Smoothing {
  const k = (tau: number) => 1 - Math.exp(-BLOCK / (tau * sr));
  return { attack: k(0.06), release: k(0.1), pitch: k(0.045), vowel: k(0.06) };
}

function newState(sr: number, first: SungNote, base: number, ctx: VoiceContext): VoiceState {
  const shape = vowelShape(first.vowel, ctx.guide.voice);
  const filters = [new Resonator(sr), new Resonator(sr), new Resonator(sr), new Resonator(sr)] as const;
  return {
    phase: 0,
    midi: degreeToMidi(base, ctx.mode, first.degree),
    amp: 0,
    formants: [...shape.f],
    muffle: shape.muffle,
    muffled: 0,
    lastPulse: 0,
    filters: [...filters],
    smoothing: smoothing(sr),
  };
}

/** Moves the smoothed controls one block towards the note's targets and retunes the formant filters. */
function stepControls(
  st: VoiceState,
  n: SungNote | null,
  midiTarget: number,
  ctx: VoiceContext,
  t: number,
): number {
  const k = st.smoothing;
  const age = n ? t - n.start : 0;
  const dip = n !== null && n.articulate && age > n.dur - 0.08;
  const ampTarget = n === null ? 0 : dip ? 0.3 : 1;
  st.amp += (ampTarget - st.amp) * (ampTarget > st.amp ? k.attack : k.release);
  st.midi += (midiTarget - st.midi) * k.pitch;
  if (n) {
    const shape = vowelShape(n.vowel, ctx.guide.voice);
    for (let i = 0; i < 3; i++) st.formants[i as 0] += ((shape.f[i] ?? 0) - st.formants[i as 0]) * k.vowel;
    st.muffle += (shape.muffle - st.muffle) * k.vowel;
  }
  const f0 = midiToHz(st.midi);
  // Singers raise F1 above the pitch on high notes (formant tuning); it also keeps them from sounding thin.
  const [f1, f2, f3] = st.formants;
  st.filters[0].set(Math.max(f1, f0 * 1.15), 90);
  st.filters[1].set(f2, 110);
  st.filters[2].set(f3, 170);
  st.filters[3].set(3400, 250);
  return f0;
}

function renderBreath(out: Float32Array, at: number, ctx: VoiceContext): void {
  const sr = ctx.sampleRate;
  const len = Math.round(0.55 * sr);
  const start = Math.round(at * sr) - len - Math.round(0.08 * sr);
  if (start < 0) return;
  const band = new Resonator(sr);
  band.set(1400, 1300);
  for (let i = 0; i < len; i++) {
    const env = Math.pow(Math.sin((Math.PI * i) / len), 2);
    out[start + i] = (out[start + i] ?? 0) + 0.05 * env * band.process(ctx.rng() * 2 - 1);
  }
}

function renderPhrase(out: Float32Array, phrase: Phrase, base: number, ctx: VoiceContext): void {
  const sr = ctx.sampleRate;
  const first = phrase.notes[0];
  if (!first) return;
  const st = newState(sr, first, base, ctx);
  const vibRate = 5.1 + ctx.rng() * 0.4;
  const s0 = Math.round(phrase.start * sr);
  const s1 = Math.min(out.length, Math.round((phrase.end + 0.5) * sr));
  let prevAmp = 0;
  for (let b = s0; b < s1; b += BLOCK) {
    const t = b / sr;
    const n = noteAt(phrase, t);
    const vib = 2 * Math.PI * vibRate * t;
    const midiTarget = n ? targetMidi(n, base, ctx.mode, t, vib) : st.midi;
    const inc = stepControls(st, n, midiTarget, ctx, t) / sr;
    const muffleK = 1 - Math.exp((-2 * Math.PI * st.muffle) / sr);
    const trill = n?.trill ?? false;
    const end = Math.min(s1, b + BLOCK);
    // The formant cascade's coefficients and state live in locals for the block (same arithmetic
    // as Resonator.process, without a property store and reload per filter and sample).
    const [r0, r1, r2, r3] = st.filters;
    const { a: a0, b: b0, c: c0 } = r0;
    const { a: a1, b: b1, c: c1 } = r1;
    const { a: a2, b: b2, c: c2 } = r2;
    const { a: a3, b: b3, c: c3 } = r3;
    let { y1: p0, y2: q0 } = r0;
    let { y1: p1, y2: q1 } = r1;
    let { y1: p2, y2: q2 } = r2;
    let { y1: p3, y2: q3 } = r3;
    let { phase, lastPulse, muffled } = st;
    for (let i = b; i < end; i++) {
      phase += inc;
      if (phase >= 1) phase -= 1;
      const aspiration = (ctx.rng() * 2 - 1) * (phase < OPEN + CLOSE ? 0.05 : 0.015);
      const pulse = glottalPulse(phase);
      const x = pulse - PULSE_MEAN + (RADIATION * (pulse - lastPulse)) / inc + aspiration;
      lastPulse = pulse;
      const y0 = a0 * x + b0 * p0 + c0 * q0;
      q0 = p0;
      p0 = y0;
      const y1 = a1 * y0 + b1 * p1 + c1 * q1;
      q1 = p1;
      p1 = y1;
      const y2 = a2 * y1 + b2 * p2 + c2 * q2;
      q2 = p2;
      p2 = y2;
      const y3 = a3 * y2 + b3 * p3 + c3 * q3;
      q3 = p3;
      p3 = y3;
      muffled += (y3 - muffled) * muffleK;
      const a = prevAmp + ((st.amp - prevAmp) * (i - b)) / BLOCK;
      const flutter = trill ? 0.62 + 0.38 * Math.sin((2 * Math.PI * 27 * i) / sr) : 1;
      out[i] = (out[i] as number) + a * flutter * muffled;
    }
    st.phase = phase;
    st.lastPulse = lastPulse;
    st.muffled = muffled;
    r0.y1 = p0;
    r0.y2 = q0;
    r1.y1 = p1;
    r1.y2 = q1;
    r2.y1 = p2;
    r2.y2 = q2;
    r3.y1 = p3;
    r3.y2 = q3;
    prevAmp = st.amp;
  }
}

/** The dry guide voice for a whole track: every phrase preceded by a soft in-breath. */
export function renderVoice(phrases: Phrase[], length: number, ctx: VoiceContext): Float32Array {
  const out = new Float32Array(length);
  const base = intoRange(noteToMidi(ctx.root), REGISTER_LOW[ctx.guide.voice]);
  for (const phrase of phrases) {
    renderBreath(out, phrase.start, ctx);
    renderPhrase(out, phrase, base, ctx);
  }
  return out;
}
