// A double-precision real FFT for whole recordings (the assessment's filters, resampling, LTAS
// and the 1024-point cepstral frames). The live analyser's f32 FFT (../fft.ts) has a fixed
// size of 2048; Praat filters a whole recording in one transform, so we need any power of two
// and f64 precision. One twiddle table for the largest size serves every smaller size by stride.
import { allocF64, ld, st } from './mem';

let tableSize: i32 = 0; // the largest real transform length prepared
let capacity: i32 = 0; // the largest length the buffers below can hold
// Twiddles of the largest stage only, interleaved (re, im): entry j holds e^{-2 pi i j / tableSize},
// j < tableSize / 4 (a quarter turn). A stage of half-length h reads its factor k at
// j = k tableSize / (2h); the second quarter turn is the first times -i (e^{-i(a + pi/2)} =
// -i e^{-ia}: (re, im) -> (im, -re), exact), so it is not stored: the same numbers as a table per
// stage, in a quarter of the memory (whose first touch costs more than the rotations).
let twiddles: usize = 0;
let topHalf: i32 = 0; // tableSize / 2
let quarterTurn: i32 = 0; // tableSize / 4: entries stored
// Shared scratch for whole-recording transforms (one at a time): a padded signal of tableSize
// samples and its tableSize / 2 + 1 bins. Reused by every caller, so a long recording costs its
// transform memory once rather than once per filter.
let scratchSignal: usize = 0;
let scratchRe: usize = 0;
let scratchIm: usize = 0;

/** The shared signal buffer (tableSize f64; the caller zeroes what it does not fill). */
export function fftSignal(): usize {
  return scratchSignal;
}
/** Samples the shared signal buffer holds. */
export function fftSignalCapacity(): i32 {
  return capacity;
}
export function fftRe(): usize {
  return scratchRe;
}
export function fftIm(): usize {
  return scratchIm;
}

/** Forgets the tables (call after arenaReset: their memory has been reclaimed). */
export function fftForget(): void {
  tableSize = 0;
  capacity = 0;
}

/**
 * Forgets the tables when they lie at or above `mark` (the arena is about to be released there),
 * so that the next transform allocates them again.
 */
export function fftRelease(mark: usize): void {
  if (capacity > 0 && twiddles >= mark) fftForget();
}

/**
 * Makes room for transforms of every power of two up to `n` without computing anything: pages of
 * the buffers that no transform reaches are never touched (they cost nothing).
 */
export function fftReserve(n: i32): void {
  if (n <= capacity) return;
  capacity = n;
  tableSize = 0;
  twiddles = allocF64((n >> 1) + 2);
  scratchSignal = allocF64(n);
  // re and im in one block (n + 2 f64): the filters (filter.ts) use it as a second signal of n
  // f64 (a packed spectrum) between their transforms.
  scratchRe = allocF64(n + 2);
  scratchIm = scratchRe + ((<usize>((n >> 1) + 1)) << 3);
}

/** Twiddles computed from trigonometry at a time; those between by one complex product each. */
const BLOCK: i32 = 64;

/**
 * Makes transforms of every power of two up to `n` available; the table is made for the reserved
 * capacity at once (it serves every smaller size), so an analysis computes it once.
 */
