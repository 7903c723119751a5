import {
  DEFAULT_VOICE_RANGE,
  placeInRange,
  type OctaveShift,
} from '../../../src/domain/pitch-target/exercises';
import { findAnyExercise } from '../../../src/domain/pitch-target/vocal-exercises';
import { formatNote, formatTarget } from '../../../src/domain/pitch-target/notes';
import { notePoints } from '../../../src/domain/pitch-target/score';

/**
 * A take as the app sends it, for tests: the exercise placed in the default range, every sung
 * note `centsOff` away and held for `heldFraction` of its time, and the score the rule gives.
 */
export function takeBody(
  exerciseId: string,
  recordedAt: string,
  { centsOff = 4, heldFraction = 0.9, shift = 0 as OctaveShift } = {},
) {
  const exercise = findAnyExercise(exerciseId);
  if (!exercise) throw new Error(`no exercise ${exerciseId}`);
  const target = placeInRange(exercise, DEFAULT_VOICE_RANGE, shift);
  const notes = target.map((n) =>
    n.hz === null
      ? { target: formatNote(n), centsOff: null, heldFraction: null, onsetMs: null }
      : { target: formatNote(n), centsOff, heldFraction, onsetMs: 180 },
  );
  const sung = notes.filter((n) => n.heldFraction !== null);
  const score = Math.round(
    sung.reduce((a, n) => a + notePoints(n.centsOff, n.heldFraction ?? 0), 0) / Math.max(1, sung.length),
  );
  return { exerciseId, target: formatTarget(target), notes, score, shift, recordedAt };
}
