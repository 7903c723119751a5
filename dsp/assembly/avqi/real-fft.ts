// A real-input FFT of any power-of-two size m on arena memory, in f64: the m real samples are
// packed as m/2 complex ones (even + i odd), transformed with a radix-2 complex FFT, and split
// into the m/2 + 1 bins of the real signal's spectrum; the inverse undoes it. Used for the cc
// pitch analysis's cross-correlations of its strongest frames (r above 0.99, where HNR needs
// more than the f32 transforms of fft32.ts give), which Praat sums lag by lag: the values agree
// to rounding.

import { arenaAlloc } from '../arena';

let m: i32 = 0;
let half: i32 = 0;
let workRe: usize = 0;
let workIm: usize = 0;
let stageCos: usize = 0; // per stage of length len: cos(2 pi k / len), k < len / 2, at offset len / 2 - 1
let stageSin: usize = 0;
let stageSinNegated: usize = 0; // -stageSin: the forward transform's sines, signed once
let bitReverse: usize = 0; // i32 per index of the half-size transform
let cosFull: usize = 0; // cos(2 pi k / m), k <= half: the split's twiddles
let sinFull: usize = 0;

function f(p: usize, i: i32): f64 {
  return load<f64>(p + ((<usize>i) << 3));
}

function put(p: usize, i: i32, v: f64): void {
  store<f64>(p + ((<usize>i) << 3), v);
}

/** Prepares transforms of size n (a power of two, at least 8). */
export function realFftSetup(n: i32): void {
  m = n;
  half = n >> 1;
  workRe = arenaAlloc((<usize>half) << 3);
  workIm = arenaAlloc((<usize>half) << 3);
  stageCos = arenaAlloc((<usize>half) << 3);
  stageSin = arenaAlloc((<usize>half) << 3);
  stageSinNegated = arenaAlloc((<usize>half) << 3);
  bitReverse = arenaAlloc((<usize>half) << 2);
  cosFull = arenaAlloc((<usize>(half + 1)) << 3);
  sinFull = arenaAlloc((<usize>(half + 1)) << 3);
  for (let len = 2; len <= half; len <<= 1) {
    const h = len >> 1;
    for (let k = 0; k < h; k++) {
      const angle = (2.0 * Math.PI * <f64>k) / <f64>len;
      put(stageCos, h - 1 + k, Math.cos(angle));
      const sine = Math.sin(angle);
      put(stageSin, h - 1 + k, sine);
      put(stageSinNegated, h - 1 + k, -sine);
    }
  }
  for (let i = 1, j = 0; i < half; i++) {
    let bit = half >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    store<i32>(bitReverse + ((<usize>i) << 2), j);
  }
  for (let k = 0; k <= half; k++) {
    const angle = (2.0 * Math.PI * <f64>k) / <f64>m;
    put(cosFull, k, Math.cos(angle));
    put(sinFull, k, Math.sin(angle));
  }
}

/**
 * In-place complex FFT of the work arrays (size half), which the caller filled in bit-reversed
 * order (realForward gathers through the table, realInverse scatters through it); inverse =
 * conjugate twiddles, unscaled.
 */
