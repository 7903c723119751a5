// Where the target's note bars and the voice sit on the exercise's trace: pure arithmetic, so
// the canvas code only draws and the layout is tested without a browser.
import { noteTimes } from '../../domain/pitch-target/notes';
import type { TargetNote } from '../../domain/pitch-target/types';
import { hzToSemitone } from '../tuning/format';
import { LEAD_IN_SEC, TAIL_SEC } from './take-buffer';

/** The ±50 cents band a note counts as held in (score.ts's tolerance), in semitones. */
export const BAND_SEMITONES = 0.5;
/** Room above and below the target's highest and lowest notes, semitones. */
const MARGIN_SEMITONES = 3;

export interface NoteBar {
  label: string;
  /** Seconds from the target's start. */
  start: number;
  end: number;
  /** Semitone at the bar's start and end (different for a glide). */
  from: number;
  to: number;
}

export interface TraceLayout {
  bars: NoteBar[];
  /** The visible time span, seconds in the target's time (the lead-in is negative). */
  t0: number;
  t1: number;
  low: number;
  high: number;
}

export function layoutTarget(notes: readonly TargetNote[]): TraceLayout {
  const times = noteTimes(notes);
  const bars: NoteBar[] = [];
  notes.forEach((n, i) => {
    if (n.hz === null) return;
    const next = notes[i + 1];
    const from = hzToSemitone(n.hz);
    const to = n.glide && next?.hz ? hzToSemitone(next.hz) : from;
    const span = times[i] ?? { start: 0, end: 0 };
    bars.push({ label: n.name, start: span.start, end: span.end, from, to });
  });
  const pitches = bars.flatMap((b) => [b.from, b.to]);
  const end = times[times.length - 1]?.end ?? 0;
  return {
    bars,
    t0: -LEAD_IN_SEC,
    t1: end + TAIL_SEC,
    low: Math.floor(Math.min(...pitches) - MARGIN_SEMITONES),
    high: Math.ceil(Math.max(...pitches) + MARGIN_SEMITONES),
  };
}

/** x (0..1 of the plot's width) of a time in the target. */
export const xOf = (t: number, l: TraceLayout) => (t - l.t0) / (l.t1 - l.t0);
/** y (0 = top, 1 = bottom) of a semitone, clamped to the view. */
export const yOf = (s: number, l: TraceLayout) =>
  1 - Math.min(1, Math.max(0, (s - l.low) / (l.high - l.low)));
