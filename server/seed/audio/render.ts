import { SAMPLE_RATE } from './config';
import { planExercise, planWindow, type Phrase } from './exercises';
import type { GuidancePlan } from './guidance';
import { master, rms, toInt16 } from './master';
import { encodeMp3, type TrackEncoder } from './mp3';
import { renderDrone, renderPad, type BedContext } from './pad';
import { createRng, deriveSeed } from './prng';
import type { Recipe } from './recipe';
import { reverb } from './reverb';
import { renderTexture } from './textures';
import { renderVoice } from './voice';

export type Variant = 'voice' | 'instrumental';

/** Voice level over the bed during sung phrases (+4 dB: clearly leading, never shouting over it). */
const VOICE_OVER_BED_DB = 4;
/** The bed steps back a little in the voice version. */
const BED_DUCK = 0.8;

/** The instrumental bed (pad, drone, texture) with its room reverb; identical in both variants. */
export function renderBed(recipe: Recipe, length: number, sampleRate = SAMPLE_RATE): Float32Array {
  const ctx = (salt: string): BedContext => ({
    recipe,
    sampleRate,
    length,
    rng: createRng(deriveSeed(recipe.seed, salt)),
  });
  const dry = renderPad(ctx('pad'));
  const drone = renderDrone(ctx('drone'));
  const texture = renderTexture(ctx('texture'));
  for (let i = 0; i < length; i++) dry[i] = (dry[i] ?? 0) + (drone[i] ?? 0) + (texture[i] ?? 0);
  return reverb(dry, { sampleRate, size: 0.85, damping: 0.5, wet: 1, dry: 0.55 });
}

/** Spoken words sit this far above the (ducked) bed: clearly intelligible over the music. */
const SPEECH_OVER_BED_DB = 14;
/** Under speech the bed steps further back, with 0.3 s ramps so the dip is not heard as a pump. */
const SPEECH_DUCK = 0.5;
const DUCK_RAMP_SEC = 0.3;

/** A guided track's spoken clips (decoded PCM at the track's rate) and where they go. */
export interface Guidance {
  plan: GuidancePlan;
  clips: ReadonlyMap<string, Float32Array>;
}

/** Adds the guide voice (with its own, wetter reverb) onto the bed, level-matched to the bed. */
function addGuide(bed: Float32Array, recipe: Recipe, sampleRate: number, guidance?: Guidance): void {
  const guide = recipe.guide;
  if (!guide) throw new Error('a voice variant needs recipe.guide');
  const rng = createRng(deriveSeed(recipe.seed, 'voice'));
  // Guided: the exercise is sung only in the plan's windows, between the spoken parts.
  const phrases: Phrase[] = guidance
    ? guidance.plan.sing.flatMap((w) => planWindow(guide, recipe.tempo, w.from, w.to, rng))
    : planExercise(guide, recipe.tempo, bed.length / sampleRate, rng);
  const bedRms = rms(bed);
  const dry = renderVoice(phrases, bed.length, {
    guide,
    root: recipe.root,
    mode: recipe.scale,
    sampleRate,
    rng,
  });
  let sum = 0;
  let count = 0;
  for (const p of phrases) {
    const from = Math.round(p.start * sampleRate);
    const to = Math.round(p.end * sampleRate);
    sum += rms(dry, from, to) ** 2 * (to - from);
    count += to - from;
  }
  const voiceRms = Math.sqrt(sum / Math.max(1, count));
  if (voiceRms === 0) return;
  const gain = (bedRms * BED_DUCK * Math.pow(10, VOICE_OVER_BED_DB / 20)) / voiceRms;
  const wet = reverb(dry, { sampleRate, size: 0.7, damping: 0.55, wet: 0.9, dry: 1 });
  for (let i = 0; i < bed.length; i++) bed[i] = (bed[i] ?? 0) * BED_DUCK + gain * (wet[i] ?? 0);
}

