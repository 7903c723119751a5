// Praat's periodic point process from a sound and its pitch (fon/Pitch_to_PointProcess.cpp,
// Sound_Pitch_to_PointProcess_cc): in each voiced stretch, start at the absolute extremum
// nearest the stretch's middle, then walk left and right one period at a time, placing each
// next pulse where a one-period window correlates best with the window around the last pulse.
// Reads the pitch left by praatPitch(); writes pulse times (seconds, ascending) to the arena.

import { arenaAlloc } from '../arena';
import { laggedProducts, LAGS_PER_PASS } from './lagged-products';
import { pitchFrames, pitchX1, pitchDt, pitchCeiling, pitchFrequency } from './praat-pitch';

export let pulseCount: i32 = 0;
export let pulseTimes: usize = 0;
let pulseCapacity: i32 = 0;

let sig: usize = 0;
let nx: i32 = 0;
let dx: f64 = 0;
let x1: f64 = 0;
let xmax: f64 = 0;
// findMaximumCorrelation's products, one per place tried (a pulse's search spans 0.45 period).
let products: usize = 0;
let productsCapacity: i32 = 0;

function z(i: i32): f64 {
  return load<f64>(sig + ((<usize>(i - 1)) << 3));
}

function frameFrequency(iframe: i32): f64 {
  return load<f64>(pitchFrequency + ((<usize>(iframe - 1)) << 3));
}

function frameVoiced(iframe: i32): bool {
  const f = frameFrequency(iframe);
  return f > 0.0 && f < pitchCeiling;
}

/** Pitch at time t, linearly interpolated between voiced frames; NaN when unvoiced or outside. */
function pitchAt(t: f64): f64 {
  if (t < 0.0 || t > xmax) return NaN;
  const indexReal = (t - pitchX1) / pitchDt + 1.0;
  const leftIndex = <i32>Math.floor(indexReal);
  let phase = indexReal - <f64>leftIndex;
  let nearIndex: i32;
  let farIndex: i32;
  if (phase < 0.5) {
    nearIndex = leftIndex;
    farIndex = leftIndex + 1;
  } else {
    farIndex = leftIndex;
    nearIndex = leftIndex + 1;
    phase = 1.0 - phase;
  }
  if (nearIndex < 1 || nearIndex > pitchFrames) return NaN;
  if (!frameVoiced(nearIndex)) return NaN;
  const nearValue = frameFrequency(nearIndex);
  if (farIndex < 1 || farIndex > pitchFrames) return nearValue;
  if (!frameVoiced(farIndex)) return nearValue;
  return nearValue + phase * (frameFrequency(farIndex) - nearValue);
}

let intervalLeft: f64 = 0;
let intervalRight: f64 = 0;

function voicedIntervalAfter(after: f64): bool {
  let ileft = <i32>Math.ceil((after - pitchX1) / pitchDt + 1.0);
  if (ileft > pitchFrames) return false;
  if (ileft < 1) ileft = 1;
  for (; ileft <= pitchFrames; ileft++) if (frameVoiced(ileft)) break;
  if (ileft > pitchFrames) return false;
  let iright = ileft;
  for (; iright <= pitchFrames; iright++) if (!frameVoiced(iright)) break;
  iright--;
  intervalLeft = pitchX1 + <f64>(ileft - 1) * pitchDt - 0.5 * pitchDt;
  intervalRight = pitchX1 + <f64>(iright - 1) * pitchDt + 0.5 * pitchDt;
  if (intervalLeft >= xmax - 0.5 * pitchDt) return false;
  if (intervalLeft < 0.0) intervalLeft = 0.0;
  if (intervalRight > xmax) intervalRight = xmax;
  if (intervalRight <= after) return false;
  return true;
}

