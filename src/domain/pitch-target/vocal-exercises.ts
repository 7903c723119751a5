// The vocal exercises library (tier feature `vocal_exercises`, level 4, issue 30): warm-ups and
// technique drills singers know from voice teachers and apps, written in the same steps as the
// tuning room's pitch exercises (exercises.ts), so each is placed in the member's range by
// placeInRange, sung with the live trace and scored note by note by the same scorer, and saved
// through the same take (POST /api/pitch-exercises/results). Only pitch is heard: an exercise
// whose point is a sound (a hum, a lip trill, "ng") says so in its steps; what is scored is
// whether the pitch follows the target.
import { findExercise, type ExerciseStep, type PitchExercise } from './exercises';

/** What an exercise trains: the technique rules (technique-rules.ts) point at these. */
export type TechniqueArea =
  'warm-up' | 'accuracy' | 'steadiness' | 'arrival' | 'leaps' | 'high' | 'low' | 'breath';

export interface VocalExercise extends PitchExercise {
  /** What it is for, one sentence. */
  purpose: string;
  /** How to do it: short steps, in order. */
  how: readonly string[];
  trains: readonly TechniqueArea[];
}

const s = (semitones: number | null, seconds: number, glide = false): ExerciseStep =>
  glide ? { semitones, seconds, glide } : { semitones, seconds };
const run = (semitones: (number | null)[], seconds: number): ExerciseStep[] =>
  semitones.map((n) => s(n, seconds));

/** Ids start with "vx-" so they never meet the tuning room's exercise ids. */
export const VOCAL_EXERCISES: readonly VocalExercise[] = [
  {
    id: 'vx-hum-five-note',
    title: 'Humming on a five-note scale',
    description: 'Hum up five notes of the major scale and back down, lips closed, jaw loose.',
    purpose: 'A gentle first warm-up: it wakes the voice without strain and tunes your ear to each step.',
    how: [
      'Close your lips lightly and let your teeth part.',
      'Hum "mm" up five steps and back down, one note per bar.',
      'Feel a buzz on your lips and nose; keep it easy, not loud.',
    ],
    kind: 'scale',
    focus: 'find',
    level: 'beginner',
    trains: ['warm-up', 'accuracy'],
    steps: run([0, 2, 4, 5, 7, 5, 4, 2, 0], 0.6),
  },
  {
    id: 'vx-lip-trill-siren',
    title: 'Lip trill siren',
    description: 'Bubble your lips (or hum through a straw) while sliding up and back down.',
    purpose:
      'Semi-occluded sounds like a lip trill or a straw take pressure off the vocal folds, so you can slide through the break into high notes smoothly.',
    how: [
      'Blow through loose lips so they bubble ("brrr"); press your cheeks lightly if they stop. A straw works too.',
      'Follow the line: slide up to the top and back down without stopping.',
      'Keep the air steady; let the pitch move, not the effort.',
    ],
    kind: 'siren',
    focus: 'free',
    level: 'beginner',
    trains: ['warm-up', 'high'],
    steps: [s(0, 2, true), s(9, 2, true), s(0, 0.8)],
  },
  {
    id: 'vx-ng-slides',
    title: '"Ng" slides',
    description: 'Slide down from the fifth to the home note on "ng", three times.',
    purpose:
      'The "ng" of "sing" keeps the sound forward and light; sliding down on it joins your upper and lower notes and settles the lower ones.',
    how: [
      'Say "sing" and hold the "ng" at the end, tongue at the back, mouth a little open.',
      'Slide down from the higher note to the lower one, and rest on it.',
      'Breathe in the gap and slide again.',
    ],
    kind: 'siren',
    focus: 'free',
    level: 'developing',
    trains: ['low', 'warm-up'],
    steps: [
      s(7, 1, true),
      s(0, 1),
      s(null, 0.5),
      s(7, 1, true),
      s(0, 1),
      s(null, 0.5),
      s(7, 1, true),
      s(0, 1.2),
    ],
  },
  {
    id: 'vx-arpeggio',
    title: 'Octave arpeggio',
    description: 'Sing the notes of the major chord up to the octave and back down on "ah".',
    purpose:
      'Leaps train your ear to hear a note before you sing it and your voice to land on it first time.',
    how: [
      'Hear it first, then sing each chord note on an open "ah".',
      'Think of the next note before you leave this one.',
      'Land the top note lightly rather than reaching for it.',
    ],
    kind: 'arpeggio',
    focus: 'fine-tune',
    level: 'developing',
    trains: ['leaps', 'accuracy'],
    steps: [...run([0, 4, 7], 0.7), s(12, 1.2), ...run([7, 4], 0.7), s(0, 1.2)],
  },
  {
    id: 'vx-quick-onsets',
    title: 'Quick onsets',
    description: 'Short "ha" notes with a rest between, each one on the note from its start.',
    purpose:
      'Short, separate notes train a clean start: arriving on the pitch at once rather than sliding into it.',
    how: [
      'Breathe low, then sing a short, light "ha" on each note.',
      'Rest in every gap; let the breath reset.',
      'Aim at the centre of the note from the first moment, without pushing.',
    ],
    kind: 'arpeggio',
    focus: 'fine-tune',
    level: 'developing',
    trains: ['arrival'],
    steps: [
      s(0, 0.6),
      s(null, 0.4),
      s(4, 0.6),
      s(null, 0.4),
      s(7, 0.6),
      s(null, 0.4),
      s(4, 0.6),
      s(null, 0.4),
      s(0, 0.6),
    ],
  },
  {
    id: 'vx-sustained-vowel',
    title: 'Sustained vowel',
    description: 'Hold one comfortable note on "ah" for eight seconds, as steady as you can.',
    purpose:
      'A long, even note shows and trains steadiness: the same pitch from the first moment to the last.',
    how: [
      'Breathe in low and slowly, shoulders still.',
      'Sing "ah" on the note and hold it at a comfortable loudness.',
      'Spend the air evenly so the note does not sag as the breath runs out.',
    ],
    kind: 'held',
    focus: 'find',
    level: 'developing',
    trains: ['steadiness', 'breath'],
    steps: [s(2, 8)],
  },
  {
    id: 'vx-messa-di-voce',
    title: 'Messa di voce',
    description: 'Hold one note while you swell from soft to loud and back to soft.',
    purpose:
      'The classic exercise of breath control: the pitch must not rise as you get louder nor sag as you get softer.',
    how: [
      'Start the note softly on "ah".',
      'Grow louder over the first half, then soften again to the end.',
      'Keep the pitch on the line the whole time; only the loudness moves.',
    ],
    kind: 'held',
    focus: 'fine-tune',
    level: 'skilled',
    trains: ['breath', 'steadiness'],
    steps: [s(4, 8)],
  },
];

export function findVocalExercise(id: string): VocalExercise | undefined {
  return VOCAL_EXERCISES.find((e) => e.id === id);
}

/** Any exercise a take may be sung to: the tuning room's or the vocal exercises library's. */
export function findAnyExercise(id: string): PitchExercise | undefined {
  return findExercise(id) ?? findVocalExercise(id);
}

/** The exercise that trains `area` best: the first in the library that lists it. */
export function exerciseFor(area: TechniqueArea): VocalExercise {
  const found =
    VOCAL_EXERCISES.find((e) => e.trains[0] === area) ?? VOCAL_EXERCISES.find((e) => e.trains.includes(area));
  if (!found) throw new Error(`no vocal exercise trains ${area}`);
  return found;
}
