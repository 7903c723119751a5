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

/**
 * In-place complex FFT of the work arrays, which the caller has filled in bit-reversed order (the
 * forward transform gathers its input through the table, the inverse scatters its split through
 * it: no separate permutation pass); inverse = conjugate twiddles, unscaled.
 */
function complexTransform(inverse: bool): void {
  complexTransformOf(inverse, half);
}

/** complexTransform on the first m points of the work arrays (m a power of two, 8 <= m <= half). */
function complexTransformOf(inverse: bool, m: i32): void {
  // Stages of 2 and 4 points together: twiddles 1 and -i (forward) or +i (inverse), exact.
  if (ASC_FEATURE_SIMD) {
    // Two groups of four points per step; lanes hold (point 0 or 1, point 2 or 3) of each group,
    // so every lane runs the scalar loop's operations on its own values (same rounding).
    for (let a = 0; a < m; a += 8) {
      const o = (<usize>a) << 2;
      const r0 = v128.load(workRe + o);
      const r1 = v128.load(workRe + o + 16);
      const i0 = v128.load(workIm + o);
      const i1 = v128.load(workIm + o + 16);
      const er = v128.shuffle<f32>(r0, r1, 0, 2, 4, 6);
      const or = v128.shuffle<f32>(r0, r1, 1, 3, 5, 7);
      const ei = v128.shuffle<f32>(i0, i1, 0, 2, 4, 6);
      const oi = v128.shuffle<f32>(i0, i1, 1, 3, 5, 7);
      const sr = f32x4.add(er, or); // (sr0, sr1) of each group
      const dr = f32x4.sub(er, or); // (dr0, dr1)
      const si = f32x4.add(ei, oi);
      const di = f32x4.sub(ei, oi);
      // d1 times -i = (di1, -dr1); times +i = (-di1, dr1).
      const tRe = inverse ? f32x4.neg(di) : di;
      const tIm = inverse ? dr : f32x4.neg(dr);
      const aRe = v128.shuffle<f32>(sr, dr, 0, 4, 2, 6); // (sr0, dr0) of each group
      const bRe = v128.shuffle<f32>(sr, tRe, 1, 5, 3, 7); // (sr1, tr)
      const aIm = v128.shuffle<f32>(si, di, 0, 4, 2, 6);
      const bIm = v128.shuffle<f32>(si, tIm, 1, 5, 3, 7);
      const sumRe = f32x4.add(aRe, bRe); // points 0, 1 of each group
      const difRe = f32x4.sub(aRe, bRe); // points 2, 3
      const sumIm = f32x4.add(aIm, bIm);
      const difIm = f32x4.sub(aIm, bIm);
      v128.store(workRe + o, v128.shuffle<f32>(sumRe, difRe, 0, 1, 4, 5));
      v128.store(workRe + o + 16, v128.shuffle<f32>(sumRe, difRe, 2, 3, 6, 7));
      v128.store(workIm + o, v128.shuffle<f32>(sumIm, difIm, 0, 1, 4, 5));
      v128.store(workIm + o + 16, v128.shuffle<f32>(sumIm, difIm, 2, 3, 6, 7));
    }
  } else {
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
  }
  const sign: f32 = inverse ? 1.0 : -1.0;
  let h = 4;
  if (ASC_FEATURE_SIMD) {
    // Stages h and 2h together on the points k, k + h, k + 2h, k + 3h of each block of 4h: the
    // same butterflies and twiddles as one stage after the other (the same results), with half
    // the loads and stores.
    const signs = f32x4.splat(sign);
    for (; h * 2 < m; h <<= 2) {
      const tc1 = stageCos + ((<usize>(h - 1)) << 2);
      const ts1 = stageSin + ((<usize>(h - 1)) << 2);
      const tc2 = stageCos + ((<usize>(2 * h - 1)) << 2);
      const ts2 = stageSin + ((<usize>(2 * h - 1)) << 2);
      const hb = (<usize>h) << 2;
      for (let start = 0; start < m; start += 4 * h) {
        const r0 = workRe + ((<usize>start) << 2);
        const i0 = workIm + ((<usize>start) << 2);
        for (let k = 0; k < h; k += 4) {
          const o = (<usize>k) << 2;
          const c1 = v128.load(tc1 + o);
          const s1 = f32x4.mul(v128.load(ts1 + o), signs);
          const xr0 = v128.load(r0 + o);
          const xi0 = v128.load(i0 + o);
          const xr1 = v128.load(r0 + o + hb);
          const xi1 = v128.load(i0 + o + hb);
          const xr2 = v128.load(r0 + o + 2 * hb);
          const xi2 = v128.load(i0 + o + 2 * hb);
          const xr3 = v128.load(r0 + o + 3 * hb);
          const xi3 = v128.load(i0 + o + 3 * hb);
          const tr1 = f32x4.sub(f32x4.mul(xr1, c1), f32x4.mul(xi1, s1));
          const ti1 = f32x4.add(f32x4.mul(xr1, s1), f32x4.mul(xi1, c1));
          const tr3 = f32x4.sub(f32x4.mul(xr3, c1), f32x4.mul(xi3, s1));
          const ti3 = f32x4.add(f32x4.mul(xr3, s1), f32x4.mul(xi3, c1));
          const yr0 = f32x4.add(xr0, tr1);
          const yi0 = f32x4.add(xi0, ti1);
          const yr1 = f32x4.sub(xr0, tr1);
          const yi1 = f32x4.sub(xi0, ti1);
          const yr2 = f32x4.add(xr2, tr3);
          const yi2 = f32x4.add(xi2, ti3);
          const yr3 = f32x4.sub(xr2, tr3);
          const yi3 = f32x4.sub(xi2, ti3);
          const ca = v128.load(tc2 + o);
          const sa = f32x4.mul(v128.load(ts2 + o), signs);
          const cb = v128.load(tc2 + o + hb);
          const sb = f32x4.mul(v128.load(ts2 + o + hb), signs);
          const ur2 = f32x4.sub(f32x4.mul(yr2, ca), f32x4.mul(yi2, sa));
          const ui2 = f32x4.add(f32x4.mul(yr2, sa), f32x4.mul(yi2, ca));
          const ur3 = f32x4.sub(f32x4.mul(yr3, cb), f32x4.mul(yi3, sb));
          const ui3 = f32x4.add(f32x4.mul(yr3, sb), f32x4.mul(yi3, cb));
          v128.store(r0 + o, f32x4.add(yr0, ur2));
          v128.store(i0 + o, f32x4.add(yi0, ui2));
          v128.store(r0 + o + 2 * hb, f32x4.sub(yr0, ur2));
          v128.store(i0 + o + 2 * hb, f32x4.sub(yi0, ui2));
          v128.store(r0 + o + hb, f32x4.add(yr1, ur3));
          v128.store(i0 + o + hb, f32x4.add(yi1, ui3));
          v128.store(r0 + o + 3 * hb, f32x4.sub(yr1, ur3));
          v128.store(i0 + o + 3 * hb, f32x4.sub(yi1, ui3));
        }
      }
    }
  }
  for (; h < m; h <<= 1) {
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
  // Even samples become the real parts, odd ones the imaginary parts, gathered in bit-reversed
  // order.
  for (let k = 0; k < half; k++) {
    const j = load<i32>(bitReverse + ((<usize>k) << 2));
    const from = input + ((<usize>j) << 3);
    s(workRe, k, load<f32>(from));
    s(workIm, k, load<f32>(from, 4));
  }
  complexTransform(false);
  splitSpectrum(outRe, outIm);
}

/** Bin k of the real spectrum from the half-size complex transform in the work arrays. */
function splitForward(k: i32, outRe: usize, outIm: usize): void {
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

function scatter(j: i32, re: f32, im: f32): void {
  s(workRe, j, re);
  s(workIm, j, im);
}

/** Z[k] of the inverse's half-size complex input from bins k and half - k, stored bit-reversed. */
function splitInverse(k: i32, inRe: usize, inIm: usize): void {
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
  scatter(load<i32>(bitReverse + ((<usize>k) << 2)), er - oi, ei + or);
}

/**
 * The real output[0..n) (f32) whose bins 0..n/2 are inRe/inIm (f32): the inverse of
 * fft32Forward, scaled by 1/n. The imaginary parts of bins 0 and n/2 are ignored.
 */
export function fft32Inverse(inRe: usize, inIm: usize, output: usize): void {
  // Z[k] goes straight to its bit-reversed place in the work arrays.
  let k = 0;
  if (ASC_FEATURE_SIMD) {
    splitInverse(0, inRe, inIm);
    k = 1;
    const halfV = f32x4.splat(0.5);
    for (; k + 3 < half; k += 4) {
      const o = (<usize>k) << 2;
      const p = (<usize>(half - k - 3)) << 2;
      const xr = v128.load(inRe + o);
      const xi = v128.load(inIm + o);
      const rr = v128.load(inRe + p);
      const ri = v128.load(inIm + p);
      const cr = v128.shuffle<f32>(rr, rr, 3, 2, 1, 0);
      const ci = f32x4.neg(v128.shuffle<f32>(ri, ri, 3, 2, 1, 0));
      const er = f32x4.mul(halfV, f32x4.add(xr, cr));
      const ei = f32x4.mul(halfV, f32x4.add(xi, ci));
      const dr = f32x4.mul(halfV, f32x4.sub(xr, cr));
      const di = f32x4.mul(halfV, f32x4.sub(xi, ci));
      const wr = v128.load(splitCos + o);
      const wi = v128.load(splitSin + o);
      const or = f32x4.sub(f32x4.mul(dr, wr), f32x4.mul(di, wi));
      const oi = f32x4.add(f32x4.mul(dr, wi), f32x4.mul(di, wr));
      const zr = f32x4.sub(er, oi);
      const zi = f32x4.add(ei, or);
      const to = bitReverse + o;
      scatter(load<i32>(to), f32x4.extract_lane(zr, 0), f32x4.extract_lane(zi, 0));
      scatter(load<i32>(to, 4), f32x4.extract_lane(zr, 1), f32x4.extract_lane(zi, 1));
      scatter(load<i32>(to, 8), f32x4.extract_lane(zr, 2), f32x4.extract_lane(zi, 2));
      scatter(load<i32>(to, 12), f32x4.extract_lane(zr, 3), f32x4.extract_lane(zi, 3));
    }
  }
  for (; k < half; k++) splitInverse(k, inRe, inIm);
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

/**
 * The type-I cosine transform of input[0..half] (f32; half = n / 2 of fft32Setup's n), into the
 * f64 output[0..half]:
 *   output[q] = (input[0] + (-1)^q input[half]) / 2 + sum_{k=1}^{half-1} input[k] cos(pi k q / half),
 * which is half times the real, even inverse transform (fft32Inverse) of a real, even spectrum
 * (the cepstrum of a log power spectrum), for half the work: one real transform of half points
 * (a complex one of half / 2) with O(n) pre- and post-processing (Numerical Recipes' cosft1).
 * With y[j] = (f[j] + f[half-j]) / 2 - sin(pi j / half) (f[j] - f[half-j]) and Y its transform,
 * the even outputs are Re Y[k] and the odd ones a running sum: output[2k+1] = output[2k-1] -
 * Im Y[k] from output[1] = sum_j cos(pi j / half) (f[j] - f[half-j]) / 2. The transform is f32
 * (the same operations in both builds); the first odd output and the running sum are f64, so
 * the sum's rounding stays far below the transform's.
 */
export function fft32CosineI(input: usize, output: usize): void {
  const m = half >> 1; // complex points of the real transform of `half` points
  if (m < 8) {
    // Below the four-lane stages' smallest size: the sums themselves, in f64.
    for (let q = 0; q <= half; q++) {
      let sum = 0.5 * (<f64>g(input, 0) + (q & 1 ? -1.0 : 1.0) * <f64>g(input, half));
      for (let k = 1; k < half; k++) sum += <f64>g(input, k) * Math.cos((Math.PI * <f64>(k * q)) / <f64>half);
      store<f64>(output + ((<usize>q) << 3), sum);
    }
    return;
  }
  // y[2i] and y[2i+1] go to the bit-reversed place of i for the half-size transform: rev_m(i) is
  // the table's rev_half(i) / 2 for i < m. f[half - j] for j = 0 is f[half] itself.
  let j = 0;
  if (ASC_FEATURE_SIMD) {
    const halfV = f32x4.splat(0.5);
    for (; j < half; j += 4) {
      const a = v128.load(input + ((<usize>j) << 2));
      const r = v128.load(input + ((<usize>(half - j - 3)) << 2));
      const b = v128.shuffle<f32>(r, r, 3, 2, 1, 0);
      const y = f32x4.sub(
        f32x4.mul(halfV, f32x4.add(a, b)),
        f32x4.mul(v128.load(splitSin + ((<usize>j) << 2)), f32x4.sub(a, b)),
      );
      const i = j >> 1;
      const p0 = load<i32>(bitReverse + ((<usize>i) << 2)) >> 1;
      const p1 = load<i32>(bitReverse + ((<usize>(i + 1)) << 2)) >> 1;
      s(workRe, p0, f32x4.extract_lane(y, 0));
      s(workIm, p0, f32x4.extract_lane(y, 1));
      s(workRe, p1, f32x4.extract_lane(y, 2));
      s(workIm, p1, f32x4.extract_lane(y, 3));
    }
  }
  for (; j < half; j += 2) {
    const a0 = g(input, j);
    const b0 = g(input, half - j);
    const a1 = g(input, j + 1);
    const b1 = g(input, half - j - 1);
    const at = load<i32>(bitReverse + ((<usize>(j >> 1)) << 2)) >> 1;
    s(workRe, at, <f32>0.5 * (a0 + b0) - g(splitSin, j) * (a0 - b0));
    s(workIm, at, <f32>0.5 * (a1 + b1) - g(splitSin, j + 1) * (a1 - b1));
  }
  // output[1]: the pairs j, half - j contribute equally, so j < half / 2 (j = 0 with half its
  // difference), in f64.
  let odd: f64 = 0.5 * (<f64>g(input, 0) - <f64>g(input, half));
  for (let k = 1; k < m; k++) odd += <f64>g(splitCos, k) * <f64>(g(input, k) - g(input, half - k));
  complexTransformOf(false, m);
  // Bin k of the real transform from Z[k] and Z[m - k]: X = E + W^k O with W = e^{-2 pi i / half}
  // (the split's twiddles, every second entry of the table). Even outputs Re X[k], odd ones the
  // running sum of -Im X[k].
  const z0r = g(workRe, 0),
    z0i = g(workIm, 0);
  store<f64>(output, <f64>(z0r + z0i));
  store<f64>(output + ((<usize>half) << 3), <f64>(z0r - z0i));
  store<f64>(output + 8, odd);
  let k = 1;
  if (ASC_FEATURE_SIMD) {
    const halfV = f32x4.splat(0.5);
    const minusHalf = f32x4.splat(-0.5);
    for (; k + 3 < m; k += 4) {
      const o = (<usize>k) << 2;
      const p = (<usize>(m - k - 3)) << 2;
      const zr = v128.load(workRe + o);
      const zi = v128.load(workIm + o);
      const rr = v128.load(workRe + p);
      const ri = v128.load(workIm + p);
      const cr = v128.shuffle<f32>(rr, rr, 3, 2, 1, 0);
      const ci = f32x4.neg(v128.shuffle<f32>(ri, ri, 3, 2, 1, 0));
      const er = f32x4.mul(halfV, f32x4.add(zr, cr));
      const ei = f32x4.mul(halfV, f32x4.add(zi, ci));
      const or = f32x4.mul(halfV, f32x4.sub(zi, ci));
      const oi = f32x4.mul(minusHalf, f32x4.sub(zr, cr));
      const tw = (<usize>(2 * k)) << 2;
      const wr = v128.shuffle<f32>(v128.load(splitCos + tw), v128.load(splitCos + tw + 16), 0, 2, 4, 6);
      const ws = v128.shuffle<f32>(v128.load(splitSin + tw), v128.load(splitSin + tw + 16), 0, 2, 4, 6);
      const wi = f32x4.neg(ws);
      const re = f32x4.add(er, f32x4.sub(f32x4.mul(wr, or), f32x4.mul(wi, oi)));
      const im = f32x4.add(ei, f32x4.add(f32x4.mul(wr, oi), f32x4.mul(wi, or)));
      const to = output + ((<usize>(2 * k)) << 3);
      odd -= <f64>f32x4.extract_lane(im, 0);
      v128.store(to, f64x2.replace_lane(f64x2.splat(<f64>f32x4.extract_lane(re, 0)), 1, odd));
      odd -= <f64>f32x4.extract_lane(im, 1);
      v128.store(to + 16, f64x2.replace_lane(f64x2.splat(<f64>f32x4.extract_lane(re, 1)), 1, odd));
      odd -= <f64>f32x4.extract_lane(im, 2);
      v128.store(to + 32, f64x2.replace_lane(f64x2.splat(<f64>f32x4.extract_lane(re, 2)), 1, odd));
      odd -= <f64>f32x4.extract_lane(im, 3);
      v128.store(to + 48, f64x2.replace_lane(f64x2.splat(<f64>f32x4.extract_lane(re, 3)), 1, odd));
    }
  }
  for (; k < m; k++) {
    const zr = g(workRe, k);
    const zi = g(workIm, k);
    const cr = g(workRe, m - k);
    const ci = -g(workIm, m - k);
    const er: f32 = <f32>0.5 * (zr + cr);
    const ei: f32 = <f32>0.5 * (zi + ci);
    const or: f32 = <f32>0.5 * (zi - ci);
    const oi: f32 = <f32>-0.5 * (zr - cr);
    const wr = g(splitCos, 2 * k);
    const wi = -g(splitSin, 2 * k);
    const re: f32 = er + (wr * or - wi * oi);
    const im: f32 = ei + (wr * oi + wi * or);
    store<f64>(output + ((<usize>(2 * k)) << 3), <f64>re);
    odd -= <f64>im;
    store<f64>(output + ((<usize>(2 * k + 1)) << 3), odd);
  }
}

/**
 * fft32Forward of the windowed frame (sound[i] - mean) window[i] for i < length, zero from length
 * to n (sound and window f32, `length` even and at most n), without writing the frame first: each
 * windowed pair of samples goes straight to its bit-reversed place in the work arrays (the table
 * is its own inverse). The same numbers as windowing into a frame and calling fft32Forward.
 */
export function fft32ForwardWindowed(
  sound: usize,
  mean: f32,
  window: usize,
  length: i32,
  outRe: usize,
  outIm: usize,
): void {
  const pairs = length >> 1;
  let p = 0;
  if (ASC_FEATURE_SIMD) {
    const m = f32x4.splat(mean);
    for (; p + 2 <= pairs; p += 2) {
      const o = (<usize>p) << 3;
      const y = f32x4.mul(f32x4.sub(v128.load(sound + o), m), v128.load(window + o));
      const a = load<i32>(bitReverse + ((<usize>p) << 2));
      const b = load<i32>(bitReverse + ((<usize>p) << 2), 4);
      s(workRe, a, f32x4.extract_lane(y, 0));
      s(workIm, a, f32x4.extract_lane(y, 1));
      s(workRe, b, f32x4.extract_lane(y, 2));
      s(workIm, b, f32x4.extract_lane(y, 3));
    }
  }
  for (; p < pairs; p++) {
    const at = load<i32>(bitReverse + ((<usize>p) << 2));
    s(workRe, at, (g(sound, 2 * p) - mean) * g(window, 2 * p));
    s(workIm, at, (g(sound, 2 * p + 1) - mean) * g(window, 2 * p + 1));
  }
  for (; p < half; p++) {
    const at = load<i32>(bitReverse + ((<usize>p) << 2));
    s(workRe, at, 0.0);
    s(workIm, at, 0.0);
  }
  complexTransform(false);
  splitSpectrum(outRe, outIm);
}

/** The real spectrum's bins 0..n/2 from the half-size complex transform in the work arrays. */
function splitSpectrum(outRe: usize, outIm: usize): void {
  splitForward(0, outRe, outIm);
  let k = 1;
  if (ASC_FEATURE_SIMD) {
    // Bins k..k+3 read Z[half-k-3..half-k] reversed; each lane runs splitForward's operations.
    const halfV = f32x4.splat(0.5);
    const minusHalf = f32x4.splat(-0.5);
    for (; k + 3 < half; k += 4) {
      const o = (<usize>k) << 2;
      const p = (<usize>(half - k - 3)) << 2;
      const zr = v128.load(workRe + o);
      const zi = v128.load(workIm + o);
      const rr = v128.load(workRe + p);
      const ri = v128.load(workIm + p);
      const cr = v128.shuffle<f32>(rr, rr, 3, 2, 1, 0);
      const ci = f32x4.neg(v128.shuffle<f32>(ri, ri, 3, 2, 1, 0));
      const er = f32x4.mul(halfV, f32x4.add(zr, cr));
      const ei = f32x4.mul(halfV, f32x4.add(zi, ci));
      const or = f32x4.mul(halfV, f32x4.sub(zi, ci));
      const oi = f32x4.mul(minusHalf, f32x4.sub(zr, cr));
      const wr = v128.load(splitCos + o);
      const wi = f32x4.neg(v128.load(splitSin + o));
      v128.store(outRe + o, f32x4.add(er, f32x4.sub(f32x4.mul(wr, or), f32x4.mul(wi, oi))));
      v128.store(outIm + o, f32x4.add(ei, f32x4.add(f32x4.mul(wr, oi), f32x4.mul(wi, or))));
    }
  }
  for (; k <= half; k++) splitForward(k, outRe, outIm);
}
