// Step 1 of AVQI 03.01: the sounding parts of the read speech, joined end to end. Praat's
// "Sound: To TextGrid (silences)" (dwtools/Sound_and_TextGrid_extensions.cpp): pass band
// 80-8000 Hz (80 Hz ramps), intensity contour (fon/Sound_to_Intensity.cpp: Kaiser-like window
// of 6.4 / pitch floor, mean pressure subtracted), frames below (maximum - 25 dB) are silent,
// then short sounding and short silent intervals are absorbed by their neighbours
// (dwtools/Intensity_extensions.cpp, TextGrid_extensions.cpp). The sounding intervals are cut
// from the 34 Hz high-passed speech as "Extract part" does (every sample whose centre lies in
// the interval) and concatenated.
import { allocF64, allocI32, ld, st, ldi, sti, roundTieUp } from './mem';
import { hannBandFilter } from './filter';
import { fftRe, fftSignalCapacity } from './fft';
import { besselI0 } from './bessel';

/** The pass band of Praat's silence detection (Hz): 80-8000, ramps of 80. */
export const BAND_LOW: f64 = 80.0;
export const BAND_HIGH: f64 = 8000.0;
export const BAND_SMOOTH: f64 = 80.0;

const SILENT: i32 = 0;
const SOUNDING: i32 = 1;

// The interval tier: parallel arrays, `count` intervals in time order.
let starts: usize = 0;
let ends: usize = 0;
let labels: usize = 0;
let count: i32 = 0;

let sumX: f64 = 0;
let sumW: f64 = 0;
let sumXW: f64 = 0;
let sumXXW: f64 = 0;

/** The sums of x, w, x w and x^2 w over n samples, two lanes at a time where SIMD is on. */
function windowSums(x: usize, w: usize, n: i32): void {
  let i = 0;
  let sx: f64 = 0,
    sw: f64 = 0,
    sxw: f64 = 0,
    sxxw: f64 = 0;
  if (ASC_FEATURE_SIMD) {
    let vx = f64x2.splat(0.0),
      vw = f64x2.splat(0.0),
      vxw = f64x2.splat(0.0),
      vxxw = f64x2.splat(0.0);
    for (; i + 2 <= n; i += 2) {
      const o = (<usize>i) << 3;
      const a = v128.load(x + o);
      const b = v128.load(w + o);
      const ab = f64x2.mul(a, b);
      vx = f64x2.add(vx, a);
      vw = f64x2.add(vw, b);
      vxw = f64x2.add(vxw, ab);
      vxxw = f64x2.add(vxxw, f64x2.mul(a, ab));
    }
    sx = f64x2.extract_lane(vx, 0) + f64x2.extract_lane(vx, 1);
    sw = f64x2.extract_lane(vw, 0) + f64x2.extract_lane(vw, 1);
    sxw = f64x2.extract_lane(vxw, 0) + f64x2.extract_lane(vxw, 1);
    sxxw = f64x2.extract_lane(vxxw, 0) + f64x2.extract_lane(vxxw, 1);
  }
  for (; i < n; i++) {
    const a = ld(x, i);
    const b = ld(w, i);
    sx += a;
    sw += b;
    sxw += a * b;
    sxxw += a * a * b;
  }
  sumX = sx;
  sumW = sw;
  sumXW = sxw;
  sumXXW = sxxw;
}

let intensityFrames: i32 = 0;
let intensityT1: f64 = 0;
let intensityDt: f64 = 0;
// What exactDb() needs to recompute a frame as Praat does.
let frameSignal: usize = 0;
let frameCount: i32 = 0;
let frameWindow: usize = 0;
let frameHalf: i32 = 0;
let frameX1: f64 = 0;
let frameDx: f64 = 0;
let settled: usize = 0; // per frame: 1 once the contour holds its exact value

