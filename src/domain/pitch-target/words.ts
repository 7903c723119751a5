// A note's result in words (issue 22: "the result in words and numbers, not colour alone"),
// for screen readers, the results list and the command's table alike.
import { CLOSE_FULL_CENTS, SCORE_TOLERANCE_CENTS } from './score';
import type { NoteResult } from './types';

/** A semitone: past it, the voice is on another note altogether. */
export const SEMITONE_CENTS = 100;

/**
 * How far a note was, in words before any number (issue 31: "plain words first"). Thresholds
 * are the scorer's (./score.ts): within CLOSE_FULL_CENTS (10) a note earns every closeness
 * point, so it is "right on the note"; within SCORE_TOLERANCE_CENTS (50, half a semitone) it
 * still counts as held, "a little" off; past half a semitone the voice is nearer the
 * neighbouring note; past a whole semitone it is "well" off.
 */
export function offInWords(centsOff: number | null): string {
  if (centsOff === null) return 'not sung';
  const off = Math.abs(centsOff);
  const flat = centsOff < 0;
  if (off <= CLOSE_FULL_CENTS) return 'right on the note';
  if (off <= SCORE_TOLERANCE_CENTS) return flat ? 'a little flat' : 'a little sharp';
  if (off <= SEMITONE_CENTS) return flat ? 'flat, nearer the note below' : 'sharp, nearer the note above';
  return flat ? 'well below the note' : 'well above the note';
}

/**
 * A take in one sentence, by counting its sung notes (never an average of them):
 * "Right on the note.", "2 of 3 notes right on the note; 1 a little flat."
 */
export function takeInWords(notes: readonly NoteResult[]): string {
  const sung = notes.filter((n) => !n.target.startsWith('-:'));
  if (sung.length === 0) return 'There was no note to sing.';
  const words = sung.map((n) => offInWords(n.centsOff));
  if (sung.length === 1) return `${capital(words[0] ?? '')}.`;
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const on = counts.get('right on the note') ?? 0;
  if (on === sung.length) return `All ${sung.length} notes right on the note.`;
  const others = [...counts.entries()]
    .filter(([w]) => w !== 'right on the note')
    .map(([w, c]) => `${c} ${w}`);
  return `${on} of ${sung.length} notes right on the note; ${others.join(', ')}.`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "12 cents flat", "3 cents sharp", "on the note" (under half a cent), "not sung" (null). */
export function centsInWords(centsOff: number | null): string {
  if (centsOff === null) return 'not sung';
  const whole = Math.round(Math.abs(centsOff));
  if (whole === 0) return 'on the note';
  return `${whole} ${whole === 1 ? 'cent' : 'cents'} ${centsOff < 0 ? 'flat' : 'sharp'}`;
}

/**
 * One sentence per note: "A3: 12 cents flat, in tune for 85 % of the note, arrived after 0.21 s."
 * A rest reads "Rest, 0.5 s." and an unsung note "E4: not sung."
 */
export function noteResultInWords(note: NoteResult): string {
  const colon = note.target.lastIndexOf(':');
  const name = note.target.slice(0, colon);
  const seconds = note.target.slice(colon + 1).replace(/~$/, '');
  const glide = note.target.endsWith('~') ? ' (glide)' : '';
  if (name === '-') return `Rest, ${seconds} s.`;
  if (note.centsOff === null) return `${name}${glide}: not sung.`;
  const held = `in tune for ${Math.round((note.heldFraction ?? 0) * 100)} % of the note`;
  const arrived =
    note.onsetMs === null
      ? 'never settled within 50 cents'
      : `arrived after ${(note.onsetMs / 1000).toFixed(2)} s`;
  return `${name}${glide}: ${centsInWords(note.centsOff)}, ${held}, ${arrived}.`;
}
