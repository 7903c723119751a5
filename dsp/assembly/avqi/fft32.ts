// A single-precision real FFT for the assessment's many short transforms: the cepstrogram's
// 1024-point frames (CPPS) and the correlations of both pitch analyses (ac and cc). The f64
// transforms (fft.ts, real-fft.ts) move two lanes per SIMD instruction; this one moves four.
// Real and imaginary parts live in separate arrays, so a radix-2 stage does four neighbouring
// butterflies per step with plain f32x4 arithmetic.
//
// Precision: f32 rounding (6e-8) grows with log2 of the size, so a 2048-point correlation is
// good to a few 1e-7 of the frame's energy: strengths, frequencies and the cepstrum move far
// below what CPPS, HNR and shimmer print (docs/voice-assessment-engine.md, "Speed shortcuts").
//
// The scalar build (no SIMD) runs the same f32 operations in the same order on each element,
// and Wasm f32 arithmetic is exactly rounded, so both builds give bit-identical results.
import { arenaAlloc } from '../arena';

let n: i32 = 0; // real length
let half: i32 = 0; // complex length n / 2
let workRe: usize = 0;
let workIm: usize = 0;
let stageCos: usize = 0; // per stage of h butterflies: cos(pi k / h), k < h, at offset h - 1
let stageSin: usize = 0;
let bitReverse: usize = 0; // i32 per index of the half-size transform
let splitCos: usize = 0; // cos(2 pi k / n), k <= half: the real/complex split's twiddles
let splitSin: usize = 0;

function g(p: usize, i: i32): f32 {
  return load<f32>(p + ((<usize>i) << 2));
}

function s(p: usize, i: i32, v: f32): void {
  store<f32>(p + ((<usize>i) << 2), v);
}

/** An arena array of `count` f32 (zeroed, 16-byte aligned). */
export function allocF32(count: i32): usize {
  const c: i32 = count > 0 ? count : 1;
  return arenaAlloc((<usize>c) << 2);
}

/** Prepares transforms of `size` real points (a power of two, at least 16), replacing earlier ones. */
export function fft32Setup(size: i32): void {
  n = size;
  half = size >> 1;
  workRe = allocF32(half);
  workIm = allocF32(half);
  stageCos = allocF32(half);
  stageSin = allocF32(half);
  bitReverse = arenaAlloc((<usize>half) << 2);
  splitCos = allocF32(half + 1);
  splitSin = allocF32(half + 1);
  // The split's angles pi k / half include every stage's (pi k / h = pi (k half / h) / half).
  for (let k = 0; k <= half; k++) {
    const angle = (Math.PI * <f64>k) / <f64>half;
    s(splitCos, k, <f32>Math.cos(angle));
    s(splitSin, k, <f32>Math.sin(angle));
  }
  for (let h = 1; h < half; h <<= 1) {
    const stride = half / h;
    for (let k = 0; k < h; k++) {
      s(stageCos, h - 1 + k, g(splitCos, k * stride));
      s(stageSin, h - 1 + k, g(splitSin, k * stride));
    }
  }
  for (let i = 1, j = 0; i < half; i++) {
    let bit = half >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    store<i32>(bitReverse + ((<usize>i) << 2), j);
  }
}

/** In-place complex FFT of the work arrays; inverse = conjugate twiddles, unscaled. */
function complexTransform(inverse: bool): void {
  const m = half;
  for (let i = 1; i < m; i++) {
    const j = load<i32>(bitReverse + ((<usize>i) << 2));
    if (i < j) {
      const tr = g(workRe, i);
      s(workRe, i, g(workRe, j));
      s(workRe, j, tr);
      const ti = g(workIm, i);
      s(workIm, i, g(workIm, j));
      s(workIm, j, ti);
    }
  }
  // Stages of 2 and 4 points together: twiddles 1 and -i (forward) or +i (inverse), exact.
  for (let a = 0; a < m; a += 4) {
    const r0 = g(workRe, a),
      i0 = g(workIm, a),
      r1 = g(workRe, a + 1),
      i1 = g(workIm, a + 1),
      r2 = g(workRe, a + 2),
      i2 = g(workIm, a + 2),
      r3 = g(workRe, a + 3),
      i3 = g(workIm, a + 3);
    const sr0 = r0 + r1,
      si0 = i0 + i1,
      dr0 = r0 - r1,
      di0 = i0 - i1;
    const sr1 = r2 + r3,
      si1 = i2 + i3,
      dr1 = r2 - r3,
      di1 = i2 - i3;
    // d1 times -i = (di1, -dr1); times +i = (-di1, dr1).
    const tr: f32 = inverse ? -di1 : di1;
    const ti: f32 = inverse ? dr1 : -dr1;
    s(workRe, a, sr0 + sr1);
    s(workIm, a, si0 + si1);
    s(workRe, a + 2, sr0 - sr1);
    s(workIm, a + 2, si0 - si1);
    s(workRe, a + 1, dr0 + tr);
    s(workIm, a + 1, di0 + ti);
    s(workRe, a + 3, dr0 - tr);
    s(workIm, a + 3, di0 - ti);
  }
  const sign: f32 = inverse ? 1.0 : -1.0;
  for (let h = 4; h < m; h <<= 1) {
    const len = h << 1;
    const tc = stageCos + ((<usize>(h - 1)) << 2);
    const ts = stageSin + ((<usize>(h - 1)) << 2);
    if (ASC_FEATURE_SIMD) {
      const signs = f32x4.splat(sign);
      for (let start = 0; start < m; start += len) {
        const ra = workRe + ((<usize>start) << 2);
        const ia = workIm + ((<usize>start) << 2);
        const rb = ra + ((<usize>h) << 2);
        const ib = ia + ((<usize>h) << 2);
        for (let k = 0; k < h; k += 4) {
          const o = (<usize>k) << 2;
          const c = v128.load(tc + o);
          const sn = f32x4.mul(v128.load(ts + o), signs);
          const br = v128.load(rb + o);
          const bi = v128.load(ib + o);
          const tr = f32x4.sub(f32x4.mul(br, c), f32x4.mul(bi, sn));
          const ti = f32x4.add(f32x4.mul(br, sn), f32x4.mul(bi, c));
          const ar = v128.load(ra + o);
          const ai = v128.load(ia + o);
          v128.store(rb + o, f32x4.sub(ar, tr));
          v128.store(ib + o, f32x4.sub(ai, ti));
          v128.store(ra + o, f32x4.add(ar, tr));
          v128.store(ia + o, f32x4.add(ai, ti));
        }
      }
    } else {
      for (let start = 0; start < m; start += len) {
        for (let k = 0; k < h; k++) {
          const c = g(tc, k);
          const sn = g(ts, k) * sign;
          const a = start + k;
          const b = a + h;
          const br = g(workRe, b);
          const bi = g(workIm, b);
          const tr = br * c - bi * sn;
          const ti = br * sn + bi * c;
          const ar = g(workRe, a);
          const ai = g(workIm, a);
          s(workRe, b, ar - tr);
          s(workIm, b, ai - ti);
          s(workRe, a, ar + tr);
          s(workIm, a, ai + ti);
        }
      }
    }
  }
}

