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

function bessel0(x0: f64): f64 {
  // Abramowitz & Stegun 9.8.1-2, as Praat's NUMbessel_i0_f.
  const x = Math.abs(x0);
  if (x < 3.75) {
    let t = x / 3.75;
    t *= t;
    return (
      1.0 +
      t * (3.5156229 + t * (3.0899424 + t * (1.2067492 + t * (0.2659732 + t * (0.0360768 + t * 0.0045813)))))
    );
  }
  const t = 3.75 / x;
  return (
    (Math.exp(x) / Math.sqrt(x)) *
    (0.39894228 +
      t *
        (0.01328592 +
          t *
            (0.00225319 +
              t *
                (-0.00157565 +
                  t *
                    (0.00916281 +
                      t * (-0.02057706 + t * (0.02635537 + t * (-0.01647633 + t * 0.00392377))))))))
  );
}

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

/** Praat's Sound_to_Intensity (subtract mean on) of x; returns the dB contour, sets the frame grid. */
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
    st(window, i - 1, bessel0((2.0 * Math.PI * Math.PI + 0.5) * root));
  }
  const duration = dx * <f64>n;
  if (physicalWindow > duration) {
    intensityFrames = 0;
    return 0;
  }
  const frames = <i32>Math.floor((duration - physicalWindow) / timeStep) + 1;
  const mid = x1 - 0.5 * dx + 0.5 * duration;
  const t1 = mid - 0.5 * <f64>frames * timeStep + 0.5 * timeStep;
  const out = allocF64(frames);
  for (let f = 0; f < frames; f++) {
    const t = t1 + <f64>f * timeStep;
    const centreSample = roundTieUp((t - x1) / dx + 1.0);
    let left = centreSample - halfSamples;
    let right = centreSample + halfSamples;
    if (left < 1) left = 1;
    if (right > n) right = n;
    const offset = centre - centreSample; // window index (1-based) = sample + offset
    windowSums(
      x + ((<usize>(left - 1)) << 3),
      window + ((<usize>(left + offset - 1)) << 3),
      right - left + 1,
    );
    const mean = sumX / <f64>(right - left + 1);
    // sum (x - mean)^2 w, expanded so that one pass gives every sum (the mean of the 34 Hz
    // high-passed speech is tiny, so nothing cancels; equal to the two-pass form to ~1e-15).
    const sumxw = sumXXW - 2.0 * mean * sumXW + mean * mean * sumW;
    const relative = sumxw / sumW / 4.0e-10;
    st(out, f, relative < 1e-30 ? -300.0 : 10.0 * Math.log10(relative));
  }
  intensityFrames = frames;
  intensityT1 = t1;
  intensityDt = timeStep;
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
  const maxDb = extremum(contour, intensityFrames, true);
  const minDb = extremum(contour, intensityFrames, false);
  const threshold = maxDb - 25.0;
  if (threshold < minDb) return;
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
