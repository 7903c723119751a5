// The live phonetogram's bookkeeping (issue 31): each voiced frame of the tuning room's live
// analyser becomes a dot at its semitone and level. Dots are kept per cell (a quarter semitone
// by one dB), so a minute of singing is a few hundred dots on screen, not thousands.
import type { RangeProfilePoint } from '../../../dsp/range-types';
import type { VoiceFrame } from '../../../dsp/types';
import { SOUND_RMS } from '../assessment/take-quality';
import { splOf } from './calibration';

export interface Dot {
  /** MIDI note number, to a quarter semitone. */
  semitone: number;
  /** dB: SPL with a calibration, else dB re an RMS of 1 (drawn against the loudest). */
  db: number;
}

export interface DotSet {
  dots: Dot[];
  /** The loudest dot's level so far (relative drawing puts it at 0). */
  loudest: number;
}

export const emptyDots = (): DotSet => ({ dots: [], loudest: -Infinity });

/** Adds one live frame (voiced and heard) to the set; answers whether a new dot appeared. */
export function addFrame(set: DotSet, seen: Set<string>, frame: VoiceFrame, calibrationDb: number | null) {
  if (frame.f0 === null || frame.semitone === null || frame.rms < SOUND_RMS) return false;
  const db = calibrationDb === null ? 20 * Math.log10(frame.rms) : splOf(frame.rms, calibrationDb);
  const dot = { semitone: Math.round(frame.semitone * 4) / 4, db: Math.round(db) };
  set.loudest = Math.max(set.loudest, dot.db);
  const key = `${dot.semitone}:${dot.db}`;
  if (seen.has(key)) return false;
  seen.add(key);
  set.dots.push(dot);
  return true;
}

export interface Axes {
  /** MIDI note numbers across: whole octaves from C to C around what is drawn. */
  lowSemitone: number;
  highSemitone: number;
  lowDb: number;
  highDb: number;
}

/**
 * The chart's axes: C2 to C6 at least (most voices' whole range), widened to whole octaves
 * around anything drawn; levels 40-120 dB SPL calibrated, or 50 dB below the loudest to it.
 */
export function axesFor(semitones: number[], levels: 'spl' | 'relative', dbs: number[] = []): Axes {
  const lo = Math.min(36, ...semitones.map((s) => Math.floor(s / 12) * 12));
  const hi = Math.max(84, ...semitones.map((s) => Math.ceil((s + 0.01) / 12) * 12));
  if (levels === 'relative') return { lowSemitone: lo, highSemitone: hi, lowDb: -50, highDb: 0 };
  const lowDb = Math.min(40, ...dbs.map((d) => Math.floor(d / 10) * 10));
  const highDb = Math.max(120, ...dbs.map((d) => Math.ceil(d / 10) * 10));
  return { lowSemitone: lo, highSemitone: hi, lowDb, highDb };
}

/** Dynamic range per note of a profile: loudest minus softest, dB. */
export const dynamicRange = (p: RangeProfilePoint) => Math.round((p.maxDb - p.minDb) * 10) / 10;