/**
 * X[k] = sum_j x[j] e^{-2 pi i k j / n}, k = 0..n/2, of the real input[0..n) (f32); writes the
 * n/2 + 1 bins to outRe and outIm (f32). The input is left as it was.
 */
export function fft32Forward(input: usize, outRe: usize, outIm: usize): void {
  // Even samples become the real parts, odd ones the imaginary parts.
  if (ASC_FEATURE_SIMD) {
    for (let k = 0; k < half; k += 4) {
      const a = v128.load(input + ((<usize>(2 * k)) << 2));
      const b = v128.load(input + ((<usize>(2 * k + 4)) << 2));
      v128.store(workRe + ((<usize>k) << 2), v128.shuffle<f32>(a, b, 0, 2, 4, 6));
      v128.store(workIm + ((<usize>k) << 2), v128.shuffle<f32>(a, b, 1, 3, 5, 7));
    }
  } else {
    for (let k = 0; k < half; k++) {
      s(workRe, k, g(input, 2 * k));
      s(workIm, k, g(input, 2 * k + 1));
    }
  }
  complexTransform(false);
  for (let k = 0; k <= half; k++) {
    const k1 = k == half ? 0 : k;
    const k2 = k == 0 ? 0 : half - k;
    const zr = g(workRe, k1);
    const zi = g(workIm, k1);
    const cr = g(workRe, k2);
    const ci = -g(workIm, k2);
    // E = (Z[k] + conj Z[half-k]) / 2, O = (Z[k] - conj Z[half-k]) / 2i, X = E + W^k O.
    const er: f32 = <f32>0.5 * (zr + cr);
    const ei: f32 = <f32>0.5 * (zi + ci);
    const or: f32 = <f32>0.5 * (zi - ci);
    const oi: f32 = <f32>-0.5 * (zr - cr);
    const wr = g(splitCos, k);
    const wi = -g(splitSin, k);
    s(outRe, k, er + (wr * or - wi * oi));
    s(outIm, k, ei + (wr * oi + wi * or));
  }
}

/**
 * The real output[0..n) (f32) whose bins 0..n/2 are inRe/inIm (f32): the inverse of
 * fft32Forward, scaled by 1/n. The imaginary parts of bins 0 and n/2 are ignored.
 */
export function fft32Inverse(inRe: usize, inIm: usize, output: usize): void {
  for (let k = 0; k < half; k++) {
    const xr = g(inRe, k);
    const xi: f32 = k == 0 ? 0.0 : g(inIm, k);
    const cr = g(inRe, half - k);
    const ci: f32 = k == 0 ? 0.0 : -g(inIm, half - k);
    // E = (X[k] + conj X[half-k]) / 2, O = (X[k] - conj X[half-k]) e^{+2 pi i k / n} / 2, Z = E + i O.
    const er: f32 = <f32>0.5 * (xr + cr);
    const ei: f32 = <f32>0.5 * (xi + ci);
    const dr: f32 = <f32>0.5 * (xr - cr);
    const di: f32 = <f32>0.5 * (xi - ci);
    const wr = g(splitCos, k);
    const wi = g(splitSin, k);
    const or = dr * wr - di * wi;
    const oi = dr * wi + di * wr;
    s(workRe, k, er - oi);
    s(workIm, k, ei + or);
  }
  complexTransform(true);
  const scale: f32 = <f32>(1.0 / <f64>half);
  if (ASC_FEATURE_SIMD) {
    const vs = f32x4.splat(scale);
    for (let k = 0; k < half; k += 4) {
      const r = f32x4.mul(v128.load(workRe + ((<usize>k) << 2)), vs);
      const i = f32x4.mul(v128.load(workIm + ((<usize>k) << 2)), vs);
      v128.store(output + ((<usize>(2 * k)) << 2), v128.shuffle<f32>(r, i, 0, 4, 1, 5));
      v128.store(output + ((<usize>(2 * k + 4)) << 2), v128.shuffle<f32>(r, i, 2, 6, 3, 7));
    }
  } else {
    for (let k = 0; k < half; k++) {
      s(output, 2 * k, g(workRe, k) * scale);
      s(output, 2 * k + 1, g(workIm, k) * scale);
    }
  }
}
