// The seeded pitch-matching exercises (issue 22) and how one is placed in a member's voice.
// Exercises are written relative to a tonic (semitones above or below it), so the same
// exercise suits a bass and a soprano: placeInRange picks the tonic from the member's
// comfortable range, with an octave down or up as a choice for voices outside it.
import { FULL_RANGE, RANGE_MIN_RECORDINGS } from '../voice/pitch-range';
import type { SkillLevel } from '../skill-levels';
import { hzToNoteName, MAX_TARGET_HZ, midiToHz, MIN_TARGET_HZ, TargetError } from './notes';
import type { TargetNote } from './types';

/** The four focuses of the catalogue ('find my voice', 'free my voice', ...). */
export type ExerciseFocus = 'find' | 'free' | 'fine-tune' | 'fun';
export type ExerciseKind = 'held' | 'interval' | 'scale' | 'arpeggio' | 'siren' | 'tune';

/** One step: semitones from the tonic (null = a rest), seconds, and whether it glides to the next. */
export interface ExerciseStep {
  semitones: number | null;
  seconds: number;
  glide?: boolean;
}

export interface PitchExercise {
  id: string;
  title: string;
  /** One sentence telling the member what to do. */
  description: string;
  kind: ExerciseKind;
  focus: ExerciseFocus;
  level: SkillLevel;
  steps: ExerciseStep[];
}

/** The member's comfortable singing range, Hz. */
export interface VoiceRange {
  lowHz: number;
  highHz: number;
}

export type OctaveShift = -12 | 0 | 12;

/** Used until the tuning room knows the member: G3-G4, where most untrained voices can sing (men: an octave down). */
export const DEFAULT_VOICE_RANGE: VoiceRange = { lowHz: 196, highHz: 392 };

const s = (semitones: number | null, seconds: number, glide = false): ExerciseStep =>
  glide ? { semitones, seconds, glide } : { semitones, seconds };
/** Evenly timed notes. */
const run = (semitones: (number | null)[], seconds: number): ExerciseStep[] =>
  semitones.map((n) => s(n, seconds));

