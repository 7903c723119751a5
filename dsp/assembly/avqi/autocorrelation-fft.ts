// Autocorrelation of a zero-padded frame through the FFT (what Praat's AC pitch method does with
// NUMfft): power spectrum, then back to the lag domain. A plain radix-2 complex transform on arena
// memory, any power-of-two size; the frame is real, so the imaginary parts start at zero. The
// result is unnormalised (lag 0 = energy times size), as Praat's; the caller divides by lag 0.

import { arenaAlloc } from '../arena';

let size: i32 = 0;
let re: usize = 0;
let im: usize = 0;
let cosTable: usize = 0;
let sinTable: usize = 0;

/** Prepares buffers and twiddles for transforms of n points (a power of two). */
export function autocorrelationSetup(n: i32): void {
  size = n;
  re = arenaAlloc((<usize>n) << 3);
  im = arenaAlloc((<usize>n) << 3);
  cosTable = arenaAlloc((<usize>(n >> 1)) << 3);
  sinTable = arenaAlloc((<usize>(n >> 1)) << 3);
  for (let k = 0; k < n >> 1; k++) {
    const angle = (2.0 * Math.PI * <f64>k) / <f64>n;
    store<f64>(cosTable + ((<usize>k) << 3), Math.cos(angle));
    store<f64>(sinTable + ((<usize>k) << 3), Math.sin(angle));
  }
}

/** The real input buffer (n f64): write the frame here, zero-padded, before autocorrelate(). */
export function autocorrelationInput(): usize {
  return re;
}

function transform(inverse: bool): void {
  const n = size;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const pi = re + ((<usize>i) << 3);
      const pj = re + ((<usize>j) << 3);
      const tr = load<f64>(pi);
      store<f64>(pi, load<f64>(pj));
      store<f64>(pj, tr);
      const qi = im + ((<usize>i) << 3);
      const qj = im + ((<usize>j) << 3);
      const ti = load<f64>(qi);
      store<f64>(qi, load<f64>(qj));
      store<f64>(qj, ti);
    }
  }
  const sign: f64 = inverse ? 1.0 : -1.0;
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const stride = n / len;
    for (let start = 0; start < n; start += len) {
      for (let k = 0; k < half; k++) {
        const c = load<f64>(cosTable + ((<usize>(k * stride)) << 3));
        const s = sign * load<f64>(sinTable + ((<usize>(k * stride)) << 3));
        const a = start + k;
        const b = a + half;
        const pa = re + ((<usize>a) << 3);
        const pb = re + ((<usize>b) << 3);
        const qa = im + ((<usize>a) << 3);
        const qb = im + ((<usize>b) << 3);
        const br = load<f64>(pb);
        const bi = load<f64>(qb);
        const tr = br * c - bi * s;
        const ti = br * s + bi * c;
        const ar = load<f64>(pa);
        const ai = load<f64>(qa);
        store<f64>(pb, ar - tr);
        store<f64>(qb, ai - ti);
        store<f64>(pa, ar + tr);
        store<f64>(qa, ai + ti);
      }
    }
  }
}

/** Replaces the input buffer with its (unnormalised) circular autocorrelation. */
export function autocorrelate(): void {
  memory.fill(im, 0, (<usize>size) << 3);
  transform(false);
  for (let i = 0; i < size; i++) {
    const p = re + ((<usize>i) << 3);
    const q = im + ((<usize>i) << 3);
    const r = load<f64>(p);
    const m = load<f64>(q);
    store<f64>(p, r * r + m * m);
    store<f64>(q, 0.0);
  }
  transform(true);
}
