import { midiOf, noteName, octavesInWords, rangeChangeInWords } from '../../domain/voice/range';

export interface RangeLike {
  recordedAt: string;
  lowestHz: number;
  highestHz: number;
  rangeSemitones: number;
}

/** "G2 to E4" of a saved range. */
export const notesOf = (r: RangeLike) =>
  `${noteName(midiOf(r.lowestHz))} to ${noteName(midiOf(r.highestHz))}`;

/** Whole semitones as a member counts them. */
export const semitoneCount = (s: number) => Math.round(s);

/** "Your range today: G2 to E4, 21 semitones — about an octave and three quarters." */
export function rangeSentence(r: RangeLike, lead = 'Your range today'): string {
  const n = semitoneCount(r.rangeSemitones);
  return `${lead}: ${notesOf(r)}, ${n} ${n === 1 ? 'semitone' : 'semitones'} — ${octavesInWords(r.rangeSemitones)}.`;
}

/** "March" this year, "March 2025" another year. */
function monthOf(iso: string, now: Date): string {
  const d = new Date(iso);
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long' }).format(d);
  return d.getFullYear() === now.getFullYear() ? month : `${month} ${d.getFullYear()}`;
}

/**
 * How the newest range compares with the earliest saved one: "Your range grew two semitones
 * since March." Null with fewer than two checks (nothing to compare yet).
 */
export function rangeTrend(newestFirst: readonly RangeLike[], now = new Date()): string | null {
  if (newestFirst.length < 2) return null;
  const newest = newestFirst[0]!;
  const earliest = newestFirst[newestFirst.length - 1]!;
  return `Your range ${rangeChangeInWords(earliest.rangeSemitones, newest.rangeSemitones)} since ${monthOf(earliest.recordedAt, now)}.`;
}