/**
 * The intensity contour is first taken with f32 sums, four lanes at a time (two sets of
 * accumulators), which is within APPROXIMATE_DB of the f64 value (the sums' relative error is
 * under 2048 x 6e-8 even at worst, 5e-4 dB; about 1e-6 dB in practice). Only frames that can
 * matter get their exact f64 value (exactDb, Praat's arithmetic as before): those within
 * SETTLE_DB of the contour's maximum or minimum, with their neighbours (the parabolic refinement
 * reads them), and those within SETTLE_DB of the silence threshold. Every silent/sounding
 * decision, the maximum and the minimum are then the exact ones.
 */
const SETTLE_DB: f64 = 0.05;

function frameRange(f: i32): i32 {
  const t = intensityT1 + <f64>f * intensityDt;
  return roundTieUp((t - frameX1) / frameDx + 1.0);
}

/** Praat's value of frame f in dB: sum (x - mean)^2 w / sum w over the frame's window, in f64. */
function exactDb(f: i32): f64 {
  const centreSample = frameRange(f);
  let left = centreSample - frameHalf;
  let right = centreSample + frameHalf;
  if (left < 1) left = 1;
  if (right > frameCount) right = frameCount;
  const offset = frameHalf + 1 - centreSample; // window index (1-based) = sample + offset
  windowSums(
    frameSignal + ((<usize>(left - 1)) << 3),
    frameWindow + ((<usize>(left + offset - 1)) << 3),
    right - left + 1,
  );
  const mean = sumX / <f64>(right - left + 1);
  // sum (x - mean)^2 w, expanded so that one pass gives every sum (the mean of the 34 Hz
  // high-passed speech is tiny, so nothing cancels; equal to the two-pass form to ~1e-15).
  const sumxw = sumXXW - 2.0 * mean * sumXW + mean * mean * sumW;
  return decibelsOf(sumxw / sumW);
}

function decibelsOf(meanSquare: f64): f64 {
  const relative = meanSquare / 4.0e-10;
  return relative < 1e-30 ? -300.0 : 10.0 * Math.log10(relative);
}

/** Puts frame f's exact value into the contour (once). */
function settle(contour: usize, f: i32): void {
  if (f < 0 || f >= intensityFrames || load<u8>(settled + <usize>f) != 0) return;
  store<u8>(settled + <usize>f, 1);
  st(contour, f, exactDb(f));
}

/**
 * The sums of x, x w and x^2 w over n samples (n a multiple of 8) of the f32 signal and window,
 * in f32, eight partial sums each; their f64 totals go to sumX, sumXW, sumXXW.
 */
function windowSums32(x: usize, w: usize, n: i32): void {
  let sx: f64 = 0,
    sxw: f64 = 0,
    sxxw: f64 = 0;
  if (ASC_FEATURE_SIMD) {
    let ax = f32x4.splat(0.0),
      axw = f32x4.splat(0.0),
      axxw = f32x4.splat(0.0),
      bx = f32x4.splat(0.0),
      bxw = f32x4.splat(0.0),
      bxxw = f32x4.splat(0.0);
    for (let i = 0; i < n; i += 8) {
      const o = (<usize>i) << 2;
      const a = v128.load(x + o);
      const aw = f32x4.mul(a, v128.load(w + o));
      ax = f32x4.add(ax, a);
      axw = f32x4.add(axw, aw);
      axxw = f32x4.add(axxw, f32x4.mul(a, aw));
      const b = v128.load(x + o + 16);
      const bw = f32x4.mul(b, v128.load(w + o + 16));
      bx = f32x4.add(bx, b);
      bxw = f32x4.add(bxw, bw);
      bxxw = f32x4.add(bxxw, f32x4.mul(b, bw));
    }
    sx = laneSum(f32x4.add(ax, bx));
    sxw = laneSum(f32x4.add(axw, bxw));
    sxxw = laneSum(f32x4.add(axxw, bxxw));
  } else {
    // The same eight partial sums (lane l of set a: i % 8 == l, of set b: i % 8 == 4 + l).
    const acc = partials;
    memory.fill(acc, 0, 96);
    for (let i = 0; i < n; i += 8) {
      for (let l = 0; l < 8; l++) {
        const a = load<f32>(x + ((<usize>(i + l)) << 2));
        const aw = a * load<f32>(w + ((<usize>(i + l)) << 2));
        const at = acc + ((<usize>l) << 2);
        store<f32>(at, load<f32>(at) + a);
        store<f32>(at, load<f32>(at, 32) + aw, 32);
        store<f32>(at, load<f32>(at, 64) + a * aw, 64);
      }
    }
    for (let l = 0; l < 4; l++) {
      const at = acc + ((<usize>l) << 2);
      sx += <f64>(load<f32>(at) + load<f32>(at, 16));
      sxw += <f64>(load<f32>(at, 32) + load<f32>(at, 48));
      sxxw += <f64>(load<f32>(at, 64) + load<f32>(at, 80));
    }
  }
  sumX = sx;
  sumXW = sxw;
  sumXXW = sxxw;
}

