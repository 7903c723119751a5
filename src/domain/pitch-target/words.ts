// A note's result in words (issue 22: "the result in words and numbers, not colour alone"),
// for screen readers, the results list and the command's table alike.
import type { NoteResult } from './types';

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