export const PITCH_EXERCISES: readonly PitchExercise[] = [
  // find my voice: single notes and small steps, unhurried
  {
    id: 'find-one-note',
    title: 'Find one note',
    description: 'Listen, then hum or sing the note and hold it steady.',
    kind: 'held',
    focus: 'find',
    level: 'beginner',
    steps: [s(0, 3)],
  },
  {
    id: 'find-step-up',
    title: 'One step up',
    description: 'Sing the home note, then the note one step above it.',
    kind: 'interval',
    focus: 'find',
    level: 'beginner',
    steps: run([0, 2], 1.5),
  },
  {
    id: 'find-three-steps',
    title: 'Three steps',
    description: 'Sing three notes climbing one step at a time.',
    kind: 'scale',
    focus: 'find',
    level: 'beginner',
    steps: run([0, 2, 4], 1),
  },
  {
    id: 'find-home-and-back',
    title: 'Home and back',
    description: 'Sing up three steps and back down to the home note.',
    kind: 'scale',
    focus: 'find',
    level: 'developing',
    steps: run([0, 2, 4, 2, 0], 0.8),
  },
  {
    id: 'find-fifth',
    title: 'The open fifth',
    description: 'Sing the home note, then leap up to the fifth and hold it.',
    kind: 'interval',
    focus: 'find',
    level: 'developing',
    steps: [s(0, 1.5), s(7, 2)],
  },
  {
    id: 'find-long-note',
    title: 'A long, easy note',
    description: 'Hold one note for six seconds on a relaxed breath.',
    kind: 'held',
    focus: 'find',
    level: 'skilled',
    steps: [s(2, 6)],
  },
  // free my voice: sirens and glides that loosen the voice
  {
    id: 'free-sigh-down',
    title: 'Sigh down',
    description: 'Start on a higher note and slide gently down to the home note, like a sigh.',
    kind: 'siren',
    focus: 'free',
    level: 'beginner',
    steps: [s(7, 1.5, true), s(0, 1)],
  },
  {
    id: 'free-slide-third',
    title: 'Slide up and back',
    description: 'Slide smoothly up a third and back again without a break.',
    kind: 'siren',
    focus: 'free',
    level: 'beginner',
    steps: [s(0, 1, true), s(4, 1, true), s(0, 1)],
  },
  {
    id: 'free-octave-siren',
    title: 'Octave siren',
    description: 'Slide up a whole octave and back down in one breath.',
    kind: 'siren',
    focus: 'free',
    level: 'developing',
    steps: [s(0, 2, true), s(12, 2, true), s(0, 0.8)],
  },
  {
    id: 'free-stepped-siren',
    title: 'Siren with stops',
    description: 'Slide up, resting on the third and the fifth before the top.',
    kind: 'siren',
    focus: 'free',
    level: 'skilled',
    steps: [s(0, 1, true), s(4, 0.6), s(4, 0.6, true), s(7, 0.6), s(7, 0.6, true), s(12, 1.2)],
  },
  {
    id: 'free-wide-siren',
    title: 'Wide siren',
    description: 'Slide from the low note up an octave and a fifth and back down.',
    kind: 'siren',
    focus: 'free',
    level: 'professional',
    steps: [s(-5, 2, true), s(14, 2, true), s(-5, 0.8)],
  },
  // fine-tune my voice: intervals, scales and arpeggios sung in tune
  {
    id: 'tune-fourth',
    title: 'Perfect fourth',
    description: 'Sing the home note, then the fourth above, and land it cleanly.',
    kind: 'interval',
    focus: 'fine-tune',
    level: 'beginner',
    steps: run([0, 5], 1.5),
  },
  {
    id: 'tune-minor-third',
    title: 'Minor third',
    description: 'Sing the home note, then the minor third above it.',
    kind: 'interval',
    focus: 'fine-tune',
    level: 'developing',
    steps: run([0, 3, 0], 1.2),
  },
  {
    id: 'tune-five-note-scale',
    title: 'Five-note scale',
    description: 'Sing five notes of the major scale going up.',
    kind: 'scale',
    focus: 'fine-tune',
    level: 'developing',
    steps: run([0, 2, 4, 5, 7], 0.8),
  },
  {
    id: 'tune-scale-down',
    title: 'Scale down',
    description: 'Sing five notes of the major scale coming down.',
    kind: 'scale',
    focus: 'fine-tune',
    level: 'developing',
    steps: run([7, 5, 4, 2, 0], 0.8),
  },
  {
    id: 'tune-major-arpeggio',
    title: 'Major arpeggio',
    description: 'Sing the notes of the major chord up to the octave.',
    kind: 'arpeggio',
    focus: 'fine-tune',
    level: 'skilled',
    steps: [...run([0, 4, 7], 0.7), s(12, 1.2)],
  },
  {
    id: 'tune-minor-arpeggio',
    title: 'Minor arpeggio',
    description: 'Sing the minor chord up and back down.',
    kind: 'arpeggio',
    focus: 'fine-tune',
    level: 'skilled',
    steps: run([0, 3, 7, 3, 0], 0.7),
  },
  {
    id: 'tune-octave-leap',
    title: 'Octave leap',
    description: 'Leap up an octave and back, landing each note in tune.',
    kind: 'interval',
    focus: 'fine-tune',
    level: 'professional',
    steps: run([0, 12, 0], 1.2),
  },
  {
    id: 'tune-semitones',
    title: 'Half steps',
    description: 'Sing the home note and the half steps just above and below it.',
    kind: 'scale',
    focus: 'fine-tune',
    level: 'professional',
    steps: run([0, 1, 0, -1, 0], 0.7),
  },
  // fun with my voice: short public-domain tunes
  {
    id: 'fun-twinkle',
    title: 'Twinkle, twinkle',
    description: 'Sing the first line of "Twinkle, Twinkle, Little Star".',
    kind: 'tune',
    focus: 'fun',
    level: 'beginner',
    steps: [...run([0, 0, 7, 7, 9, 9], 0.5), s(7, 1)],
  },
  {
    id: 'fun-mary-lamb',
    title: 'Mary had a little lamb',
    description: 'Sing the first line of "Mary Had a Little Lamb".',
    kind: 'tune',
    focus: 'fun',
    level: 'beginner',
    steps: [...run([4, 2, 0, 2, 4, 4], 0.45), s(4, 0.9)],
  },
  {
    id: 'fun-frere-jacques',
    title: 'Frère Jacques',
    description: 'Sing "Frère Jacques" twice, with a breath between.',
    kind: 'tune',
    focus: 'fun',
    level: 'developing',
    steps: [...run([0, 2, 4, 0], 0.5), s(null, 0.5), ...run([0, 2, 4, 0], 0.5)],
  },
  {
    id: 'fun-ode-to-joy',
    title: 'Ode to Joy',
    description: 'Sing the opening line of Beethoven\'s "Ode to Joy".',
    kind: 'tune',
    focus: 'fun',
    level: 'skilled',
    steps: [...run([4, 4, 5, 7, 7, 5, 4, 2, 0, 0, 2, 4], 0.45), s(4, 0.7), s(2, 0.25), s(2, 0.9)],
  },
  {
    id: 'fun-amazing-grace',
    title: 'Amazing grace',
    description: 'Sing the first phrase of "Amazing Grace", gliding where the melody turns.',
    kind: 'tune',
    focus: 'fun',
    level: 'professional',
    steps: [
      s(-5, 0.5),
      s(0, 1),
      s(4, 0.25, true),
      s(0, 0.25),
      s(4, 1),
      s(2, 0.5),
      s(0, 1),
      s(-3, 0.5),
      s(-5, 1.2),
    ],
  },
];

