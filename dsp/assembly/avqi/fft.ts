// A double-precision real FFT for whole recordings (the assessment's filters, resampling, LTAS
// and the 1024-point cepstral frames). The live analyser's f32 FFT (../fft.ts) has a fixed
// size of 2048; Praat filters a whole recording in one transform, so we need any power of two
// and f64 precision. One twiddle table for the largest size serves every smaller size by stride.
import { allocF64, ld, st } from './mem';

let tableSize: i32 = 0; // the largest real transform length prepared
let cosTab: usize = 0; // cos(2 pi k / tableSize), k < tableSize / 2
let sinTab: usize = 0;
let work: usize = 0; // interleaved complex scratch, tableSize f64

/** Forgets the tables (call after arenaReset: their memory has been reclaimed). */
export function fftForget(): void {
  tableSize = 0;
}

/** Makes transforms of every power of two up to `n` available. */
export function fftPrepare(n: i32): void {
  if (n <= tableSize) return;
  tableSize = n;
  const half = n >> 1;
  cosTab = allocF64(half);
  sinTab = allocF64(half);
  work = allocF64(n);
  for (let k = 0; k < half; k++) {
    const a = (2.0 * Math.PI * <f64>k) / <f64>n;
    st(cosTab, k, Math.cos(a));
    st(sinTab, k, Math.sin(a));
  }
}

/** In-place complex FFT of m points (interleaved re, im), sign -1 (forward) or +1, unscaled. */
function complexFft(z: usize, m: i32, inverse: bool): void {
  // Bit-reversal permutation.
  let j = 0;
  for (let i = 0; i < m - 1; i++) {
    if (i < j) {
      const ar = ld(z, 2 * i),
        ai = ld(z, 2 * i + 1);
      st(z, 2 * i, ld(z, 2 * j));
      st(z, 2 * i + 1, ld(z, 2 * j + 1));
      st(z, 2 * j, ar);
      st(z, 2 * j + 1, ai);
    }
    let bit = m >> 1;
    while (j & bit) {
      j ^= bit;
      bit >>= 1;
    }
    j |= bit;
  }
  const sign: f64 = inverse ? 1.0 : -1.0;
  for (let size = 2; size <= m; size <<= 1) {
    const half = size >> 1;
    const step = tableSize / size; // e^{-2 pi i j / size} = table[j * step]
    for (let k = 0; k < half; k++) {
      const wr = ld(cosTab, k * step);
      const wi = sign * ld(sinTab, k * step);
      for (let start = k; start < m; start += size) {
        const a = 2 * start,
          b = 2 * (start + half);
        const br = ld(z, b),
          bi = ld(z, b + 1);
        const tr = br * wr - bi * wi;
        const ti = br * wi + bi * wr;
        const ar = ld(z, a),
          ai = ld(z, a + 1);
        st(z, a, ar + tr);
        st(z, a + 1, ai + ti);
        st(z, b, ar - tr);
        st(z, b + 1, ai - ti);
      }
    }
  }
}

/**
 * X[k] = sum_n x[n] e^{-2 pi i k n / n}, k = 0..n/2, for real x of length n (a power of two, at
 * least 4, prepared). Writes n/2 + 1 values to re and im.
 */
export function realForward(x: usize, n: i32, re: usize, im: usize): void {
  const m = n >> 1;
  for (let i = 0; i < m; i++) {
    st(work, 2 * i, ld(x, 2 * i));
    st(work, 2 * i + 1, ld(x, 2 * i + 1));
  }
  complexFft(work, m, false);
  const step = tableSize / n;
  for (let k = 0; k <= m; k++) {
    const k1 = k == m ? 0 : k;
    const k2 = k == 0 ? 0 : m - k;
    const zr = ld(work, 2 * k1),
      zi = ld(work, 2 * k1 + 1);
    const cr = ld(work, 2 * k2),
      ci = -ld(work, 2 * k2 + 1); // conj(Z[m - k])
    const er = 0.5 * (zr + cr),
      ei = 0.5 * (zi + ci); // even samples' spectrum
    const dr = 0.5 * (zr - cr),
      di = 0.5 * (zi - ci);
    const or_ = di,
      oi = -dr; // odd samples' spectrum: (Z - conj Z') / 2i
    let wr: f64 = 1.0,
      wi: f64 = 0.0;
    if (k == m) {
      wr = -1.0;
    } else if (k > 0) {
      wr = ld(cosTab, k * step);
      wi = -ld(sinTab, k * step);
    }
    st(re, k, er + or_ * wr - oi * wi);
    st(im, k, ei + or_ * wi + oi * wr);
  }
}

/**
 * The inverse of realForward: x[n] = (1/n) sum over all n bins (the upper half mirrored as
 * complex conjugates) of X[k] e^{+2 pi i k n / n}. The imaginary parts of bins 0 and n/2 are ignored.
 */
export function realInverse(re: usize, im: usize, n: i32, x: usize): void {
  const m = n >> 1;
  const step = tableSize / n;
  for (let k = 0; k < m; k++) {
    const xr = ld(re, k),
      xi = k == 0 ? 0.0 : ld(im, k);
    const yr = ld(re, m - k),
      yi = m - k == m || m - k == 0 ? 0.0 : -ld(im, m - k); // conj(X[m - k])
    const er = 0.5 * (xr + yr),
      ei = 0.5 * (xi + yi);
    const dr = 0.5 * (xr - yr),
      di = 0.5 * (xi - yi);
    // odd part = d * e^{+2 pi i k / n}
    let wr: f64 = 1.0,
      wi: f64 = 0.0;
    if (k > 0) {
      wr = ld(cosTab, k * step);
      wi = ld(sinTab, k * step);
    }
    const or_ = dr * wr - di * wi,
      oi = dr * wi + di * wr;
    // Z[k] = E + i O
    st(work, 2 * k, er - oi);
    st(work, 2 * k + 1, ei + or_);
  }
  complexFft(work, m, true);
  const scale = 1.0 / <f64>m;
  for (let i = 0; i < m; i++) {
    st(x, 2 * i, ld(work, 2 * i) * scale);
    st(x, 2 * i + 1, ld(work, 2 * i + 1) * scale);
  }
}
