// Scores a sung take against a target (issue 22): per note the cents off, the share held in
// tune and how fast the voice arrived; per exercise one 0-100 number whose rule members read.
//
// Definitions (docs/pitch-matching.md says the same in words):
// - A frame belongs to the note whose time span [start, end) holds its time `t`.
// - In tune: the frame is voiced and within ±50 cents of the target line (for a glide, the line
//   moving evenly in cents from this note to the next).
// - Arrival: the first of 3 consecutive in-tune frames; onsetMs is its time after the note's start.
// - Held part: from the later of the arrival and 150 ms after the voice first sounded in the note
//   (at most a quarter of the note), to the note's end. It skips the attack and any scoop; when
//   the voice never arrives, it starts 150 ms after the voice began.
// - centsOff: the median over the held part's voiced frames (at least 3), else null (not sung);
//   each frame first averaged with its neighbours within ±50 ms (see smoothCents), then the
//   median of the trace joining them by straight lines (see traceValues).
// - heldFraction: in-tune frames over the note's frames; if the take stops before the note
//   ends, the missing time counts as not held.
import { centsBetween, formatNote, noteTimes, targetHzAt } from './notes';
import type { ExerciseResult, NoteResult, PitchFrame, TargetNote } from './types';

export interface ScoreOptions {
  /** Half-width of the in-tune band, cents. */
  toleranceCents?: number;
  /** The attack skipped before the held part, seconds (capped at a quarter of the note). */
  attackSkipSeconds?: number;
  /** Consecutive in-tune frames that count as arriving. */
  arrivalFrames?: number;
  /** Where the target starts in the take, seconds (0: from the take's first sample). */
  offsetSeconds?: number;
  /**
   * Half-width of the moving average over the held part's cents before the median, seconds
   * (0: the frames as they are). See smoothCents.
   */
  smoothSeconds?: number;
}

export const SCORE_TOLERANCE_CENTS = 50;
export const ATTACK_SKIP_SECONDS = 0.15;
export const ARRIVAL_FRAMES = 3;
export const SMOOTH_SECONDS = 0.05;
/** Neighbours further than this from a frame are not averaged into it (octave slips, breaks). */
const SMOOTH_GATE_CENTS = 100;
const MIN_VOICED_FRAMES = 3;
/** Points a note earns for being held in tune, and for its median being close. */
const HELD_POINTS = 70;
const CLOSE_POINTS = 30;
/** Full closeness points at or within this many cents, none at the tolerance or beyond. */
export const CLOSE_FULL_CENTS = 10;

/** The rule, as shown to members beside their score. */
export const SCORE_RULE_TEXT =
  'Each note scores up to 100: 70 points for the share of the note you held within 50 cents ' +
  '(half a semitone) of the target, and 30 points for how close the middle of your note was ' +
  '(all 30 within 10 cents, none at 50 cents or more). Rests do not count. Your score is the ' +
  'average of the notes.';