/**
 * Ducks the bed under each spoken clip and adds the clips, level-matched to the bed's loudness
 * (measured before any voice was added, so the result does not depend on the order of mixing).
 * The speech stays dry: a room on a synthetic voice costs intelligibility.
 */
function addSpeech(bed: Float32Array, guidance: Guidance, bedRms: number, sampleRate: number): void {
  let sum = 0;
  let count = 0;
  for (const clip of guidance.clips.values()) {
    for (let i = 0; i < clip.length; i++) sum += (clip[i] ?? 0) ** 2;
    count += clip.length;
  }
  const clipRms = Math.sqrt(sum / Math.max(1, count));
  if (clipRms === 0) return;
  const gain = (bedRms * BED_DUCK * Math.pow(10, SPEECH_OVER_BED_DB / 20)) / clipRms;
  const duck = new Float32Array(bed.length).fill(1);
  const ramp = Math.round(DUCK_RAMP_SEC * sampleRate);
  for (const cue of guidance.plan.cues) {
    const from = Math.round(cue.at * sampleRate);
    const to = Math.min(bed.length, from + Math.round(cue.dur * sampleRate));
    for (let i = Math.max(0, from - ramp); i < Math.min(bed.length, to + ramp); i++) {
      const edge = i < from ? (from - i) / ramp : i >= to ? (i - to + 1) / ramp : 0;
      const g = SPEECH_DUCK + (1 - SPEECH_DUCK) * Math.min(1, edge);
      if (g < (duck[i] ?? 1)) duck[i] = g;
    }
  }
  for (let i = 0; i < bed.length; i++) bed[i] = (bed[i] ?? 0) * (duck[i] ?? 1);
  for (const cue of guidance.plan.cues) {
    const pcm = guidance.clips.get(cue.clip);
    if (!pcm) throw new Error(`missing cue clip ${cue.clip}`);
    const from = Math.round(cue.at * sampleRate);
    // The plan may cut a clip short (a count word's trailing silence): 20 ms fade, no click.
    const n = Math.min(pcm.length, Math.round(cue.dur * sampleRate), bed.length - from);
    const fade = Math.min(n, Math.round(0.02 * sampleRate));
    for (let i = 0; i < n; i++) {
      const tail = n - i <= fade ? (n - i) / fade : 1;
      bed[from + i] = (bed[from + i] ?? 0) + gain * tail * (pcm[i] ?? 0);
    }
  }
}

/** Final float samples of one variant, mastered into [-1, 1]. Leaves `bed` untouched. */
export function finishTrack(
  bed: Float32Array,
  recipe: Recipe,
  variant: Variant,
  sampleRate = SAMPLE_RATE,
  guidance?: Guidance,
) {
  const buf = bed.slice();
  if (variant === 'voice') {
    const bedRms = rms(buf);
    addGuide(buf, recipe, sampleRate, guidance);
    if (guidance) addSpeech(buf, guidance, bedRms, sampleRate);
  }
  master(buf, sampleRate);
  return buf;
}

export function renderTrack(recipe: Recipe, lengthSec: number, variant: Variant, sampleRate = SAMPLE_RATE) {
  return finishTrack(
    renderBed(recipe, Math.round(lengthSec * sampleRate), sampleRate),
    recipe,
    variant,
    sampleRate,
  );
}

/** 16-bit dithered PCM to MP3; the dither is seeded too, so the bytes are a pure function of the recipe. */
export function trackToMp3(
  track: Float32Array,
  recipe: Recipe,
  onProgress?: (fraction: number) => void,
  encoder?: TrackEncoder,
): Uint8Array {
  const pcm = toInt16(track, createRng(deriveSeed(recipe.seed, 'dither')));
  return encoder ? encoder(pcm, onProgress) : encodeMp3(pcm, SAMPLE_RATE, undefined, onProgress);
}

/** The MP3 bytes of one track: a pure function of (recipe, length, variant). */
export function renderTrackMp3(recipe: Recipe, lengthSec: number, variant: Variant): Uint8Array {
  return trackToMp3(renderTrack(recipe, lengthSec, variant), recipe);
}
