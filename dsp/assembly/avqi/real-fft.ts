// A real-input FFT of any power-of-two size m on arena memory: the m real samples are packed as
// m/2 complex ones (even + i odd), transformed with a radix-2 complex FFT, and split into the
// m/2 + 1 bins of the real signal's spectrum; the inverse undoes it. Used for the correlations
// of Praat's pitch analyses (the ac method's autocorrelation, the cc method's cross-correlation),
// which Praat computes with its own FFT (ac) or directly (cc): the values agree to rounding.

import { arenaAlloc } from '../arena';

let m: i32 = 0;
let half: i32 = 0;
let workRe: usize = 0;
let workIm: usize = 0;
let cosHalf: usize = 0; // cos(2 pi k / half), k < half / 2: the complex transform's twiddles
let sinHalf: usize = 0;
let cosFull: usize = 0; // cos(2 pi k / m), k <= half: the split's twiddles
let sinFull: usize = 0;

function f(p: usize, i: i32): f64 {
  return load<f64>(p + ((<usize>i) << 3));
}

function put(p: usize, i: i32, v: f64): void {
  store<f64>(p + ((<usize>i) << 3), v);
}

/** Prepares transforms of size n (a power of two, at least 4). */
export function realFftSetup(n: i32): void {
  m = n;
  half = n >> 1;
  workRe = arenaAlloc((<usize>half) << 3);
  workIm = arenaAlloc((<usize>half) << 3);
  cosHalf = arenaAlloc((<usize>(half >> 1)) << 3);
  sinHalf = arenaAlloc((<usize>(half >> 1)) << 3);
  cosFull = arenaAlloc((<usize>(half + 1)) << 3);
  sinFull = arenaAlloc((<usize>(half + 1)) << 3);
  for (let k = 0; k < half >> 1; k++) {
    const angle = (2.0 * Math.PI * <f64>k) / <f64>half;
    put(cosHalf, k, Math.cos(angle));
    put(sinHalf, k, Math.sin(angle));
  }
  for (let k = 0; k <= half; k++) {
    const angle = (2.0 * Math.PI * <f64>k) / <f64>m;
    put(cosFull, k, Math.cos(angle));
    put(sinFull, k, Math.sin(angle));
  }
}

/** The size prepared by the last realFftSetup(). */
export function realFftSize(): i32 {
  return m;
}

/** In-place complex FFT of the work arrays (size half); inverse = conjugate twiddles, unscaled. */
function complexTransform(inverse: bool): void {
  const n = half;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = f(workRe, i);
      put(workRe, i, f(workRe, j));
      put(workRe, j, tr);
      const ti = f(workIm, i);
      put(workIm, i, f(workIm, j));
      put(workIm, j, ti);
    }
  }
  const sign: f64 = inverse ? 1.0 : -1.0;
  for (let len = 2; len <= n; len <<= 1) {
    const h = len >> 1;
    const stride = n / len;
    for (let k = 0; k < h; k++) {
      const c = f(cosHalf, k * stride);
      const s = sign * f(sinHalf, k * stride);
      for (let start = 0; start < n; start += len) {
        const a = start + k;
        const b = a + h;
        const br = f(workRe, b);
        const bi = f(workIm, b);
        const tr = br * c - bi * s;
        const ti = br * s + bi * c;
        const ar = f(workRe, a);
        const ai = f(workIm, a);
        put(workRe, b, ar - tr);
        put(workIm, b, ai - ti);
        put(workRe, a, ar + tr);
        put(workIm, a, ai + ti);
      }
    }
  }
}

/**
 * Spectrum of input[0..m) (real): outRe/outIm[0..m/2] get X[k] = sum x[n] e^(-2 pi i k n / m).
 */
export function realForward(input: usize, outRe: usize, outIm: usize): void {
  for (let k = 0; k < half; k++) {
    put(workRe, k, f(input, 2 * k));
    put(workIm, k, f(input, 2 * k + 1));
  }
  complexTransform(false);
  for (let k = 0; k <= half; k++) {
    const k1 = k == half ? 0 : k;
    const k2 = k == 0 ? 0 : half - k;
    const zr = f(workRe, k1);
    const zi = f(workIm, k1);
    const cr = f(workRe, k2);
    const ci = -f(workIm, k2);
    // E = (Z[k] + conj Z[half-k]) / 2, O = (Z[k] - conj Z[half-k]) / 2i
    const er = 0.5 * (zr + cr);
    const ei = 0.5 * (zi + ci);
    const or = 0.5 * (zi - ci);
    const oi = -0.5 * (zr - cr);
    // X = E + W^k O, W = e^(-2 pi i / m)
    const wr = f(cosFull, k);
    const wi = -f(sinFull, k);
    put(outRe, k, er + wr * or - wi * oi);
    put(outIm, k, ei + wr * oi + wi * or);
  }
}

/**
 * The real signal output[0..m) whose spectrum bins 0..m/2 are inRe/inIm (the inverse of
 * realForward, scaled by 1/m).
 */
export function realInverse(inRe: usize, inIm: usize, output: usize): void {
  for (let k = 0; k < half; k++) {
    const xr = f(inRe, k);
    const xi = f(inIm, k);
    const cr = f(inRe, half - k);
    const ci = -f(inIm, half - k);
    // E = (X[k] + conj X[half-k]) / 2, O = (X[k] - conj X[half-k]) / (2 W^k)
    const er = 0.5 * (xr + cr);
    const ei = 0.5 * (xi + ci);
    const dr = 0.5 * (xr - cr);
    const di = 0.5 * (xi - ci);
    const wr = f(cosFull, k);
    const wi = f(sinFull, k); // 1 / W^k = e^(+2 pi i k / m)
    const or = dr * wr - di * wi;
    const oi = dr * wi + di * wr;
    // Z = E + i O
    put(workRe, k, er - oi);
    put(workIm, k, ei + or);
  }
  complexTransform(true);
  const scale = 1.0 / <f64>half;
  for (let k = 0; k < half; k++) {
    put(output, 2 * k, f(workRe, k) * scale);
    put(output, 2 * k + 1, f(workIm, k) * scale);
  }
}