/** The f64 sum of a vector's four f32 lanes, in lane order. */
function laneSum(v: v128): f64 {
  let sum = <f64>f32x4.extract_lane(v, 0);
  sum += <f64>f32x4.extract_lane(v, 1);
  sum += <f64>f32x4.extract_lane(v, 2);
  return sum + <f64>f32x4.extract_lane(v, 3);
}

let partials: usize = 0; // the scalar build's 24 f32 partial sums

/**
 * Praat's Sound_to_Intensity (subtract mean on) of x; returns the dB contour, sets the frame grid.
 * Frames away from the maximum, the minimum and the threshold hold values from f32 sums (see
 * SETTLE_DB); detectSilences settles the rest.
 */
function intensity(x: usize, n: i32, rate: f64, minimumPitch: f64, timeStep: f64): usize {
  const dx = 1.0 / rate;
  const x1 = 0.5 * dx;
  const logicalWindow = 3.2 / minimumPitch;
  const physicalWindow = 2.0 * logicalWindow;
  const halfWindow = 0.5 * physicalWindow;
  const halfSamples = <i32>Math.floor(halfWindow / dx);
  const windowSamples = 2 * halfSamples + 1;
  const window = allocF64(windowSamples);
  const centre = halfSamples + 1;
  for (let i = 1; i <= windowSamples; i++) {
    const r = (<f64>(i - centre) * dx) / halfWindow;
    const root = Math.sqrt(Math.max(0.0, 1.0 - r * r));
    st(window, i - 1, besselI0((2.0 * Math.PI * Math.PI + 0.5) * root));
  }
  const duration = dx * <f64>n;
  if (physicalWindow > duration) {
    intensityFrames = 0;
    return 0;
  }
  const frames = <i32>Math.floor((duration - physicalWindow) / timeStep) + 1;
  const mid = x1 - 0.5 * dx + 0.5 * duration;
  const t1 = mid - 0.5 * <f64>frames * timeStep + 0.5 * timeStep;
  intensityFrames = frames;
  intensityT1 = t1;
  intensityDt = timeStep;
  frameSignal = x;
  frameCount = n;
  frameWindow = window;
  frameHalf = halfSamples;
  frameX1 = x1;
  frameDx = dx;
  settled = allocI32((frames + 3) >> 2);
  partials = allocI32(24);
  // f32 copies: the signal, and the window padded with zeros to a multiple of 8 samples (the
  // zero weights add nothing to the sums of x w and x^2 w; the sum of x is corrected below).
  const span = (windowSamples + 7) & ~7;
  const window32 = allocI32(span);
  for (let i = 0; i < windowSamples; i++) store<f32>(window32 + ((<usize>i) << 2), <f32>ld(window, i));
  // The signal's copy goes to the whole-recording transforms' re / im block when it holds it
  // (pages the filters have touched already, free while the silences are detected: step 1 of
  // assessment.ts) rather than to fresh memory that would stay in use until the end.
  const signal32 = <i64>(n + span) <= 2 * (<i64>fftSignalCapacity() + 2) ? fftRe() : allocI32(n + span);
  for (let i = 0; i < n; i++) store<f32>(signal32 + ((<usize>i) << 2), <f32>ld(x, i));
  // The last frames' padding reads up to span - 1 samples past the end: zeros, not stale data.
  memory.fill(signal32 + ((<usize>n) << 2), 0, (<usize>span) << 2);
  // The window's sum is the same for every frame that lies wholly inside the signal.
  windowSums(x, window, windowSamples);
  const fullWeight = sumW;
  const out = allocF64(frames);
  for (let f = 0; f < frames; f++) {
    const centreSample = frameRange(f);
    const left = centreSample - halfSamples;
    const right = centreSample + halfSamples;
    if (left < 1 || right > n) {
      settle(out, f); // a frame cut by the signal's ends: exact at once
      continue;
    }
    const from = signal32 + ((<usize>(left - 1)) << 2);
    windowSums32(from, window32, span);
    // The padding's samples entered the sum of x: take them out again.
    let padding: f64 = 0;
    for (let i = windowSamples; i < span; i++) padding += <f64>load<f32>(from + ((<usize>i) << 2));
    const mean = (sumX - padding) / <f64>windowSamples;
    st(out, f, decibelsOf((sumXXW - 2.0 * mean * sumXW + mean * mean * fullWeight) / fullWeight));
  }
  return out;
}

