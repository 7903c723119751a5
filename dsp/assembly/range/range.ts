// The voice range profile's measures (issue 31, docs/voice-range.md) on one mono recording in
// arena memory (f64, first sample at half a sample period), each a Praat command:
// - the pitch track: `To Pitch (ac)` with RANGE_PITCH (below);
// - levels: `To Intensity: 100, 0, "no"` read with `Get value at time: t, "linear"` at each voiced
//   pitch frame's time;
// - lowest and highest F0: `Get quantile: 0, 0, 0.02 / 0.98, "Hertz"` of the pitch track;
// - jitter (local): `To PointProcess (cc)` from the sound and that pitch, then `Get jitter
//   (local): 0, 0, 0.0001, 0.02, 1.3`.
// The semitone profile is grouped in TypeScript (dsp/range.ts) from the voiced frames' F0 and
// level left here. The caller resets the arena first; results stay readable until the next call.

import { arenaAlloc } from '../arena';
import {
  praatPitch,
  signalRunningSum,
  METHOD_AC,
  pitchFrames,
  pitchFrequency,
  pitchX1,
  pitchDt,
  pitchCeiling,
} from '../avqi/praat-pitch';
import { praatPulses, pulseCount, pulseTimes } from '../avqi/praat-pulses';
import { praatJitterLocal } from '../avqi/praat-jitter';
import { praatIntensity, intensityAt } from './intensity';

/** RANGE_PITCH (docs/voice-range.md): every 10 ms, 55-1100 Hz (a bass's A1 to a soprano's C#6). */
export const RANGE_TIME_STEP: f64 = 0.01;
export const RANGE_FLOOR_HZ: f64 = 55.0;
export const RANGE_CEILING_HZ: f64 = 1100.0;
/** `To Intensity`'s minimum pitch: a 64 ms window (6.4 / 100), every 8 ms (Praat's default). */
export const RANGE_INTENSITY_MIN_PITCH_HZ: f64 = 100.0;

export const RANGE_OK: i32 = 0;
export const RANGE_TOO_SHORT: i32 = 1;
export const RANGE_NO_VOICED_FRAMES: i32 = 2;

let voicedCount: i32 = 0;
let voicedF0: usize = 0;
let voicedDb: usize = 0;
let lowest: f64 = NaN;
let highest: f64 = NaN;
let jitter: f64 = NaN;
let frameCount: i32 = 0;

/** melder/melder_sort.cpp NUMquantile on sorted[0..n). */
function quantile(sorted: usize, n: i32, factor: f64): f64 {
  if (n < 1) return NaN;
  if (n == 1) return load<f64>(sorted);
  const place = factor * <f64>n + 0.5;
  let left = <i32>Math.floor(place);
  if (left < 1) left = 1;
  if (left > n - 1) left = n - 1;
  const a = load<f64>(sorted + ((<usize>(left - 1)) << 3));
  const b = load<f64>(sorted + ((<usize>left) << 3));
  const slope = b - a;
  if (slope == 0.0) return a;
  return a + (place - <f64>left) * slope;
}

/** In-place heap sort of p[0..n) (no managed allocation: the arena owns all memory here). */
function sortAscending(p: usize, n: i32): void {
  for (let start = (n >> 1) - 1; start >= 0; start--) siftDown(p, start, n);
  for (let end = n - 1; end > 0; end--) {
    const top = load<f64>(p);
    store<f64>(p, load<f64>(p + ((<usize>end) << 3)));
    store<f64>(p + ((<usize>end) << 3), top);
    siftDown(p, 0, end);
  }
}

function siftDown(p: usize, start: i32, n: i32): void {
  let root = start;
  while (true) {
    let child = 2 * root + 1;
    if (child >= n) return;
    if (child + 1 < n && load<f64>(p + ((<usize>(child + 1)) << 3)) > load<f64>(p + ((<usize>child) << 3)))
      child++;
    const r = load<f64>(p + ((<usize>root) << 3));
    const c = load<f64>(p + ((<usize>child) << 3));
    if (r >= c) return;
    store<f64>(p + ((<usize>root) << 3), c);
    store<f64>(p + ((<usize>child) << 3), r);
    root = child;
  }
}

export function rangeAnalyse(signal: usize, n: i32, rate: f64): i32 {
  voicedCount = 0;
  frameCount = 0;
  lowest = highest = jitter = NaN;
  if (n <= 0 || !(rate > 0)) return RANGE_TOO_SHORT;
  const dx = 1.0 / rate;
  const runningSum = signalRunningSum(signal, n);
  if (
    !praatPitch(
      signal,
      n,
      dx,
      METHOD_AC,
      3.0,
      RANGE_FLOOR_HZ,
      RANGE_CEILING_HZ,
      15,
      0.03,
      0.45,
      0.01,
      0.35,
      0.14,
      RANGE_TIME_STEP,
      runningSum,
    )
  )
    return RANGE_TOO_SHORT;
  if (!praatIntensity(signal, n, dx, RANGE_INTENSITY_MIN_PITCH_HZ, 0.0)) return RANGE_TOO_SHORT;
  frameCount = pitchFrames;
  voicedF0 = arenaAlloc((<usize>pitchFrames) << 3);
  voicedDb = arenaAlloc((<usize>pitchFrames) << 3);
  const sorted = arenaAlloc((<usize>pitchFrames) << 3);
  let quantileCount = 0;
  for (let f = 0; f < pitchFrames; f++) {
    const freq = load<f64>(pitchFrequency + ((<usize>f) << 3));
    if (!(freq > 0.0 && freq < pitchCeiling)) continue;
    // Pitch_getQuantile counts every voiced frame; the profile those with a level (all but
    // frames beyond the intensity's domain, which Get value at time calls undefined).
    store<f64>(sorted + ((<usize>quantileCount) << 3), freq);
    quantileCount++;
    const db = intensityAt(pitchX1 + <f64>f * pitchDt);
    if (isNaN(db)) continue;
    store<f64>(voicedF0 + ((<usize>voicedCount) << 3), freq);
    store<f64>(voicedDb + ((<usize>voicedCount) << 3), db);
    voicedCount++;
  }
  if (quantileCount == 0) return RANGE_NO_VOICED_FRAMES;
  sortAscending(sorted, quantileCount);
  lowest = quantile(sorted, quantileCount, 0.02);
  highest = quantile(sorted, quantileCount, 0.98);
  praatPulses(signal, n, dx);
  jitter = praatJitterLocal(pulseTimes, pulseCount, 0.0001, 0.02, 1.3) * 100.0;
  return RANGE_OK;
}

/** Voiced frames with a level, in time order. */
export function rangeVoicedCount(): i32 {
  return voicedCount;
}
/** Their F0, Hz (f64 array at this address). */
export function rangeVoicedF0(): usize {
  return voicedF0;
}
/** Their intensity, dB (Praat's, samples as Pa). */
export function rangeVoicedDb(): usize {
  return voicedDb;
}
/** Frames of the pitch track, voiced or not. */
export function rangeFrameCount(): i32 {
  return frameCount;
}
export function rangeLowestHz(): f64 {
  return lowest;
}
export function rangeHighestHz(): f64 {
  return highest;
}
/** Jitter (local, %) of the whole recording's pulses on the range pitch; NaN with too few. */
export function rangeJitterPercent(): f64 {
  return jitter;
}
