// The note-name axis of the live pitch trace. The view always spans whole octaves from C to C
// so its gridlines read like a keyboard, and it widens to keep every recent pitch in view.
import { noteName } from './format';

/** C3..C6 (130.8-1046.5 Hz): the comfortable range of most speaking and singing voices. */
export const DEFAULT_LOW = 48;
export const DEFAULT_HIGH = 84;
/** The analyser reports 80-800 Hz (spec), i.e. about E2..G5; C2..C7 holds all of it with room. */
const FLOOR = 36;
const CEILING = 96;

export interface AxisRange {
  low: number;
  high: number;
}

export interface Gridline {
  semitone: number;
  label: string;
  /** C lines are drawn stronger than the G lines between them. */
  major: boolean;
}

/** The smallest C-to-C range that contains C3..C6 and every finite pitch given. */
export function axisRange(semitones: Iterable<number>): AxisRange {
  let low = DEFAULT_LOW;
  let high = DEFAULT_HIGH;
  for (const s of semitones) {
    if (!Number.isFinite(s)) continue;
    if (s < low) low = Math.floor(s / 12) * 12;
    if (s > high) high = Math.ceil(s / 12) * 12;
  }
  return { low: Math.max(FLOOR, low), high: Math.min(CEILING, high) };
}

/** A line for every C (labelled) and every G (unlabelled when space is short). */
export function gridlines(range: AxisRange): Gridline[] {
  const lines: Gridline[] = [];
  for (let s = Math.ceil(range.low); s <= range.high; s++) {
    const pc = ((s % 12) + 12) % 12;
    if (pc === 0) lines.push({ semitone: s, label: noteName(s), major: true });
    else if (pc === 7) lines.push({ semitone: s, label: noteName(s), major: false });
  }
  return lines;
}

/** Vertical position (0 = top, 1 = bottom) of a semitone in the range. */
export function yFraction(semitone: number, range: AxisRange): number {
  const f = (semitone - range.low) / (range.high - range.low);
  return 1 - Math.min(1, Math.max(0, f));
}