/** Maximum (or minimum) of a contour with parabolic refinement, as Praat's Vector_getMaximumAndX. */
function extremum(y: usize, n: i32, wantMax: bool): f64 {
  const sign: f64 = wantMax ? 1.0 : -1.0;
  let best = sign * ld(y, 0);
  if (sign * ld(y, n - 1) > best) best = sign * ld(y, n - 1);
  for (let i = 1; i < n - 1; i++) {
    const a = sign * ld(y, i - 1),
      b = sign * ld(y, i),
      c = sign * ld(y, i + 1);
    if (b > a && b >= c) {
      const dy = 0.5 * (c - a);
      const d2y = 2.0 * b - a - c;
      const refined = b + (0.5 * dy * dy) / d2y;
      if (refined > best) best = refined;
    }
  }
  return sign * best;
}

function cutInterval(index: i32, extendLater: bool): void {
  if (count == 1 || index >= count || index < 0) return;
  const xmin = ld(starts, index),
    xmax = ld(ends, index);
  for (let i = index; i < count - 1; i++) {
    st(starts, i, ld(starts, i + 1));
    st(ends, i, ld(ends, i + 1));
    sti(labels, i, ldi(labels, i + 1));
  }
  count--;
  if (index == 0) st(starts, 0, xmin);
  else if (index == count) st(ends, count - 1, xmax);
  else if (!extendLater) st(ends, index - 1, xmax);
  else st(starts, index, xmin);
}

function cutShort(label: i32, minimum: f64): void {
  let i = 0;
  while (i < count) {
    if (ldi(labels, i) == label && ld(ends, i) - ld(starts, i) < minimum) cutInterval(i, false);
    else i++;
  }
}

function combineRuns(label: i32): void {
  let i = 0;
  while (i < count - 1) {
    if (ldi(labels, i) == label && ldi(labels, i + 1) == label) cutInterval(i, true);
    else i++;
  }
}

