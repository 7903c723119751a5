import type { Rng } from './prng';
import { pick } from './prng';
import type { Guide } from './recipe';
import type { Vowel } from './vowels';

/** One sung note: a scale degree (optionally gliding to another) on a vowel, in absolute seconds. */
export interface SungNote {
  start: number;
  dur: number;
  degree: number;
  glideTo: number | null;
  vowel: Vowel;
  /** Re-attacked (a small dip before the next note) rather than sung legato. */
  articulate: boolean;
  /** Lip-trill buzz: fast amplitude flutter. */
  trill: boolean;
}

export interface Phrase {
  start: number;
  end: number;
  notes: SungNote[];
}

interface Step {
  beats: number;
  deg: number;
  to?: number;
  /** Index into guide.vowels; defaults to the repetition's vowel. */
  vowel?: number;
}

interface Pattern {
  steps: Step[];
  restBeats: number;
  articulate: boolean;
}

const steps = (degs: number[], beats: number[]): Step[] =>
  degs.map((deg, i) => ({ deg, beats: beats[i] ?? beats[beats.length - 1] ?? 1 }));

function callPhrase(rng: Rng): Step[] {
  const out: Step[] = [];
  for (let i = 0; i < 4; i++)
    out.push({ deg: pick(rng, [0, 1, 2, 4]), beats: pick(rng, [1, 1, 2]), vowel: i });
  out.push({ deg: 0, beats: 2, vowel: 4 });
  return out;
}

/** The shape of one repetition of each exercise, in beats and scale degrees above the current base. */
function pattern(guide: Guide, rng: Rng): Pattern {
  switch (guide.exercise) {
    case 'hum':
      return { steps: steps([0, 2, 4, 2, 0], [2, 2, 2, 2, 3]), restBeats: 4, articulate: false };
    case 'vowels':
      return {
        steps: guide.vowels.map((_, i) => ({ deg: 0, beats: 8 / guide.vowels.length, vowel: i })),
        restBeats: 4,
        articulate: false,
      };
    case 'siren':
      return {
        steps: [
          { deg: 0, to: 7, beats: 4 },
          { deg: 7, to: 0, beats: 4 },
        ],
        restBeats: 4,
        articulate: false,
      };
    case 'lip-trill':
      return {
        steps: steps([0, 1, 2, 3, 4, 3, 2, 1, 0], [1, 1, 1, 1, 1, 1, 1, 1, 2]),
        restBeats: 3,
        articulate: false,
      };
    case 'call-response': {
      const s = callPhrase(rng);
      return { steps: s, restBeats: s.reduce((a, x) => a + x.beats, 0) + 1, articulate: true };
    }
    case 'arpeggio':
      return { steps: steps([0, 2, 4, 7, 4, 2, 0], [1, 1, 1, 2, 1, 1, 2]), restBeats: 3, articulate: false };
    case 'scale':
      return {
        steps: [0, 1, 2, 3, 4, 3, 2, 1, 0].map((deg, i) => ({ deg, beats: i === 8 ? 2 : 1, vowel: i })),
        restBeats: 3,
        articulate: true,
      };
  }
}

/** Base-degree offset of repetition `rep`: climbs one scale step per repetition, then back down. */
export function climbOffset(rep: number, climb: number): number {
  if (climb === 0) return 0;
  const cycle = rep % (2 * climb);
  return cycle <= climb ? cycle : 2 * climb - cycle;
}

function buildPhrase(guide: Guide, p: Pattern, rep: number, start: number, beat: number): Phrase {
  const offset = climbOffset(rep, guide.climb);
  const vowelAt = (i: number | undefined) => guide.vowels[(i ?? rep) % guide.vowels.length] ?? 'a';
  const notes: SungNote[] = [];
  let t = start;
  for (const s of p.steps) {
    const dur = s.beats * beat;
    notes.push({
      start: t,
      dur,
      degree: s.deg + offset,
      glideTo: s.to === undefined ? null : s.to + offset,
      vowel: vowelAt(s.vowel === undefined ? undefined : s.vowel + rep),
      articulate: p.articulate,
      trill: guide.exercise === 'lip-trill',
    });
    t += dur;
  }
  return { start, end: t, notes };
}

/**
 * Lays the exercise out over the track: a bed-only intro, phrases separated by rests (time to breathe,
 * or to sing the answer in call-and-response), and a bed-only outro.
 */
export function planExercise(guide: Guide, tempo: number, lengthSec: number, rng: Rng): Phrase[] {
  const intro = Math.min(10, 0.12 * lengthSec);
  const lastEnd = lengthSec - Math.min(14, 0.15 * lengthSec);
  return planWindow(guide, tempo, intro, lastEnd, rng);
}

/**
 * Repetitions of the exercise from `from` until the next one would end after `to` (a guided
 * session sings in several such windows, between its spoken instructions).
 */
export function planWindow(guide: Guide, tempo: number, from: number, to: number, rng: Rng): Phrase[] {
  const beat = 60 / tempo;
  const phrases: Phrase[] = [];
  let t = from;
  for (let rep = 0; ; rep++) {
    const p = pattern(guide, rng);
    const phrase = buildPhrase(guide, p, rep, t, beat);
    if (phrase.end > to) break;
    phrases.push(phrase);
    t = phrase.end + p.restBeats * beat;
  }
  return phrases;
}