/** 0-100 for one note, from its result (unrounded inputs give the exact figure). */
export function notePoints(
  centsOff: number | null,
  heldFraction: number,
  tolerance = SCORE_TOLERANCE_CENTS,
): number {
  const off = centsOff === null ? tolerance : Math.abs(centsOff);
  const closeness = Math.min(1, Math.max(0, (tolerance - off) / Math.max(1, tolerance - CLOSE_FULL_CENTS)));
  return HELD_POINTS * Math.min(1, Math.max(0, heldFraction)) + CLOSE_POINTS * closeness;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** Points interpolated between two neighbouring voiced frames (so 10 per frame in all). */
const TRACE_STEPS = 10;

/**
 * The pitch trace as a dense run of values: each pair of neighbouring voiced frames is joined by
 * a straight line. The median of the trace rather than of the 10 ms samples: a vibrato sampled
 * at a fixed phase every cycle (5 Hz at 10 ms) leaves gaps of 15 cents between samples near its
 * centre, and a plain median lands on either side of the gap; the line fills it.
 */
function traceValues(cents: readonly (number | null)[]): number[] {
  const out: number[] = [];
  cents.forEach((c, j) => {
    if (c === null) return;
    const next = cents[j + 1];
    if (next === null || next === undefined) {
      out.push(c);
      return;
    }
    for (let k = 0; k < TRACE_STEPS; k++) out.push(c + ((next - c) * k) / TRACE_STEPS);
  });
  return out;
}

/**
 * A centred moving average of the held part's cents over `half` frames either side (fewer at
 * the ends of the part, so the window stays centred), of voiced neighbours within
 * SMOOTH_GATE_CENTS. Why: each frame reads the pitch of one short window (ours is 32 ms at A3),
 * so on a jittery voice single frames scatter a few cents; the median of such frames lands
 * tenths of a cent either side of the note's mean, by chance. Averaging neighbours before the
 * median makes each value the pitch over a longer stretch, so the median comes closer to the
 * note's true centre, while the gate keeps an octave slip from spreading into its neighbours.
 */
function smoothCents(cents: readonly (number | null)[], half: number): (number | null)[] {
  if (half < 1) return [...cents];
  return cents.map((c, j) => {
    if (c === null) return null;
    const reach = Math.min(half, j, cents.length - 1 - j);
    let sum = 0;
    let n = 0;
    for (let k = j - reach; k <= j + reach; k++) {
      const v = cents[k];
      if (v === null || v === undefined || Math.abs(v - c) > SMOOTH_GATE_CENTS) continue;
      sum += v;
      n++;
    }
    return sum / n;
  });
}

/** Typical spacing of the frames (the engine's hop, 10 ms), from the take itself. */
function frameStep(frames: readonly PitchFrame[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < frames.length && gaps.length < 200; i++) {
    const gap = (frames[i]?.t ?? 0) - (frames[i - 1]?.t ?? 0);
    if (gap > 0) gaps.push(gap);
  }
  return gaps.length ? median(gaps) : 0.01;
}

/** Rounded, and never -0 (which JSON prints as 0 but tests and UIs may show as "-0"). */
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits + 0;

interface NoteMeasure {
  result: NoteResult;
  points: number | null;
}

function measureNote(
  target: readonly TargetNote[],
  i: number,
  span: { start: number; end: number },
  frames: readonly PitchFrame[],
  coveredUntil: number,
  step: number,
  o: Required<ScoreOptions>,
): NoteMeasure {
  const note = target[i] as TargetNote;
  const label = formatNote(note);
  if (note.hz === null) {
    return { result: { target: label, centsOff: null, heldFraction: null, onsetMs: null }, points: null };
  }
  const inNote = frames.filter((f) => f.t >= span.start && f.t < span.end);
  const cents = inNote.map((f) => {
    const ref = targetHzAt(target, i, f.t - span.start);
    return f.f0 !== null && f.f0 > 0 && ref !== null ? centsBetween(f.f0, ref) : null;
  });
  const inTune = cents.map((c) => c !== null && Math.abs(c) <= o.toleranceCents);

  let arrival = -1;
  for (let j = 0; j + o.arrivalFrames <= inTune.length && arrival < 0; j++) {
    if (inTune.slice(j, j + o.arrivalFrames).every(Boolean)) arrival = j;
  }
  const firstVoiced = cents.findIndex((c) => c !== null);
  let centsOff: number | null = null;
  if (firstVoiced >= 0) {
    const skip = Math.min(o.attackSkipSeconds, note.seconds / 4);
    const heldFrom = Math.max(
      (inNote[firstVoiced]?.t ?? span.start) + skip,
      arrival >= 0 ? (inNote[arrival]?.t ?? span.start) : -Infinity,
    );
    const fromIndex = inNote.findIndex((f) => f.t >= heldFrom);
    const heldPart = fromIndex < 0 ? [] : cents.slice(fromIndex);
    const voiced = (part: (number | null)[]) => part.filter((c) => c !== null).length;
    const part = voiced(heldPart) >= MIN_VOICED_FRAMES ? heldPart : cents;
    if (voiced(part) >= MIN_VOICED_FRAMES) {
      centsOff = median(traceValues(smoothCents(part, Math.round(o.smoothSeconds / step))));
    }
  }
  // Time the take did not cover (it stopped early) counts as not held.
  const missing =
    coveredUntil < span.end ? Math.round((span.end - Math.max(coveredUntil, span.start)) / step) : 0;
  const total = inNote.length + missing;
  const heldFraction = total > 0 ? inTune.filter(Boolean).length / total : 0;
  const onsetMs =
    arrival >= 0 ? Math.max(0, Math.round(((inNote[arrival]?.t ?? 0) - span.start) * 1000)) : null;
  return {
    result: {
      target: label,
      centsOff: centsOff === null ? null : round(centsOff, 1),
      heldFraction: round(heldFraction, 2),
      onsetMs,
    },
    points: notePoints(centsOff, heldFraction, o.toleranceCents),
  };
}

/**
 * Scores `frames` (the engine's pitch frames: seconds from the take's start, Hz or null) against
 * `target`, which starts `offsetSeconds` into the take. Pure: same frames, same result.
 */
export function scoreTake(
  target: readonly TargetNote[],
  frames: readonly PitchFrame[],
  options: ScoreOptions = {},
): ExerciseResult {
  const o: Required<ScoreOptions> = {
    toleranceCents: options.toleranceCents ?? SCORE_TOLERANCE_CENTS,
    attackSkipSeconds: options.attackSkipSeconds ?? ATTACK_SKIP_SECONDS,
    arrivalFrames: options.arrivalFrames ?? ARRIVAL_FRAMES,
    offsetSeconds: options.offsetSeconds ?? 0,
    smoothSeconds: options.smoothSeconds ?? SMOOTH_SECONDS,
  };
  const sorted = [...frames].sort((a, b) => a.t - b.t).map((f) => ({ t: f.t - o.offsetSeconds, f0: f.f0 }));
  const step = frameStep(sorted);
  const last = sorted[sorted.length - 1];
  const coveredUntil = last ? last.t + step : 0;
  const measures = noteTimes(target).map((span, i) =>
    measureNote(target, i, span, sorted, coveredUntil, step, o),
  );
  const scored = measures.map((m) => m.points).filter((p): p is number => p !== null);
  const score = scored.length ? Math.round(scored.reduce((a, b) => a + b, 0) / scored.length) : 0;
  return { notes: measures.map((m) => m.result), score };
}