function complexTransform(inverse: bool): void {
  const n = half;
  // Length-2 butterflies: the twiddle is 1.
  if (ASC_FEATURE_SIMD) {
    for (let a = 0; a < n; a += 4) {
      const o = (<usize>a) << 3;
      const r0 = v128.load(workRe + o);
      const r1 = v128.load(workRe + o + 16);
      const i0 = v128.load(workIm + o);
      const i1 = v128.load(workIm + o + 16);
      const ar = v128.shuffle<f64>(r0, r1, 0, 2);
      const br = v128.shuffle<f64>(r0, r1, 1, 3);
      const ai = v128.shuffle<f64>(i0, i1, 0, 2);
      const bi = v128.shuffle<f64>(i0, i1, 1, 3);
      const sr = f64x2.add(ar, br);
      const dr = f64x2.sub(ar, br);
      const si = f64x2.add(ai, bi);
      const di = f64x2.sub(ai, bi);
      v128.store(workRe + o, v128.shuffle<f64>(sr, dr, 0, 2));
      v128.store(workRe + o + 16, v128.shuffle<f64>(sr, dr, 1, 3));
      v128.store(workIm + o, v128.shuffle<f64>(si, di, 0, 2));
      v128.store(workIm + o + 16, v128.shuffle<f64>(si, di, 1, 3));
    }
  } else {
    for (let a = 0; a < n; a += 2) {
      const ar = f(workRe, a);
      const ai = f(workIm, a);
      const br = f(workRe, a + 1);
      const bi = f(workIm, a + 1);
      put(workRe, a, ar + br);
      put(workIm, a, ai + bi);
      put(workRe, a + 1, ar - br);
      put(workIm, a + 1, ai - bi);
    }
  }
  // The sines with the direction's sign (an exact negation for the forward transform).
  const sines = inverse ? stageSin : stageSinNegated;
  let len = 4;
  if (ASC_FEATURE_SIMD) {
    // Stages of half-length h and 2h together on the points k, k + h, k + 2h, k + 3h of each
    // block of 4h: the same butterflies and twiddles as one stage after the other.
    for (; len * 2 <= n; len <<= 2) {
      const h = len >> 1;
      const tc1 = stageCos + ((<usize>(h - 1)) << 3);
      const ts1 = sines + ((<usize>(h - 1)) << 3);
      const tc2 = stageCos + ((<usize>(2 * h - 1)) << 3);
      const ts2 = sines + ((<usize>(2 * h - 1)) << 3);
      const hb = (<usize>h) << 3;
      for (let start = 0; start < n; start += 4 * h) {
        const r0 = workRe + ((<usize>start) << 3);
        const i0 = workIm + ((<usize>start) << 3);
        for (let k = 0; k < h; k += 2) {
          const o = (<usize>k) << 3;
          const c1 = v128.load(tc1 + o);
          const s1 = v128.load(ts1 + o);
          const xr0 = v128.load(r0 + o);
          const xi0 = v128.load(i0 + o);
          const xr1 = v128.load(r0 + o + hb);
          const xi1 = v128.load(i0 + o + hb);
          const xr2 = v128.load(r0 + o + 2 * hb);
          const xi2 = v128.load(i0 + o + 2 * hb);
          const xr3 = v128.load(r0 + o + 3 * hb);
          const xi3 = v128.load(i0 + o + 3 * hb);
          const tr1 = f64x2.sub(f64x2.mul(xr1, c1), f64x2.mul(xi1, s1));
          const ti1 = f64x2.add(f64x2.mul(xr1, s1), f64x2.mul(xi1, c1));
          const tr3 = f64x2.sub(f64x2.mul(xr3, c1), f64x2.mul(xi3, s1));
          const ti3 = f64x2.add(f64x2.mul(xr3, s1), f64x2.mul(xi3, c1));
          const yr0 = f64x2.add(xr0, tr1);
          const yi0 = f64x2.add(xi0, ti1);
          const yr1 = f64x2.sub(xr0, tr1);
          const yi1 = f64x2.sub(xi0, ti1);
          const yr2 = f64x2.add(xr2, tr3);
          const yi2 = f64x2.add(xi2, ti3);
          const yr3 = f64x2.sub(xr2, tr3);
          const yi3 = f64x2.sub(xi2, ti3);
          const ca = v128.load(tc2 + o);
          const sa = v128.load(ts2 + o);
          const cb = v128.load(tc2 + o + hb);
          const sb = v128.load(ts2 + o + hb);
          const ur2 = f64x2.sub(f64x2.mul(yr2, ca), f64x2.mul(yi2, sa));
          const ui2 = f64x2.add(f64x2.mul(yr2, sa), f64x2.mul(yi2, ca));
          const ur3 = f64x2.sub(f64x2.mul(yr3, cb), f64x2.mul(yi3, sb));
          const ui3 = f64x2.add(f64x2.mul(yr3, sb), f64x2.mul(yi3, cb));
          v128.store(r0 + o, f64x2.add(yr0, ur2));
          v128.store(i0 + o, f64x2.add(yi0, ui2));
          v128.store(r0 + o + 2 * hb, f64x2.sub(yr0, ur2));
          v128.store(i0 + o + 2 * hb, f64x2.sub(yi0, ui2));
          v128.store(r0 + o + hb, f64x2.add(yr1, ur3));
          v128.store(i0 + o + hb, f64x2.add(yi1, ui3));
          v128.store(r0 + o + 3 * hb, f64x2.sub(yr1, ur3));
          v128.store(i0 + o + 3 * hb, f64x2.sub(yi1, ui3));
        }
      }
    }
  }
  for (; len <= n; len <<= 1) {
    const h = len >> 1;
    const tc = stageCos + ((<usize>(h - 1)) << 3);
    const ts = sines + ((<usize>(h - 1)) << 3);
    if (ASC_FEATURE_SIMD) {
      // Two neighbouring butterflies (k, k + 1) per step, real and imaginary parts apart.
      for (let start = 0; start < n; start += len) {
        const ra = workRe + ((<usize>start) << 3);
        const ia = workIm + ((<usize>start) << 3);
        const rb = ra + ((<usize>h) << 3);
        const ib = ia + ((<usize>h) << 3);
        for (let k = 0; k < h; k += 2) {
          const o = (<usize>k) << 3;
          const c = v128.load(tc + o);
          const s = v128.load(ts + o);
          const br = v128.load(rb + o);
          const bi = v128.load(ib + o);
          const tr = f64x2.sub(f64x2.mul(br, c), f64x2.mul(bi, s));
          const ti = f64x2.add(f64x2.mul(br, s), f64x2.mul(bi, c));
          const ar = v128.load(ra + o);
          const ai = v128.load(ia + o);
          v128.store(rb + o, f64x2.sub(ar, tr));
          v128.store(ib + o, f64x2.sub(ai, ti));
          v128.store(ra + o, f64x2.add(ar, tr));
          v128.store(ia + o, f64x2.add(ai, ti));
        }
      }
    } else {
      for (let start = 0; start < n; start += len) {
        for (let k = 0; k < h; k++) {
          const c = f(tc, k);
          const s = f(ts, k);
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
}

/**
 * Spectrum of input[0..m) (real): outRe/outIm[0..m/2] get X[k] = sum x[n] e^(-2 pi i k n / m).
 */
export function realForward(input: usize, outRe: usize, outIm: usize): void {
  for (let k = 0; k < half; k++) {
    const j = load<i32>(bitReverse + ((<usize>k) << 2));
    const from = input + ((<usize>j) << 4);
    put(workRe, k, load<f64>(from));
    put(workIm, k, load<f64>(from, 8));
  }
  complexTransform(false);
  splitForward(0, outRe, outIm);
  let k = 1;
  if (ASC_FEATURE_SIMD) {
    // Bins k, k + 1 read Z[half-k-1], Z[half-k] swapped; each lane runs splitForward's operations.
    const halfV = f64x2.splat(0.5);
    const minusHalf = f64x2.splat(-0.5);
    for (; k + 1 < half; k += 2) {
      const o = (<usize>k) << 3;
      const p = (<usize>(half - k - 1)) << 3;
      const zr = v128.load(workRe + o);
      const zi = v128.load(workIm + o);
      const rr = v128.load(workRe + p);
      const ri = v128.load(workIm + p);
      const cr = v128.shuffle<f64>(rr, rr, 1, 0);
      const ci = f64x2.neg(v128.shuffle<f64>(ri, ri, 1, 0));
      const er = f64x2.mul(halfV, f64x2.add(zr, cr));
      const ei = f64x2.mul(halfV, f64x2.add(zi, ci));
      const or = f64x2.mul(halfV, f64x2.sub(zi, ci));
      const oi = f64x2.mul(minusHalf, f64x2.sub(zr, cr));
      const wr = v128.load(cosFull + o);
      const wi = f64x2.neg(v128.load(sinFull + o));
      v128.store(outRe + o, f64x2.sub(f64x2.add(er, f64x2.mul(wr, or)), f64x2.mul(wi, oi)));
      v128.store(outIm + o, f64x2.add(f64x2.add(ei, f64x2.mul(wr, oi)), f64x2.mul(wi, or)));
    }
  }
  for (; k <= half; k++) splitForward(k, outRe, outIm);
}

/** Bin k of the real spectrum from the half-size complex transform in the work arrays. */
function splitForward(k: i32, outRe: usize, outIm: usize): void {
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

/**
 * The real signal output[0..m) whose spectrum bins 0..m/2 are inRe/inIm (the inverse of
 * realForward, scaled by 1/m); only output[0..count) is written (rounded up to even).
 */
export function realInverse(inRe: usize, inIm: usize, output: usize, count: i32 = 0x7fffffff): void {
  // Z[k] goes straight to its bit-reversed place in the work arrays.
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
    const j = load<i32>(bitReverse + ((<usize>k) << 2));
    put(workRe, j, er - oi);
    put(workIm, j, ei + or);
  }
  complexTransform(true);
  const scale = 1.0 / <f64>half;
  const pairs = count < m ? (count + 1) >> 1 : half;
  let k = 0;
  if (ASC_FEATURE_SIMD) {
    // Samples 2k, 2k + 1, 2k + 2, 2k + 3 from Z[k], Z[k + 1]: the same products, interleaved.
    const s = f64x2.splat(scale);
    for (; k + 2 <= pairs; k += 2) {
      const o = (<usize>k) << 3;
      const re = f64x2.mul(v128.load(workRe + o), s);
      const im = f64x2.mul(v128.load(workIm + o), s);
      v128.store(output + (o << 1), v128.shuffle<f64>(re, im, 0, 2));
      v128.store(output + (o << 1) + 16, v128.shuffle<f64>(re, im, 1, 3));
    }
  }
  for (; k < pairs; k++) {
    put(output, 2 * k, f(workRe, k) * scale);
    put(output, 2 * k + 1, f(workIm, k) * scale);
  }
}