export function fftPrepare(n: i32): void {
  if (n <= tableSize) return;
  fftReserve(n);
  const size = capacity;
  tableSize = size;
  // e^{-i pi j / top}, j < top, an eighth of a turn from the angles (a quarter turn:
  // e^{-i(a + pi/2)} = -i e^{-ia}; within the quarter, cos(pi/2 - a) = sin a). Within the eighth,
  // entry b BLOCK + i is entry b BLOCK (from cos and sin) times entry i (likewise): one complex
  // product (error about 1e-16) instead of a cosine and a sine per entry, which took longer than
  // a transform.
  const top = size >> 1;
  topHalf = top;
  quarterTurn = top >> 1;
  if (top >= 2) {
    const quarter = top >> 1;
    const eighth = quarter >> 1;
    const step = Math.PI / <f64>top;
    const fine = BLOCK < eighth ? BLOCK : eighth + 1;
    for (let i = 0; i < fine; i++) {
      st(twiddles, 2 * i, Math.cos(step * <f64>i));
      st(twiddles, 2 * i + 1, Math.sin(step * <f64>i));
    }
    for (let j0 = fine; j0 <= eighth; j0 += BLOCK) {
      const cb = Math.cos(step * <f64>j0);
      const sb = Math.sin(step * <f64>j0);
      for (let i = 0; i < BLOCK && j0 + i <= eighth; i++) {
        const ci = ld(twiddles, 2 * i);
        const si = ld(twiddles, 2 * i + 1);
        st(twiddles, 2 * (j0 + i), cb * ci - sb * si);
        st(twiddles, 2 * (j0 + i) + 1, sb * ci + cb * si);
      }
    }
    // Now entries 0..eighth hold (cos a, sin a); make them e^{-ia} and fill the rest of the
    // quarter by symmetry (from the last entry down, so the first fine entries are read before
    // they change).
    for (let j = quarter - 1; j >= 0; j--) {
      let c: f64, sn: f64;
      if (j <= eighth) {
        c = ld(twiddles, 2 * j);
        sn = ld(twiddles, 2 * j + 1);
      } else {
        // cos(pi/2 - a) = sin a: entry quarter - j (at most eighth) still holds (cos, sin).
        c = ld(twiddles, 2 * (quarter - j) + 1);
        sn = ld(twiddles, 2 * (quarter - j));
      }
      st(twiddles, 2 * j, c);
      st(twiddles, 2 * j + 1, -sn);
    }
  } else {
    st(twiddles, 0, 1.0);
    st(twiddles, 1, 0.0);
  }
}

/** Byte step between the factors of a stage of half-length h (entries k top / h apart). */
function strideOf(h: i32): usize {
  return (<usize>(topHalf / h)) << 4;
}

function twiddleRe(h: i32, j: i32): f64 {
  const at = j * (topHalf / h);
  return at < quarterTurn ? ld(twiddles, 2 * at) : ld(twiddles, 2 * (at - quarterTurn) + 1);
}

function twiddleIm(h: i32, j: i32): f64 {
  const at = j * (topHalf / h);
  return at < quarterTurn ? ld(twiddles, 2 * at + 1) : -ld(twiddles, 2 * (at - quarterTurn));
}

/**
 * The twiddle of factor k of a stage of half-length h as a v128 (re, im): stored for k < h / 2,
 * the stored factor k - h / 2 times -i above (bit for bit what a full table held).
 */
function twiddleV(h: i32, k: i32, step: usize): v128 {
  const hh = h >> 1;
  if (k < hh || h < 2) return v128.load(twiddles + <usize>k * step);
  return rotateMinusI(v128.load(twiddles + <usize>(k - hh) * step));
}

/** w times -i: (re, im) -> (im, -re). */
function rotateMinusI(w: v128): v128 {
  return f64x2.mul(v128.shuffle<f64>(w, w, 1, 0), f64x2(1.0, -1.0));
}

function bitReverse(z: usize, m: i32): void {
  let j = 0;
  for (let i = 0; i < m - 1; i++) {
    if (i < j) {
      const a = z + ((<usize>i) << 4),
        b = z + ((<usize>j) << 4);
      const ar = load<f64>(a),
        ai = load<f64>(a, 8);
      store<f64>(a, load<f64>(b));
      store<f64>(a, load<f64>(b, 8), 8);
      store<f64>(b, ar);
      store<f64>(b, ai, 8);
    }
    let bit = m >> 1;
    while (j & bit) {
      j ^= bit;
      bit >>= 1;
    }
    j |= bit;
  }
}

/**
 * In-place complex FFT of m points (interleaved re, im), forward (e^-) or inverse (e^+),
 * unscaled, by decimation in time. With `reversed` the input is already in bit-reversed order
 * (complexFftDif's output), and the result comes out in natural order with no reordering pass.
 */
