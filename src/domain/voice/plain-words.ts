// The tuning room's results in plain words (issue 31: "every voice result leads with one
// sentence a member understands, then the number with what it means; technical names go behind
// a details control"). Every word here follows from a number by a threshold named below, and
// the thresholds are the ones the advice already uses, so the words and the advice never
// disagree:
// - 70 and 50 for clarity and 70 for stability: the spec's feedback thresholds (section 9,
//   "clarity and stability above 0.7 is excellent, above 0.5 is good"), as ./feedback.ts's
//   'excellent' and 'good' headlines apply them;
// - 55 for a wandering pitch: ./feedback.ts's 'wandering' tip;
// - 35 and 45 for a gentle voice and 2 % of clipped frames: ./feedback.ts's 'soft', 'too-soft'
//   and 'clipped' rules; 70 for a ringing voice: its 'ringing' tip;
// - 80 and 60 for the score: the spec's colour thresholds (./score.ts, scoreColour);
// - 10 cents for "in tune": match the note's full-closeness threshold (CLOSE_FULL_CENTS).
// These measures are the live analyser's (dsp/README.md); their 0-100 scalings are the project's
// own, so the words describe this recording, never a diagnosis.
import { CLOSE_FULL_CENTS } from '../pitch-target/score';
import { CLIPPED_SHARE } from './feedback';
import { scoreColour } from './score';

export const CLEAR = 70;
export const MOSTLY_CLEAR = 50;
export const STEADY = 70;
export const WANDERING_BELOW = 55;
export const VERY_GENTLE_BELOW = 35;
export const GENTLE_BELOW = 45;
export const RINGING_ABOVE = 70;

/** Clarity (percent) in words. */
export function clarityWords(clarity: number): string {
  if (clarity >= CLEAR) return 'clear';
  if (clarity >= MOSTLY_CLEAR) return 'mostly clear';
  return 'hazy, with some breath or roughness in the sound';
}

/** Stability (percent) in words; under 55 is the advice's "your pitch is wandering". */
export function stabilityWords(stability: number): string {
  if (stability >= STEADY) return 'steady';
  if (stability >= WANDERING_BELOW) return 'mostly steady';
  return 'with a wandering pitch';
}

/**
 * Projection (percent) in words. Clipping is read first, as the advice reads it: a clipped
 * frame has no projection, so a low projection next to clipping means "too loud", never "gentle".
 */
export function projectionWords(projection: number, clippedShare = 0): string {
  if (clippedShare > CLIPPED_SHARE) return 'too loud for the microphone';
  if (projection < VERY_GENTLE_BELOW) return 'very gentle';
  if (projection < GENTLE_BELOW) return 'gentle';
  return 'carrying well';
}

/** Resonance (percent) in words. */
export function resonanceWords(resonance: number): string {
  return resonance > RINGING_ABOVE ? 'ringing' : 'mellow';
}

const SCORE_WORDS = { green: 'a strong result', yellow: 'a good result', red: 'room to grow' } as const;

/** The score's band in words, on the spec's colour thresholds (80 / 60). */
export function scoreWordsOf(score: number): string {
  return SCORE_WORDS[scoreColour(score)];
}

/** What the score means, after the number: "out of 100: a good result (60 to 79)". */
export function scoreMeaning(score: number): string {
  const band = { green: '80 or more', yellow: '60 to 79', red: 'under 60' }[scoreColour(score)];
  return `out of 100: ${scoreWordsOf(score)} (${band}). The four parts below count equally.`;
}

export interface RecordingNumbers {
  overall: number;
  clarity: number;
  stability: number;
}

/** Clarity and stability together: "clear and steady", "mostly clear, with a wandering pitch". */
export function clarityAndStability(a: Pick<RecordingNumbers, 'clarity' | 'stability'>): string {
  const clarity = clarityWords(a.clarity);
  const stability = stabilityWords(a.stability);
  return stability.startsWith('with ') ? `${clarity}, ${stability}` : `${clarity} and ${stability}`;
}

/** The one sentence a result leads with: "Clear and steady: a strong result." */
export function recordingInWords(a: RecordingNumbers): string {
  const joined = clarityAndStability(a);
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)}: ${scoreWordsOf(a.overall)}.`;
}

/** What each part means, in one plain line (shown beside its number). */
export const AREA_MEANING = {
  clarity: 'how much of your voice is clear tone rather than breath or roughness',
  stability: 'how evenly you held your pitch and loudness',
  projection: 'how well your voice carries, from its strength and brightness',
  resonance: 'how much bright "ring" your voice has',
} as const;

/** The technical names behind each part, one line each (under "details"). */
export const TECHNICAL_TERMS = {
  hnr: 'Clarity comes from the harmonics-to-noise ratio (HNR): how much stronger the regular tone of your voice is than the noise in it, in decibels.',
  jitterShimmer:
    'Stability comes from jitter and shimmer (how much the length and the loudness of one vibration of your vocal folds differ from the next) and from how far the pitch drifts on a held note.',
  resonance:
    'Resonance compares the strongest overtone between 2 and 4 kHz (the "singer’s formant") with the strongest below 2 kHz.',
  projection:
    'Projection comes from the level of the regular part of your voice and its spectral tilt: how much energy lies above 1 kHz against below it.',
  hz: 'Hz (hertz) counts vibrations per second: the higher the number, the higher the note.',
  cents: 'A cent is a hundredth of a semitone, the step between two neighbouring piano keys.',
  volume:
    'Volume is the microphone’s level: it depends on your distance and the input setting as much as on you.',
} as const;

/**
 * How far a held pitch is from its nearest note, in words: within 10 cents "in tune" (where
 * match the note gives a note every closeness point); further "a little" sharp or flat (the
 * nearest note is never more than 50 cents away).
 */
export function tuneWords(cents: number): string {
  if (Math.abs(cents) <= CLOSE_FULL_CENTS) return 'in tune';
  return cents > 0 ? 'a little sharp' : 'a little flat';
}
