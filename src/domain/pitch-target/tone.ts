// Renders a target to sound on the device (issue 22: "a clean synthesised tone or a gentle
// piano-like timbre"). Pure: the same target and rate give the same samples, so the app can
// play it through an AudioBuffer and tests can analyse it.
import { targetHzAt } from './notes';
import type { TargetNote } from './types';

export type ToneTimbre = 'sine' | 'piano';

export interface ToneOptions {
  timbre?: ToneTimbre;
  /** Peak level, 0-1 (default 0.3: clear on a phone speaker, well below clipping). */
  level?: number;
}

/** Soft edges so notes start and stop without clicks. */
const ATTACK_S = 0.02;
const RELEASE_S = 0.06;
/** The piano-like timbre: relative level of harmonics 1-6, each fading faster than the last. */
const PIANO_PARTIALS = [1, 0.5, 0.28, 0.14, 0.08, 0.04];
const PIANO_DECAY_PER_S = 1.2;

/**
 * Mono samples at `rate` Hz for the whole target: each note at its pitch (a glide following the
 * target line evenly in cents, without a break), rests silent, soft attack and release.
 */
export function renderTarget(
  target: readonly TargetNote[],
  rate: number,
  options: ToneOptions = {},
): Float32Array {
  const timbre = options.timbre ?? 'sine';
  const level = options.level ?? 0.3;
  const partials = timbre === 'piano' ? PIANO_PARTIALS : [1];
  const norm = level / partials.reduce((a, b) => a + b, 0);
  const total = Math.round(target.reduce((sum, n) => sum + n.seconds, 0) * rate);
  const out = new Float32Array(total);
  let phase = 0; // cycles of the fundamental, continuous across notes
  let startSample = 0;
  let sinceAttack = 0; // seconds since the last attack (a glide carries the sound over)
  target.forEach((note, i) => {
    const endSample =
      i === target.length - 1 ? total : Math.round((startSample / rate + note.seconds) * rate);
    const gliding = note.glide;
    const glidedInto = target[i - 1]?.glide === true;
    if (!glidedInto) sinceAttack = 0;
    for (let n = startSample; n < endSample; n++) {
      const intoNote = (n - startSample) / rate;
      const hz = targetHzAt(target, i, intoNote);
      if (hz === null) continue;
      phase += hz / rate;
      const attack = glidedInto ? 1 : Math.min(1, intoNote / ATTACK_S);
      const release = gliding ? 1 : Math.min(1, (endSample - n) / rate / RELEASE_S);
      let v = 0;
      partials.forEach((amp, k) => {
        const decay = timbre === 'piano' ? Math.exp(-PIANO_DECAY_PER_S * (k + 1) * 0.5 * sinceAttack) : 1;
        v += amp * decay * Math.sin(2 * Math.PI * (k + 1) * phase);
      });
      out[n] = norm * attack * release * v;
      sinceAttack += 1 / rate;
    }
    phase -= Math.floor(phase);
    startSample = endSample;
  });
  return out;
}