function complexFft(z: usize, m: i32, inverse: bool, reversed: bool = false): void {
  if (!reversed) bitReverse(z, m);
  if (ASC_FEATURE_SIMD) {
    // One complex number per v128: t = b w = (br wr - bi wi, bi wr + br wi)
    //   = b * (wr, wr) + (bi, br) * (-wi, wi); the inverse conjugates w.
    const signs = inverse ? f64x2(1.0, -1.0) : f64x2(-1.0, 1.0);
    // Sizes 2 and 4 together (twiddles 1 and -i, or +i for the inverse): no multiplications.
    if (m >= 4) {
      const rot = inverse ? f64x2(-1.0, 1.0) : f64x2(1.0, -1.0); // x * (-i) = (xi, -xr); x * i = (-xi, xr)
      for (let p = z; p < z + ((<usize>m) << 4); p += 64) {
        const a = v128.load(p),
          b = v128.load(p, 16),
          c = v128.load(p, 32),
          d = v128.load(p, 48);
        const s0 = f64x2.add(a, b),
          d0 = f64x2.sub(a, b),
          s1 = f64x2.add(c, d),
          d1 = f64x2.sub(c, d);
        const d1r = f64x2.mul(v128.shuffle<f64>(d1, d1, 1, 0), rot);
        v128.store(p, f64x2.add(s0, s1));
        v128.store(p, f64x2.add(d0, d1r), 16);
        v128.store(p, f64x2.sub(s0, s1), 32);
        v128.store(p, f64x2.sub(d0, d1r), 48);
      }
    } else if (m == 2) {
      const a = v128.load(z),
        b = v128.load(z, 16);
      v128.store(z, f64x2.add(a, b));
      v128.store(z, f64x2.sub(a, b), 16);
    }
    // The remaining stages two at a time (stage h, then 2h, on the four points k, k + h, k + 2h,
    // k + 3h of each block of 4h): the same butterflies with the same twiddles as one stage after
    // the other, so the same results, with half the passes over a signal that outgrows the cache.
    let half = 4;
    for (; half * 2 < m; half <<= 2) {
      const h = half;
      const step1 = strideOf(h);
      const step2 = strideOf(2 * h);
      const hb = (<usize>h) << 4;
      for (let block = 0; block < m; block += 4 * h) {
        const p0 = z + ((<usize>block) << 4);
        for (let k = 0; k < h; k++) {
          const o = (<usize>k) << 4;
          const w1 = twiddleV(h, k, step1);
          const w1r = v128.shuffle<f64>(w1, w1, 0, 0);
          const w1i = f64x2.mul(v128.shuffle<f64>(w1, w1, 1, 1), signs);
          const x0 = v128.load(p0 + o);
          const x1 = v128.load(p0 + o + hb);
          const x2 = v128.load(p0 + o + 2 * hb);
          const x3 = v128.load(p0 + o + 3 * hb);
          const t1 = f64x2.add(f64x2.mul(x1, w1r), f64x2.mul(v128.shuffle<f64>(x1, x1, 1, 0), w1i));
          const t3 = f64x2.add(f64x2.mul(x3, w1r), f64x2.mul(v128.shuffle<f64>(x3, x3, 1, 0), w1i));
          const y0 = f64x2.add(x0, t1);
          const y1 = f64x2.sub(x0, t1);
          const y2 = f64x2.add(x2, t3);
          const y3 = f64x2.sub(x2, t3);
          const wa = v128.load(twiddles + <usize>k * step2);
          const war = v128.shuffle<f64>(wa, wa, 0, 0);
          const wai = f64x2.mul(v128.shuffle<f64>(wa, wa, 1, 1), signs);
          const wb = rotateMinusI(wa); // the factor of k + h in stage 2h
          const wbr = v128.shuffle<f64>(wb, wb, 0, 0);
          const wbi = f64x2.mul(v128.shuffle<f64>(wb, wb, 1, 1), signs);
          const u2 = f64x2.add(f64x2.mul(y2, war), f64x2.mul(v128.shuffle<f64>(y2, y2, 1, 0), wai));
          const u3 = f64x2.add(f64x2.mul(y3, wbr), f64x2.mul(v128.shuffle<f64>(y3, y3, 1, 0), wbi));
          v128.store(p0 + o, f64x2.add(y0, u2));
          v128.store(p0 + o + 2 * hb, f64x2.sub(y0, u2));
          v128.store(p0 + o + hb, f64x2.add(y1, u3));
          v128.store(p0 + o + 3 * hb, f64x2.sub(y1, u3));
        }
      }
    }
    for (; half < m; half <<= 1) {
      const step = strideOf(half);
      const size = half << 1;
      for (let block = 0; block < m; block += size) {
        const pa = z + ((<usize>block) << 4);
        const pb = pa + ((<usize>half) << 4);
        for (let k = 0; k < half; k++) {
          const o = (<usize>k) << 4;
          const w = twiddleV(half, k, step);
          const wr = v128.shuffle<f64>(w, w, 0, 0);
          const wi = f64x2.mul(v128.shuffle<f64>(w, w, 1, 1), signs);
          const b = v128.load(pb + o);
          const t = f64x2.add(f64x2.mul(b, wr), f64x2.mul(v128.shuffle<f64>(b, b, 1, 0), wi));
          const a = v128.load(pa + o);
          v128.store(pa + o, f64x2.add(a, t));
          v128.store(pb + o, f64x2.sub(a, t));
        }
      }
    }
  } else {
    const sign: f64 = inverse ? -1.0 : 1.0;
    for (let half = 1; half < m; half <<= 1) {
      const size = half << 1;
      for (let block = 0; block < m; block += size) {
        for (let k = 0; k < half; k++) {
          const wr = twiddleRe(half, k);
          const wi = sign * twiddleIm(half, k);
          const a = 2 * (block + k),
            b = 2 * (block + k + half);
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
}

/**
 * Forward complex FFT of m points (interleaved re, im) in place by decimation in frequency:
 * natural order in, bit-reversed order out (Z[k] at position bitReversed(k)), unscaled. The
 * filters transform forward with it and back with complexFft(..., reversed = true), so neither
 * direction reorders the signal: a pass of cache misses over 1-4 MB each, saved.
 */
export function complexFftDif(z: usize, m: i32): void {
  if (ASC_FEATURE_SIMD) {
    const signs = f64x2(-1.0, 1.0);
    let half = m >> 1;
    // Stages half and half / 2 together on the points k, k + q, k + 2q, k + 3q (q = half / 2) of
    // each block of 2 half: the same butterflies and twiddles as one stage after the other.
    for (; half >= 8; half >>= 2) {
      const h = half;
      const q = h >> 1;
      const stepH = strideOf(h);
      const stepQ = strideOf(q);
      const qb = (<usize>q) << 4;
      for (let block = 0; block < m; block += 2 * h) {
        const p0 = z + ((<usize>block) << 4);
        for (let k = 0; k < q; k++) {
          const o = (<usize>k) << 4;
          const x0 = v128.load(p0 + o);
          const x1 = v128.load(p0 + o + qb);
          const x2 = v128.load(p0 + o + 2 * qb);
          const x3 = v128.load(p0 + o + 3 * qb);
          const wa = v128.load(twiddles + <usize>k * stepH);
          const war = v128.shuffle<f64>(wa, wa, 0, 0);
          const wai = f64x2.mul(v128.shuffle<f64>(wa, wa, 1, 1), signs);
          const wb = rotateMinusI(wa); // the factor of k + q in stage h
          const wbr = v128.shuffle<f64>(wb, wb, 0, 0);
          const wbi = f64x2.mul(v128.shuffle<f64>(wb, wb, 1, 1), signs);
          const a0 = f64x2.add(x0, x2);
          const d2 = f64x2.sub(x0, x2);
          const a1 = f64x2.add(x1, x3);
          const d3 = f64x2.sub(x1, x3);
          const a2 = f64x2.add(f64x2.mul(d2, war), f64x2.mul(v128.shuffle<f64>(d2, d2, 1, 0), wai));
          const a3 = f64x2.add(f64x2.mul(d3, wbr), f64x2.mul(v128.shuffle<f64>(d3, d3, 1, 0), wbi));
          const wq = twiddleV(q, k, stepQ);
          const wqr = v128.shuffle<f64>(wq, wq, 0, 0);
          const wqi = f64x2.mul(v128.shuffle<f64>(wq, wq, 1, 1), signs);
          const e1 = f64x2.sub(a0, a1);
          const e3 = f64x2.sub(a2, a3);
          v128.store(p0 + o, f64x2.add(a0, a1));
          v128.store(
            p0 + o + qb,
            f64x2.add(f64x2.mul(e1, wqr), f64x2.mul(v128.shuffle<f64>(e1, e1, 1, 0), wqi)),
          );
          v128.store(p0 + o + 2 * qb, f64x2.add(a2, a3));
          v128.store(
            p0 + o + 3 * qb,
            f64x2.add(f64x2.mul(e3, wqr), f64x2.mul(v128.shuffle<f64>(e3, e3, 1, 0), wqi)),
          );
        }
      }
    }
    if (half == 4) {
      const step = strideOf(4);
      const hb: usize = 64;
      for (let block = 0; block < m; block += 8) {
        const pa = z + ((<usize>block) << 4);
        for (let k = 0; k < 4; k++) {
          const o = (<usize>k) << 4;
          const w = twiddleV(4, k, step);
          const wr = v128.shuffle<f64>(w, w, 0, 0);
          const wi = f64x2.mul(v128.shuffle<f64>(w, w, 1, 1), signs);
          const a = v128.load(pa + o);
          const b = v128.load(pa + o + hb);
          const d = f64x2.sub(a, b);
          v128.store(pa + o, f64x2.add(a, b));
          v128.store(pa + o + hb, f64x2.add(f64x2.mul(d, wr), f64x2.mul(v128.shuffle<f64>(d, d, 1, 0), wi)));
        }
      }
    }
    // Sizes 2 and 1 (twiddles 1 and -i): no multiplications.
    if (m >= 4) {
      const rot = f64x2(1.0, -1.0); // x * (-i) = (xi, -xr)
      for (let p = z; p < z + ((<usize>m) << 4); p += 64) {
        const x0 = v128.load(p),
          x1 = v128.load(p, 16),
          x2 = v128.load(p, 32),
          x3 = v128.load(p, 48);
        const a0 = f64x2.add(x0, x2),
          a2 = f64x2.sub(x0, x2),
          a1 = f64x2.add(x1, x3),
          d3 = f64x2.sub(x1, x3);
        const a3 = f64x2.mul(v128.shuffle<f64>(d3, d3, 1, 0), rot);
        v128.store(p, f64x2.add(a0, a1));
        v128.store(p, f64x2.sub(a0, a1), 16);
        v128.store(p, f64x2.add(a2, a3), 32);
        v128.store(p, f64x2.sub(a2, a3), 48);
      }
    } else if (m == 2) {
      const a = v128.load(z),
        b = v128.load(z, 16);
      v128.store(z, f64x2.add(a, b));
      v128.store(z, f64x2.sub(a, b), 16);
    }
  } else {
    for (let half = m >> 1; half >= 1; half >>= 1) {
      const size = half << 1;
      for (let block = 0; block < m; block += size) {
        for (let k = 0; k < half; k++) {
          const wr = twiddleRe(half, k);
          const wi = twiddleIm(half, k);
          const a = 2 * (block + k),
            b = 2 * (block + k + half);
          const ar = ld(z, a),
            ai = ld(z, a + 1);
          const br = ld(z, b),
            bi = ld(z, b + 1);
          const dr = ar - br,
            di = ai - bi;
          st(z, a, ar + br);
          st(z, a + 1, ai + bi);
          st(z, b, dr * wr - di * wi);
          st(z, b + 1, di * wr + dr * wi);
        }
      }
    }
  }
}

/** The inverse complex FFT of complexFftDif's bit-reversed output, back to natural order, unscaled. */
export function complexInverseFromReversed(z: usize, m: i32): void {
  complexFft(z, m, true, true);
}

/** The twiddle e^{-2 pi i k / (2 h)} (real part) of a stage of half-length h. */
export function twiddleOfRe(h: i32, k: i32): f64 {
  return twiddleRe(h, k);
}
/** Its imaginary part. */
export function twiddleOfIm(h: i32, k: i32): f64 {
  return twiddleIm(h, k);
}

/**
 * X[k] = sum_n x[n] e^{-2 pi i k n / n}, k = 0..n/2, for real x of length n (a power of two, at
 * least 4, prepared). Writes n/2 + 1 values to re and im; x is overwritten.
 */
export function realForward(x: usize, n: i32, re: usize, im: usize): void {
  const m = n >> 1;
  // x read as m complex numbers (even samples real, odd imaginary) is already interleaved.
  const work = x;
  complexFft(work, m, false);
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
      wr = twiddleRe(m, k);
      wi = twiddleIm(m, k);
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
  const work = x; // x (distinct from re and im) holds the half-size complex spectrum, then the signal
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
      wr = twiddleRe(m, k);
      wi = -twiddleIm(m, k);
    }
    const or_ = dr * wr - di * wi,
      oi = dr * wi + di * wr;
    // Z[k] = E + i O
    st(work, 2 * k, er - oi);
    st(work, 2 * k + 1, ei + or_);
  }
  complexFft(work, m, true);
  const scale = 1.0 / <f64>m;
  for (let i = 0; i < n; i++) st(x, i, ld(x, i) * scale);
}