export function findExercise(id: string): PitchExercise | undefined {
  return PITCH_EXERCISES.find((e) => e.id === id);
}

const toMidi = (hz: number) => 69 + 12 * Math.log2(hz / 440);

/**
 * The member's comfortable singing range from the tuning room's history: the median pitch of
 * each earlier recording, the same history the worklet's range (memberPitchRange) comes from.
 * Spoken and sung medians sit in the lower part of a voice, so the range runs from 2 semitones
 * below the lowest median to 10 above the highest (at least an octave). Null with fewer than 3
 * recordings with a pitch: use DEFAULT_VOICE_RANGE and offer the octave choice.
 */
export function comfortableRange(pitchMediansHz: readonly (number | null | undefined)[]): VoiceRange | null {
  const valid = pitchMediansHz.filter(
    (f): f is number =>
      typeof f === 'number' && Number.isFinite(f) && f >= FULL_RANGE.floorHz && f <= FULL_RANGE.ceilingHz,
  );
  if (valid.length < RANGE_MIN_RECORDINGS) return null;
  return {
    lowHz: Math.max(MIN_TARGET_HZ, Math.min(...valid) * 2 ** (-2 / 12)),
    highHz: Math.min(MAX_TARGET_HZ, Math.max(...valid) * 2 ** (10 / 12)),
  };
}

/** The tonic, as a MIDI note, that centres the exercise's notes in the range. */
function tonicFor(exercise: PitchExercise, range: VoiceRange): number {
  const degrees = exercise.steps.map((st) => st.semitones).filter((n): n is number => n !== null);
  const lowest = Math.min(...degrees);
  const highest = Math.max(...degrees);
  const centre = (toMidi(range.lowHz) + toMidi(range.highHz)) / 2;
  return Math.round(centre - (lowest + highest) / 2);
}

/**
 * Places an exercise in the member's range: the tonic is the equal-tempered note that centres
 * the exercise's lowest and highest notes in `range`, then moved by `shift` semitones (an octave
 * down or up for voices outside the range). Notes are spelled with sharps ("C#4"). Should the
 * result leave the 50-1500 Hz a target may use, it is moved back by octaves; an exercise wider
 * than that range is a TargetError.
 */
export function placeInRange(
  exercise: PitchExercise,
  range: VoiceRange,
  shift: OctaveShift = 0,
): TargetNote[] {
  if (!(range.lowHz > 0) || !(range.highHz >= range.lowHz)) {
    throw new TargetError(`the range ${range.lowHz}-${range.highHz} Hz is not a voice range`);
  }
  const degrees = exercise.steps.map((st) => st.semitones).filter((n): n is number => n !== null);
  if (degrees.length === 0) throw new TargetError(`exercise ${exercise.id} has no notes`);
  let tonic = tonicFor(exercise, range) + shift;
  const minMidi = Math.ceil(toMidi(MIN_TARGET_HZ));
  const maxMidi = Math.floor(toMidi(MAX_TARGET_HZ));
  while (tonic + Math.min(...degrees) < minMidi) tonic += 12;
  while (tonic + Math.max(...degrees) > maxMidi) tonic -= 12;
  if (tonic + Math.min(...degrees) < minMidi) {
    throw new TargetError(
      `exercise ${exercise.id} spans more than the ${MIN_TARGET_HZ}-${MAX_TARGET_HZ} Hz a target may use`,
    );
  }
  return exercise.steps.map((st): TargetNote => {
    if (st.semitones === null) return { name: '-', hz: null, seconds: st.seconds, glide: false };
    const hz = midiToHz(tonic + st.semitones);
    return { name: hzToNoteName(hz), hz, seconds: st.seconds, glide: st.glide ?? false };
  });
}
