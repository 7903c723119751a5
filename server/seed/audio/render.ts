import { SAMPLE_RATE } from './config';
import { planExercise } from './exercises';
import { master, rms, toInt16 } from './master';
import { encodeMp3 } from './mp3';
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

/** Adds the guide voice (with its own, wetter reverb) onto the bed, level-matched to the bed. */
function addGuide(bed: Float32Array, recipe: Recipe, sampleRate: number): void {
  const guide = recipe.guide;
  if (!guide) throw new Error('a voice variant needs recipe.guide');
  const rng = createRng(deriveSeed(recipe.seed, 'voice'));
  const phrases = planExercise(guide, recipe.tempo, bed.length / sampleRate, rng);
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
  const gain = (rms(bed) * BED_DUCK * Math.pow(10, VOICE_OVER_BED_DB / 20)) / voiceRms;
  const wet = reverb(dry, { sampleRate, size: 0.7, damping: 0.55, wet: 0.9, dry: 1 });
  for (let i = 0; i < bed.length; i++) bed[i] = (bed[i] ?? 0) * BED_DUCK + gain * (wet[i] ?? 0);
}

/** Final float samples of one variant, mastered into [-1, 1]. Leaves `bed` untouched. */
export function finishTrack(bed: Float32Array, recipe: Recipe, variant: Variant, sampleRate = SAMPLE_RATE) {
  const buf = bed.slice();
  if (variant === 'voice') addGuide(buf, recipe, sampleRate);
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
export function trackToMp3(track: Float32Array, recipe: Recipe): Uint8Array {
  return encodeMp3(toInt16(track, createRng(deriveSeed(recipe.seed, 'dither'))));
}

/** The MP3 bytes of one track: a pure function of (recipe, length, variant). */
export function renderTrackMp3(recipe: Recipe, lengthSec: number, variant: Variant): Uint8Array {
  return trackToMp3(renderTrack(recipe, lengthSec, variant), recipe);
}
