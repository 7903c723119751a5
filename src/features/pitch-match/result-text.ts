// The words a take's result is told in (issue 22: "the result in words and numbers, not colour
// alone"). Every number the scorer gives appears here as text a screen reader says the same way.
import type { NoteResult } from '../../domain/pitch-target/types';
import { centsInWords } from '../../domain/pitch-target/words';

/** "A3" from "A3:1", "A3:1~" or "-:0.5" (a rest). */
export function noteOf(target: string): string {
  const name = target.slice(0, target.lastIndexOf(':'));
  return name === '-' ? 'rest' : name;
}

export const isRest = (n: NoteResult) => n.target.startsWith('-:');

/** "on the note (0 cents)", "12 cents sharp", "8 cents flat", "not sung": the domain's words, with the 0. */
export function centsText(centsOff: number | null): string {
  const words = centsInWords(centsOff);
  return words === 'on the note' ? 'on the note (0 cents)' : words;
}

/** One line on the unit the details speak in. */
export const CENTS_EXPLAINED =
  'A cent is a hundredth of a semitone (the step between two neighbouring piano keys): within 10 cents a note is right on it; 50 cents is half-way to the next note.';

/** "held in tune 90% of the note". */
export function heldText(heldFraction: number | null): string {
  const pct = Math.round(Math.min(1, Math.max(0, heldFraction ?? 0)) * 100);
  return `held in tune ${pct}% of the note`;
}

/** "arrived after 180 ms", "did not reach the note". */
export function arrivalText(onsetMs: number | null): string {
  return onsetMs === null ? 'did not reach the note' : `arrived after ${Math.round(onsetMs)} ms`;
}

/** What the score means, in a few words beside the number. */
export function scoreWords(score: number): string {
  if (score >= 90) return 'Excellent: right on target';
  if (score >= 75) return 'Well matched';
  if (score >= 50) return 'Getting close';
  if (score >= 25) return 'Some notes found';
  return 'Keep listening and try again';
}
