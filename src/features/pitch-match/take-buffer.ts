// The frames of one take, kept outside React as they arrive (~100 a second): preallocated typed
// arrays, so collecting them allocates nothing and renders nothing. The live trace reads them on
// its own animation-frame clock; the scorer reads them once when the take ends.
import type { PitchFrame } from '../../domain/pitch-target/types';

/** The target starts this long after the first frame: a moment to breathe in after the tap. */
export const LEAD_IN_SEC = 1.5;
/** The take runs on this long after the target's end, so a late last note is still heard. */
export const TAIL_SEC = 0.4;
/** Generous for the engine's 10 ms hop (and for any faster one). */
const FRAMES_PER_SEC = 120;

export interface TakeBuffer {
  readonly times: Float64Array;
  /** Hz of each frame; NaN where it was unvoiced. */
  readonly f0s: Float32Array;
  count: number;
  /** The engine's time (seconds) at which the target starts; NaN before the first frame. */
  offset: number;
  /** The target's length, seconds. */
  readonly targetSec: number;
}

export function createTakeBuffer(targetSec: number): TakeBuffer {
  const size = Math.ceil((LEAD_IN_SEC + targetSec + TAIL_SEC + 2) * FRAMES_PER_SEC);
  return {
    times: new Float64Array(size),
    f0s: new Float32Array(size),
    count: 0,
    offset: Number.NaN,
    targetSec,
  };
}

/**
 * Adds one frame; returns true once the take has run past the target's end (then the caller
 * stops the microphone). Frames beyond the buffer's room are dropped.
 */
export function addFrame(buf: TakeBuffer, t: number, f0: number | null): boolean {
  if (Number.isNaN(buf.offset)) buf.offset = t + LEAD_IN_SEC;
  if (buf.count < buf.times.length) {
    buf.times[buf.count] = t;
    buf.f0s[buf.count] = f0 ?? Number.NaN;
    buf.count++;
  }
  return t >= buf.offset + buf.targetSec + TAIL_SEC;
}

/** Seconds into the target of the newest frame (negative during the lead-in); null before any. */
export function takeClock(buf: TakeBuffer): number | null {
  return buf.count === 0 ? null : (buf.times[buf.count - 1] ?? 0) - buf.offset;
}

/** The frames as the scorer takes them, in the target's time (0 = the target's first note). */
export function framesOf(buf: TakeBuffer): PitchFrame[] {
  const out: PitchFrame[] = [];
  for (let i = 0; i < buf.count; i++) {
    const f0 = buf.f0s[i] ?? Number.NaN;
    out.push({ t: (buf.times[i] ?? 0) - buf.offset, f0: Number.isNaN(f0) ? null : f0 });
  }
  return out;
}