/** The silence grid of x, whose 80-8000 Hz band is `filtered`: fills the interval tier. */
function detectSilences(filtered: usize, n: i32, rate: f64): void {
  const duration = <f64>n / rate;
  const contour = intensity(filtered, n, rate, 50.0, 0.003);
  starts = allocF64(intensityFrames + 2);
  ends = allocF64(intensityFrames + 2);
  labels = allocI32(intensityFrames + 2);
  count = 1;
  st(starts, 0, 0.0);
  st(ends, 0, duration);
  sti(labels, 0, SOUNDING);
  const minSilence: f64 = 0.1,
    minSounding: f64 = 0.1;
  if (intensityFrames < 2 || minSilence > duration) return;
  const frames = intensityFrames;
  // The extrema from exact values: every frame near the contour's highest and lowest values is
  // settled with its neighbours, then the parabolic extrema read only exact values where it counts.
  let top = ld(contour, 0),
    bottom = top;
  for (let i = 1; i < frames; i++) {
    const v = ld(contour, i);
    if (v > top) top = v;
    if (v < bottom) bottom = v;
  }
  for (let i = 0; i < frames; i++) {
    const v = ld(contour, i);
    if (v > top - SETTLE_DB || v < bottom + SETTLE_DB) {
      settle(contour, i - 1);
      settle(contour, i);
      settle(contour, i + 1);
    }
  }
  const maxDb = extremum(contour, frames, true);
  const minDb = extremum(contour, frames, false);
  const threshold = maxDb - 25.0;
  if (threshold < minDb) return;
  for (let i = 0; i < frames; i++) {
    if (Math.abs(ld(contour, i) - threshold) < SETTLE_DB) settle(contour, i);
  }
  let silent = ld(contour, 0) < threshold;
  for (let i = 1; i < intensityFrames; i++) {
    const nowSilent = ld(contour, i) < threshold;
    if (nowSilent != silent) {
      const time = intensityT1 + <f64>i * intensityDt;
      // The interval ending here keeps the label of the state that ends.
      sti(labels, count - 1, silent ? SILENT : SOUNDING);
      st(ends, count - 1, time);
      st(starts, count, time);
      st(ends, count, duration);
      count++;
      silent = nowSilent;
    }
  }
  sti(labels, count - 1, silent ? SILENT : SOUNDING);
  cutShort(SOUNDING, minSounding);
  combineRuns(SILENT);
  cutShort(SILENT, minSilence);
  combineRuns(SOUNDING);
}

let joinedLength: i32 = 0;

/**
 * Samples of the sounding parts of `speech` (already high-passed), joined; length in
 * soundingLength(). `banded` is the speech band-passed 80-8000 Hz (80 Hz ramps) as Praat's
 * silence detection filters it (filter.ts, stopThenPass), or 0 to filter it here.
 */
export function soundingParts(
  speech: usize,
  n: i32,
  rate: f64,
  banded: usize = 0,
  into: usize = 0,
  intoCapacity: i32 = 0,
): usize {
  let filtered = banded;
  if (filtered == 0) {
    filtered = allocF64(n);
    memory.copy(filtered, speech, (<usize>n) << 3);
    hannBandFilter(filtered, n, rate, false, BAND_LOW, BAND_HIGH, BAND_SMOOTH);
  }
  detectSilences(filtered, n, rate);
  const dx = 1.0 / rate;
  const x1 = 0.5 * dx;
  // Neighbouring intervals share a boundary, so a sample centred exactly on one is taken twice.
  // The parts go to `into` when it holds them (the caller's scratch; it may be `banded`, which is
  // read no more), else to memory of their own.
  const capacity = n + 2 * count;
  const out = into != 0 && intoCapacity >= capacity ? into : allocF64(capacity);
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (ldi(labels, i) != SOUNDING) continue;
    const first = 1 + <i32>Math.ceil((ld(starts, i) - x1) / dx);
    const last = 1 + <i32>Math.floor((ld(ends, i) - x1) / dx);
    for (let s = first; s <= last; s++) {
      if (at < capacity) st(out, at++, s >= 1 && s <= n ? ld(speech, s - 1) : 0.0);
    }
  }
  joinedLength = at;
  return out;
}

export function soundingLength(): i32 {
  return joinedLength;
}