/** Time of the largest |sample| between tmin and tmax, refined by a parabola (Sound_findExtremum). */
function findExtremum(tmin: f64, tmax: f64): f64 {
  let imin = <i32>Math.floor((tmin - x1) / dx + 1.0);
  if (imin < 1) imin = 1;
  let imax = <i32>Math.ceil((tmax - x1) / dx + 1.0);
  if (imax > nx) imax = nx;
  const n = imax - imin + 1;
  let iext: f64;
  if (n < 3) {
    if (n <= 0) iext = 0.0;
    else if (n == 1) iext = 1.0;
    else {
      const a = Math.abs(z(imin));
      const b = Math.abs(z(imin + 1));
      iext = a > b ? 1.0 : a < b ? 2.0 : 1.5;
    }
  } else {
    let kmin = 1;
    let kmax = 1;
    let minimum = z(imin);
    let maximum = minimum;
    for (let k = 2; k <= n; k++) {
      const v = z(imin + k - 1);
      if (v < minimum) {
        minimum = v;
        kmin = k;
      }
      if (v > maximum) {
        maximum = v;
        kmax = k;
      }
    }
    if (minimum == maximum) {
      iext = 0.5 * (<f64>n + 1.0);
    } else {
      const k = Math.abs(minimum) > Math.abs(maximum) ? kmin : kmax;
      if (k == 1) iext = 1.0;
      else if (k == n) iext = <f64>n;
      else {
        const mid = z(imin + k - 1);
        const left = z(imin + k - 2);
        const right = z(imin + k);
        iext = <f64>k + (0.5 * (right - left)) / (2.0 * mid - left - right);
      }
    }
  }
  if (iext != 0.0) return x1 + (<f64>(imin - 1) + iext - 1.0) * dx;
  return 0.5 * (tmin + tmax);
}

let foundTime: f64 = 0;
let foundPeak: f64 = 0;

/**
 * Best normalised correlation between the window of length windowLength around t1 and windows
 * whose centres lie in [tmin2, tmax2]; foundTime gets the (parabola-refined) centre, foundPeak
 * the largest |sample| of that window. Returns -1 when no window was tried.
 */
