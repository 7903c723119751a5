import { adsr } from './envelope';
import { LowPass, Resonator } from './filters';
import { degreeToMidi, intoRange, midiToHz, noteToMidi, type Mode } from './music';
import { addOsc, makeTable, type Chorus } from './osc';
import { between, type Rng } from './prng';
import type { Recipe } from './recipe';

/** Slow attack and long release so consecutive chords cross-fade instead of switching. */
const ATTACK_SEC = 2.5;
const RELEASE_SEC = 3.5;

const TABLES = {
  'soft-sine': makeTable([
    [1, 1],
    [2, 0.3],
    [3, 0.1],
  ]),
  glass: makeTable([
    [1, 1],
    [2, 0.35],
    [3, 0.18],
    [5, 0.08],
  ]),
};

/** Evens out the pad types' natural loudness so textures sit at the same depth under each. */
const PAD_LEVEL = { 'warm-saw': 1.25, 'soft-sine': 1, glass: 1, choir: 0.6 } as const;

export interface BedContext {
  recipe: Recipe;
  sampleRate: number;
  length: number;
  rng: Rng;
}

/** MIDI notes of the chord on scale degree `degree`, voiced close to the tonic for smooth voice leading. */
export function chordNotes(tonic: number, mode: Mode, degree: number): number[] {
  const notes = [0, 2, 4].map((step) => intoRange(degreeToMidi(tonic, mode, degree + step), tonic - 2));
  notes.sort((a, b) => a - b);
  return notes;
}

export function chordSeconds(recipe: Recipe): number {
  return (recipe.chord_beats * 60) / recipe.tempo;
}

/** The chord (as MIDI notes) sounding at `t` seconds. */
export function chordAt(recipe: Recipe, t: number): number[] {
  const idx = Math.floor(t / chordSeconds(recipe)) % recipe.progression.length;
  return chordNotes(noteToMidi(recipe.root), recipe.scale, recipe.progression[idx] ?? 0);
}

/** Detuned copies per pad note: the choir is thicker (three voices), the others a pair. */
function padDetunes(pad: Recipe['pad']): number[] {
  return pad === 'choir' ? [-9, 0, 9] : [-6, 6];
}

/**
 * The gain curve of one pad voice: every note of a track holds for one chord, so all of them share
 * this one array (computed once per track, not per note: cheaper, and no garbage to collect).
 */
function padVoiceGains(ctx: BedContext, hold: number): Float32Array {
  const sr = ctx.sampleRate;
  const gains = adsr(hold, Math.round(ATTACK_SEC * sr), Math.round(sr), 0.85, Math.round(RELEASE_SEC * sr));
  const level = (0.5 * PAD_LEVEL[ctx.recipe.pad]) / padDetunes(ctx.recipe.pad).length;
  for (let i = 0; i < gains.length; i++) gains[i] = (gains[i] as number) * level;
  return gains;
}

function addPadNote(
  bus: Float32Array,
  ctx: BedContext,
  start: number,
  gains: Float32Array,
  midi: number,
): void {
  const hz = midiToHz(midi);
  const pad = ctx.recipe.pad;
  const table = pad === 'soft-sine' || pad === 'glass' ? TABLES[pad] : null;
  for (const cents of padDetunes(pad)) {
    const chorus: Chorus = { rate: between(ctx.rng, 0.07, 0.23), depthCents: 4, phase: ctx.rng() * 6.28 };
    addOsc(bus, start, gains, hz * Math.pow(2, cents / 1200), ctx.sampleRate, table, chorus, ctx.rng());
  }
}

/** Sawtooth pads are low-passed with a slowly "breathing" cutoff; choir pads also get two formants. */
function shapePadBus(bus: Float32Array, ctx: BedContext): void {
  if (ctx.recipe.pad === 'soft-sine' || ctx.recipe.pad === 'glass') return;
  const sr = ctx.sampleRate;
  const base = 450 + 1500 * ctx.recipe.brightness;
  const lp = new LowPass(sr, base, 0.6);
  const f1 = new Resonator(sr);
  const f2 = new Resonator(sr);
  f1.set(520, 160);
  f2.set(950, 220);
  const choir = ctx.recipe.pad === 'choir';
  for (let b = 0; b < bus.length; b += 64) {
    const end = Math.min(bus.length, b + 64);
    lp.set(base * (1 + 0.25 * Math.sin((2 * Math.PI * 0.04 * b) / sr)), 0.6);
    if (!choir) lp.run(bus, b, end);
    else
      for (let i = b; i < end; i++) {
        const x = lp.process(bus[i] as number);
        bus[i] = 0.6 * x + 0.4 * f2.process(f1.process(x)) * 3;
      }
  }
}

/** The chord pad over the whole track. */
export function renderPad(ctx: BedContext): Float32Array {
  const bus = new Float32Array(ctx.length);
  const chordLen = Math.round(chordSeconds(ctx.recipe) * ctx.sampleRate);
  const gains = padVoiceGains(ctx, chordLen);
  for (let start = 0; start < ctx.length; start += chordLen) {
    const notes = chordAt(ctx.recipe, start / ctx.sampleRate);
    for (const midi of notes) addPadNote(bus, ctx, start, gains, midi);
    // The chord root an octave down gives the pad body without muddying the voicing.
    addPadNote(bus, ctx, start, gains, (notes[0] ?? 48) - 12);
  }
  shapePadBus(bus, ctx);
  return bus;
}

/** Samples between exact values of the drone's slow swell (a 14-33 s cycle). */
const SWELL_STEP = 64;

/** A sustained low tonic (plus fifth or octave) that slowly swells, like a shruti box. */
export function renderDrone(ctx: BedContext): Float32Array {
  const out = new Float32Array(ctx.length);
  if (ctx.recipe.drone === 'none') return out;
  const tonic = noteToMidi(ctx.recipe.root) - 12;
  const notes = ctx.recipe.drone === 'root-fifth' ? [tonic, tonic + 7] : [tonic, tonic + 12];
  const table = TABLES['soft-sine'];
  const sr = ctx.sampleRate;
  const gains = new Float32Array(ctx.length);
  const swell = between(ctx.rng, 0.03, 0.07);
  // The swell is computed every SWELL_STEP samples and interpolated linearly in between (error
  // below 1e-7 of the gain at these rates) rather than with Math.sin for every sample.
  const at = (i: number) => 0.22 * (0.85 + 0.15 * Math.sin((2 * Math.PI * swell * i) / sr));
  for (let b = 0; b < gains.length; b += SWELL_STEP) {
    const g0 = at(b);
    const dg = (at(b + SWELL_STEP) - g0) / SWELL_STEP;
    const end = Math.min(gains.length, b + SWELL_STEP);
    for (let i = b; i < end; i++) gains[i] = g0 + dg * (i - b);
  }
  for (const midi of notes) {
    const chorus: Chorus = { rate: between(ctx.rng, 0.05, 0.12), depthCents: 3, phase: ctx.rng() * 6.28 };
    addOsc(out, 0, gains, midiToHz(midi), sr, table, chorus, ctx.rng());
  }
  return out;
}
