import { formatNote, parseTarget, targetSeconds, TargetError } from '../../../src/domain/pitch-target/notes';
import type { PitchExercise } from '../../../src/domain/pitch-target/exercises';
import { findAnyExercise } from '../../../src/domain/pitch-target/vocal-exercises';
import type { TargetNote } from '../../../src/domain/pitch-target/types';
import { notePoints } from '../../../src/domain/pitch-target/score';
import { ApiError } from '../../lib/http';

interface TakeBody {
  exerciseId: string;
  target: string;
  notes: readonly {
    target: string;
    centsOff: number | null;
    heldFraction: number | null;
    onsetMs: number | null;
  }[];
  score: number;
}

/** Notes are sent rounded (0.1 cent, 0.01 held), so a recomputed score may differ by a point. */
const SCORE_SLACK = 1;

const invalid = (field: string, problem: string) =>
  new ApiError(400, 'validation_failed', `Invalid ${field}: ${problem}`, { [field]: problem });

/**
 * The checks a take's numbers can be held to: a known exercise (the tuning room's or the vocal
 * exercises library's), a target the engine can sing
 * (the domain's own parser, so the 50-1500 Hz bound and the notation are the command's), and
 * one note result per target note, in order, naming that note, and a score that follows from
 * them by the rule members are shown (score.ts). Returns what is stored beside
 * the numbers: the exercise, the target as written back, and its length (the seconds practised).
 */
export function checkTake(body: TakeBody): { exercise: PitchExercise; target: string; seconds: number } {
  const exercise = findAnyExercise(body.exerciseId);
  if (!exercise) throw invalid('exerciseId', 'there is no pitch exercise with this id');
  let notes;
  try {
    notes = parseTarget(body.target);
  } catch (e) {
    if (e instanceof TargetError) throw invalid('target', e.message);
    throw e;
  }
  if (!isPlacementOf(exercise, notes))
    throw invalid('target', `must be the notes of "${exercise.title}", moved as a whole to another pitch`);
  if (body.notes.length !== notes.length)
    throw invalid('notes', `must hold ${notes.length} results, one per note of the target`);
  notes.forEach((note, i) => {
    const expected = formatNote(note);
    const sent = body.notes[i];
    if (sent?.target !== expected) throw invalid(`notes.${i}.target`, `must be ${expected}`);
    // The arrival is a moment inside the note (score.ts measures it from the note's start).
    const lengthMs = Math.round(note.seconds * 1000);
    if (sent.onsetMs != null && sent.onsetMs > lengthMs)
      throw invalid(`notes.${i}.onsetMs`, `must be within the note's ${lengthMs} ms`);
  });
  // A take with no note sung is not practice: nothing to keep, no minutes to count.
  if (!body.notes.some((n) => n.centsOff !== null))
    throw invalid('notes', 'no note was sung: a take needs at least one note with a pitch');
  const scored = notes.flatMap((note, i) => {
    const r = body.notes[i];
    return note.hz === null || !r ? [] : [notePoints(r.centsOff, r.heldFraction ?? 0)];
  });
  const expected = scored.length ? Math.round(scored.reduce((a, b) => a + b, 0) / scored.length) : 0;
  if (Math.abs(body.score - expected) > SCORE_SLACK)
    throw invalid('score', `must follow from the notes by the scoring rule (${expected})`);
  return { exercise, target: notes.map(formatNote).join(','), seconds: targetSeconds(notes) };
}

const semitone = (hz: number) => 12 * Math.log2(hz / 440);

/**
 * True when `notes` are the exercise's steps moved as a whole (same rhythm, rests and glides,
 * same intervals): what placeInRange gives for any range and octave choice.
 */
function isPlacementOf(exercise: PitchExercise, notes: readonly TargetNote[]): boolean {
  if (notes.length !== exercise.steps.length) return false;
  let tonic: number | null = null;
  return exercise.steps.every((step, i) => {
    const note = notes[i] as TargetNote;
    if (Math.abs(note.seconds - step.seconds) > 1e-9 || note.glide !== (step.glide ?? false)) return false;
    if (step.semitones === null || note.hz === null) return step.semitones === null && note.hz === null;
    const t = semitone(note.hz) - step.semitones;
    tonic ??= t;
    return Math.abs(t - tonic) < 0.01;
  });
}