function findMaximumCorrelation(t1: f64, windowLength: f64, tmin2: f64, tmax2: f64): f64 {
  let maximumCorrelation = -1.0;
  let r1Best = 0.0;
  let r3Best = 0.0;
  let ir = 0.0;
  let r1 = 0.0;
  let r2 = 0.0;
  let r3 = 0.0;
  const half = 0.5 * windowLength;
  const ileft1 = <i32>Math.floor((t1 - half - x1) / dx + 1.0 + 0.5);
  const iright1 = <i32>Math.floor((t1 + half - x1) / dx + 1.0 + 0.5);
  const ileft2min = <i32>Math.floor((tmin2 - half - x1) / dx + 1.0);
  const ileft2max = <i32>Math.ceil((tmax2 - half - x1) / dx + 1.0);
  foundPeak = 0.0;
  const width = iright1 - ileft1 + 1;
  // Usually both windows lie inside the sound at every place tried: then the first window's
  // energy is computed once, the second's slides along, and the peak Praat reports (that of the
  // window one sample after the best) is looked up once at the end.
  const inside = ileft1 >= 1 && iright1 <= nx && ileft2min >= 1 && ileft2max + width - 1 <= nx;
  const fixedNorm = inside ? sumOfSquares(ileft1, width) : 0.0;
  // Inside, every place's product at once (eight places share each pass over the first window;
  // the last pass may run up to seven places further, which must lie inside the sound too).
  const places = ileft2max - ileft2min + 1;
  const padded = ((places + LAGS_PER_PASS - 1) / LAGS_PER_PASS) * LAGS_PER_PASS;
  const batched = inside && padded <= productsCapacity && ileft2min + padded + width - 2 <= nx;
  if (batched) {
    laggedProducts(
      sig + ((<usize>(ileft1 - 1)) << 3),
      sig + ((<usize>(ileft2min - 1)) << 3),
      width,
      places,
      products,
    );
  }
  let slidingNorm = 0.0;
  let peakWindow = 0;
  for (let ileft2 = ileft2min; ileft2 <= ileft2max; ileft2++) {
    let norm1 = 0.0;
    let norm2 = 0.0;
    let product = 0.0;
    let localPeak = 0.0;
    if (inside) {
      if (ileft2 == ileft2min) {
        slidingNorm = sumOfSquares(ileft2, width);
      } else {
        const enter = z(ileft2 + width - 1);
        const leave = z(ileft2 - 1);
        slidingNorm += enter * enter - leave * leave;
        if (slidingNorm < 1e-9 * fixedNorm) slidingNorm = sumOfSquares(ileft2, width);
      }
      norm1 = fixedNorm;
      norm2 = slidingNorm;
      product = batched
        ? load<f64>(products + ((<usize>(ileft2 - ileft2min)) << 3))
        : dot(ileft1, ileft2, width);
    } else {
      for (let i1 = ileft1, i2 = ileft2; i1 <= iright1; i1++, i2++) {
        if (i1 < 1 || i1 > nx || i2 < 1 || i2 > nx) continue;
        const a1 = z(i1);
        const a2 = z(i2);
        norm1 += a1 * a1;
        norm2 += a2 * a2;
        product += a1 * a2;
        if (Math.abs(a2) > localPeak) localPeak = Math.abs(a2);
      }
    }
    r1 = r2;
    r2 = r3;
    r3 = product != 0.0 ? product / Math.sqrt(norm1 * norm2) : 0.0;
    if (r2 > maximumCorrelation && r2 >= r1 && r2 >= r3) {
      r1Best = r1;
      maximumCorrelation = r2;
      r3Best = r3;
      ir = <f64>(ileft2 - 1);
      foundPeak = localPeak;
      peakWindow = ileft2;
    }
  }
  if (inside && peakWindow != 0) foundPeak = maximumAbsolute(peakWindow, width);
  if (maximumCorrelation > -1.0) {
    const d2r = 2.0 * maximumCorrelation - r1Best - r3Best;
    if (d2r != 0.0) {
      const dr = 0.5 * (r3Best - r1Best);
      maximumCorrelation += (0.5 * dr * dr) / d2r;
      ir += dr / d2r;
    }
    foundTime = t1 + (ir - <f64>ileft1) * dx;
  }
  return maximumCorrelation;
}

/** sum of z[from1 + k] z[from2 + k] for k < count, two samples per step where SIMD is on. */
function dot(from1: i32, from2: i32, count: i32): f64 {
  const p1 = sig + ((<usize>(from1 - 1)) << 3);
  const p2 = sig + ((<usize>(from2 - 1)) << 3);
  let k = 0;
  let sum = 0.0;
  if (ASC_FEATURE_SIMD) {
    let s0 = f64x2.splat(0.0);
    let s1 = f64x2.splat(0.0);
    for (; k + 3 < count; k += 4) {
      const o = (<usize>k) << 3;
      s0 = f64x2.add(s0, f64x2.mul(v128.load(p1 + o), v128.load(p2 + o)));
      s1 = f64x2.add(s1, f64x2.mul(v128.load(p1 + o + 16), v128.load(p2 + o + 16)));
    }
    const both = f64x2.add(s0, s1);
    sum = f64x2.extract_lane(both, 0) + f64x2.extract_lane(both, 1);
  }
  for (; k < count; k++) sum += load<f64>(p1 + ((<usize>k) << 3)) * load<f64>(p2 + ((<usize>k) << 3));
  return sum;
}

function maximumAbsolute(from: i32, count: i32): f64 {
  let peak = 0.0;
  for (let i = from; i < from + count; i++) if (Math.abs(z(i)) > peak) peak = Math.abs(z(i));
  return peak;
}

function sumOfSquares(from: i32, count: i32): f64 {
  let sum = 0.0;
  for (let i = from; i < from + count; i++) sum += z(i) * z(i);
  return sum;
}

