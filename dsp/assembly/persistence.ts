// A noisy voice's period, held over time (issue 31: a hoarse, breathy or creaky voice must be
// heard as a voice).
//
// The tracker voices a frame when a candidate's CMNDF is under the unvoiced cost (0.35). A voice
// with aspiration noise, 6-12 % jitter and double pulsing (the graded KlattGrid voices, Praat's
// AVQI 2-10) dips only to 0.4-0.75 over the engine's 70 ms window: Praat voices 74-99 % of
// those vowels at the same floor (its voicing threshold is 0.45 on the normalised
// autocorrelation, about 0.6 in CMNDF), the engine voiced 3-16 % of four of them, and the
// tuning room heard "noise" in the most severe. What tells such a
// voice from noise is not one frame's depth but that the same period comes back frame after
// frame: a dip in white noise, rustle or a fricative falls at a new lag once the window has moved
// on (70 ms, 7 frames), while a voice's period stays within a few per cent.
//
// So the tracker keeps, for the last HISTORY frames, the f0 of every candidate that was
// allowed (in range, not hum, no ringing formant) and under HELD_CEILING. A candidate whose f0
// was seen in at least MIN_HITS of those frames (more than a window's span: evidence from
// independent samples) is a "held period", and its local cost is lowered by HELD_BONUS
// (tracker.ts): a CMNDF of 0.6-0.75 then competes with the unvoiced cost as Praat's voicing
// threshold lets it. A candidate held this way must also dip at twice its period about as deep
// as at its period when the search reaches that far: a sound that repeats every P repeats every
// 2P (a whispered vowel's formant rings at 1/F1 on breath alone, every frame, but its ring has
// faded by 2/F1). And the sound must hold its level: a room's reverberant tail, or a syllable's
// end, keeps the period of the voice that has stopped while it fades (the held-out rooms read
// such tails an octave off).

import { MAX_CANDIDATES, dipNear, searchMaxLag } from './yin';

/** Frames remembered (200 ms at the 10 ms hop). */
const HISTORY: i32 = 20;
/** Frames of HISTORY that must hold a candidate at the same f0. */
const MIN_HITS: i32 = 12;
/** The same f0: within this many octaves (5 %: a voice with 6-12 % jitter wanders this much). */
const TOLERANCE: f64 = 0.08;
/** Only candidates under this CMNDF are remembered or held (white noise sits near 1). */
export const HELD_CEILING: f64 = 0.8;
/**
 * A held period's dip at twice the period may be this much shallower than its own: a jittery
 * voice's 2P dip spreads (the rough graded voice: 105 Hz at 0.35-0.6, 52 Hz 0.45-0.7), while a
 * whispered vowel's formant ring at 1/F1 has faded by 2/F1 (no frame of it held at 0.25).
 */
const DOUBLE_MARGIN: f64 = 0.25;

const seen = new StaticArray<f64>(HISTORY * MAX_CANDIDATES);
const seenCount = new StaticArray<i32>(HISTORY);
let slot: i32 = 0;
/** Frames of level remembered: a held voice holds its level (within LEVEL_DROP of its peak). */
const LEVEL_FRAMES: i32 = 10;
/** RMS ratio (-6 dB): a reverberant tail or a syllable's end falls further within 100 ms. */
const LEVEL_DROP: f64 = 0.5;
const levels = new StaticArray<f64>(LEVEL_FRAMES);
let levelSlot: i32 = 0;
let steady = false;
const current = new StaticArray<f64>(MAX_CANDIDATES);
let currentCount: i32 = 0;

export function persistenceReset(): void {
  for (let i = 0; i < HISTORY; i++) unchecked((seenCount[i] = 0));
  slot = 0;
  currentCount = 0;
  for (let i = 0; i < LEVEL_FRAMES; i++) unchecked((levels[i] = 0));
  levelSlot = 0;
  steady = false;
}

/** The frame's RMS, before the tracker's step: is the sound holding its level? */
export function persistenceLevel(rms: f64): void {
  unchecked((levels[levelSlot] = rms));
  levelSlot = (levelSlot + 1) % LEVEL_FRAMES;
  let peak: f64 = 0;
  for (let i = 0; i < LEVEL_FRAMES; i++) peak = Math.max(peak, unchecked(levels[i]));
  steady = rms >= LEVEL_DROP * peak;
}

function log2abs(a: f64, b: f64): f64 {
  const v = Math.log2(a / b);
  return v < 0 ? -v : v;
}

/** Notes a candidate of this frame (call for every allowed candidate, then persistenceCommit). */
export function persistenceNote(f: f64, aper: f64): void {
  if (aper >= HELD_CEILING || currentCount >= MAX_CANDIDATES) return;
  unchecked((current[currentCount] = f));
  currentCount++;
}

/** Ends the frame: its noted candidates join the history. */
export function persistenceCommit(): void {
  const base = slot * MAX_CANDIDATES;
  for (let i = 0; i < currentCount; i++) unchecked((seen[base + i] = current[i]));
  unchecked((seenCount[slot] = currentCount));
  slot = (slot + 1) % HISTORY;
  currentCount = 0;
}

/** The candidate (f0 Hz, CMNDF, period in samples) is a period held over the last frames. */
export function heldPeriod(f: f64, aper: f64, period: f64): bool {
  if (!steady || aper >= HELD_CEILING) return false;
  if (2 * period <= <f64>searchMaxLag() && dipNear(2 * period) > aper + DOUBLE_MARGIN) return false;
  let hits = 0;
  for (let h = 0; h < HISTORY; h++) {
    const base = h * MAX_CANDIDATES;
    const n = unchecked(seenCount[h]);
    for (let i = 0; i < n; i++) {
      if (log2abs(f, unchecked(seen[base + i])) < TOLERANCE) {
        hits++;
        break;
      }
    }
  }
  return hits >= MIN_HITS;
}