function addPulse(t: f64): void {
  if (pulseCount == pulseCapacity) {
    const bigger = arenaAlloc((<usize>(pulseCapacity * 2)) << 3);
    memory.copy(bigger, pulseTimes, (<usize>pulseCount) << 3);
    pulseTimes = bigger;
    pulseCapacity *= 2;
  }
  if (pulseCount == 0 || t >= load<f64>(pulseTimes + ((<usize>(pulseCount - 1)) << 3))) {
    store<f64>(pulseTimes + ((<usize>pulseCount) << 3), t);
    pulseCount++;
    return;
  }
  // Insert in order (the left walk adds pulses just before the latest ones, so search from the
  // end); a time already present is not added twice (PointProcess_addPoint).
  let left = pulseCount;
  while (left > 0 && load<f64>(pulseTimes + ((<usize>(left - 1)) << 3)) > t) left--;
  if (left > 0 && load<f64>(pulseTimes + ((<usize>(left - 1)) << 3)) == t) return;
  memory.copy(
    pulseTimes + ((<usize>(left + 1)) << 3),
    pulseTimes + ((<usize>left) << 3),
    (<usize>(pulseCount - left)) << 3,
  );
  store<f64>(pulseTimes + ((<usize>left) << 3), t);
  pulseCount++;
}

/** The pulses of signal[0..n) (sample period dxIn) along the last praatPitch() analysis. */
export function praatPulses(signal: usize, n: i32, dxIn: f64): void {
  sig = signal;
  nx = n;
  dx = dxIn;
  x1 = 0.5 * dxIn;
  xmax = <f64>n * dxIn;
  pulseCount = 0;
  pulseCapacity = 1024;
  pulseTimes = arenaAlloc((<usize>pulseCapacity) << 3);
  // Room for the places of a 40 Hz period (the pitch floor is 50 Hz); longer searches sum place by place.
  productsCapacity = <i32>Math.ceil(0.5 / 40.0 / dxIn) + 4;
  products = arenaAlloc((<usize>productsCapacity) << 3);
  let globalPeak = 0.0;
  for (let i = 1; i <= nx; i++) if (Math.abs(z(i)) > globalPeak) globalPeak = Math.abs(z(i));
  let t = 0.0;
  let addedRight = -1e308;
  while (voicedIntervalAfter(t)) {
    const tleft = intervalLeft;
    const tright = intervalRight;
    const tmiddle = 0.5 * (tleft + tright);
    const f0middle = pitchAt(tmiddle);
    if (isNaN(f0middle)) break;
    let tmax = findExtremum(tmiddle - 0.5 / f0middle, tmiddle + 0.5 / f0middle);
    addPulse(tmax);
    const tsave = tmax;
    for (;;) {
      const f0 = pitchAt(tmax);
      if (isNaN(f0)) break;
      const correlation = findMaximumCorrelation(tmax, 1.0 / f0, tmax - 1.25 / f0, tmax - 0.8 / f0);
      if (correlation == -1.0) tmax -= 1.0 / f0;
      else tmax = foundTime;
      if (tmax < tleft) {
        if (correlation > 0.7 && foundPeak > 0.023333 * globalPeak && tmax - addedRight > 0.8 / f0)
          addPulse(tmax);
        break;
      }
      if (correlation > 0.3 && (foundPeak == 0.0 || foundPeak > 0.01 * globalPeak)) {
        if (tmax - addedRight > 0.8 / f0) addPulse(tmax);
      }
    }
    tmax = tsave;
    for (;;) {
      const f0 = pitchAt(tmax);
      if (isNaN(f0)) break;
      const correlation = findMaximumCorrelation(tmax, 1.0 / f0, tmax + 0.8 / f0, tmax + 1.25 / f0);
      if (correlation == -1.0) tmax += 1.0 / f0;
      else tmax = foundTime;
      if (tmax > tright) {
        if (correlation > 0.7 && foundPeak > 0.023333 * globalPeak) {
          addPulse(tmax);
          addedRight = tmax;
        }
        break;
      }
      if (correlation > 0.3 && (foundPeak == 0.0 || foundPeak > 0.01 * globalPeak)) {
        addPulse(tmax);
        addedRight = tmax;
      }
    }
    t = tright;
  }
}
