// Praat's "Sound: Filter (pass/stop Hann band)" (fon/Sound_and_Spectrum.cpp, Spectrum.cpp): one
// FFT of the whole recording, zero-padded to a power of two; each bin is multiplied by a band
// shape whose edges are raised-cosine ramps `smooth` Hz wide either side of fmin and fmax
// (fmax 0 = the Nyquist frequency); back to the time domain and cut to the original length.
import { ld, st, powerOfTwoAtLeast } from './mem';
import {
  complexFftDif,
  complexInverseFromReversed,
  fftPrepare,
  fftRe,
  fftSignal,
  twiddleOfIm,
  twiddleOfRe,
} from './fft';

/** The band shape at frequency f (Praat's Spectrum_passHannBand / Spectrum_stopHannBand). */
function bandFactor(f: f64, nyquist: f64, stop: bool, fmin: f64, fmax0: f64, smooth: f64): f64 {
  const fmax = fmax0 == 0.0 ? nyquist : fmax0;
  const f1 = fmin - smooth,
    f2 = fmin + smooth,
    f3 = fmax - smooth,
    f4 = fmax + smooth;
  const halfPiBySmooth = smooth != 0.0 ? Math.PI / (2.0 * smooth) : 0.0;
  let factor: f64 = 1.0;
  if (stop) {
    if (f < f1 || f > f4) return 1.0;
    if (f < f2 && fmin > 0.0) factor = 0.5 + 0.5 * Math.cos(halfPiBySmooth * (f - f1));
    else if (f > f3 && fmax < nyquist) factor = 0.5 - 0.5 * Math.cos(halfPiBySmooth * (f - f3));
    else factor = 0.0;
  } else {
    if (f < f1 || f > f4) factor = 0.0;
    if (f < f2 && fmin > 0.0) factor *= 0.5 - 0.5 * Math.cos(halfPiBySmooth * (f - f1));
    else if (f > f3 && fmax < nyquist) factor *= 0.5 + 0.5 * Math.cos(halfPiBySmooth * (f - f3));
  }
  return factor;
}

/**
 * Why the filters never reorder: x (n real samples, zero-padded to nfft = 2m) read as m complex
 * numbers z[j] = x[2j] + i x[2j+1] has the transform Z[k] = E[k] + i O[k] (E, O: the even and
 * odd samples' spectra), and the real spectrum is X[k] = E[k] + W^k O[k], W = e^{-2 pi i / nfft}.
 * A band filter multiplies X[k] by f(k) (real, symmetric), so Z[k] changes only when f(k) or
 * f(m - k) differs from 1, and then depends only on Z[k] and Z[m - k]. The forward transform is
 * therefore taken by decimation in frequency (out in bit-reversed order), the pairs (k, m - k)
 * that a band touches are changed where they lie, and the inverse by decimation in time takes the
 * bit-reversed order back to the signal: no reordering pass, no split into X and back, for a
 * 34 Hz high-pass (a few hundred bins) none at all. Equal to the transform-multiply-inverse of
 * realForward / realInverse up to rounding (about 1e-16).
 */

/** Fills the shared scratch with Z, the packed transform of x (n samples) in bit-reversed order; returns nfft. */
function forwardPacked(x: usize, n: i32): i32 {
  const nfft = powerOfTwoAtLeast(n < 4 ? 4 : n);
  fftPrepare(nfft);
  const padded = fftSignal();
  memory.copy(padded, x, (<usize>n) << 3);
  memory.fill(padded + ((<usize>n) << 3), 0, (<usize>(nfft - n)) << 3);
  complexFftDif(padded, nfft >> 1);
  return nfft;
}

/** Back from the bit-reversed packed spectrum at z (nfft / 2 complex) to x, n samples, scaled. */
function inversePacked(z: usize, nfft: i32, x: usize, n: i32): void {
  const m = nfft >> 1;
  complexInverseFromReversed(z, m);
  const scale = 1.0 / <f64>m;
  for (let i = 0; i < n; i++) st(x, i, ld(z, i) * scale);
}

/**
 * inversePacked of a copy of z, without a copy of the whole: of the inverse by decimation in time
 * on bit-reversed input, every stage but the last stays within one half (the first half holds
 * the even bins, bit-reversed for half the size, the second the odd ones), so the first half goes
 * to x itself (n > nfft / 2 samples, consumed by the forward transform already) and the second
 * to `other` (nfft / 2 f64: the start of the re / im block, which the LTAS's densities use
 * anyway), each is inverted at half the size (the same butterflies and twiddles), and the last
 * stage writes the scaled signal straight into x: the same numbers, bit for bit, as the copy
 * and inversePacked, with half the memory and no scaling pass.
 */
function inverseInHalves(z: usize, nfft: i32, x: usize, n: i32, other: usize): void {
  const m = nfft >> 1;
  const q = m >> 1;
  if (q < 4 || n <= m) {
    memory.copy(other, z, (<usize>nfft) << 3);
    inversePacked(other, nfft, x, n);
    return;
  }
  const bytes = (<usize>q) << 4;
  memory.copy(x, z, bytes);
  memory.copy(other, z + bytes, bytes);
  complexInverseFromReversed(x, q);
  complexInverseFromReversed(other, q);
  const scale = 1.0 / <f64>m;
  // Last stage (half-length q): y[j] = a + t, y[j + q] = a - t, t = b conj(W^j), as complexFft's.
  for (let j = 0; j < q; j++) {
    const wr = twiddleOfRe(q, j),
      wi = twiddleOfIm(q, j);
    const pb = other + ((<usize>j) << 4),
      pa = x + ((<usize>j) << 4);
    const br = load<f64>(pb),
      bi = load<f64>(pb, 8);
    const tr = br * wr + bi * wi,
      ti = bi * wr + br * -wi;
    const ar = load<f64>(pa),
      ai = load<f64>(pa, 8);
    store<f64>(pa, (ar + tr) * scale);
    store<f64>(pa, (ai + ti) * scale, 8);
    // y[j + q] is samples m + 2j and m + 2j + 1, past the first half: no value still to be read.
    const i = m + 2 * j;
    if (i < n) st(x, i, (ar - tr) * scale);
    if (i + 1 < n) st(x, i + 1, (ai - ti) * scale);
  }
}

// The real spectrum's bins k and m - k (X), and the packed values (Z) made from them.
let xkR: f64 = 0,
  xkI: f64 = 0,
  xmR: f64 = 0,
  xmI: f64 = 0,
  zkR: f64 = 0,
  zkI: f64 = 0,
  zmR: f64 = 0,
  zmI: f64 = 0;

/**
 * X[k] and X[m - k] (0 < k <= m / 2) from Z[k] = (ar, ai) and Z[m - k] = (br, bi), as realForward;
 * (wr, wi) = W^k, and W^(m - k) = -conj W^k.
 */
function unpackPair(ar: f64, ai: f64, br: f64, bi: f64, wr: f64, wi: f64): void {
  // X[k]: E = (Z[k] + conj Z[m - k]) / 2, O = (Z[k] - conj Z[m - k]) / 2i, X = E + W^k O.
  let er = 0.5 * (ar + br),
    ei = 0.5 * (ai - bi);
  let dr = 0.5 * (ar - br),
    di = 0.5 * (ai + bi);
  xkR = er + di * wr - -dr * wi;
  xkI = ei + di * wi + -dr * wr;
  // X[m - k]: the same with the roles of the two exchanged.
  er = 0.5 * (br + ar);
  ei = 0.5 * (bi - ai);
  dr = 0.5 * (br - ar);
  di = 0.5 * (bi + ai);
  xmR = er + di * -wr - -dr * wi;
  xmI = ei + di * wi + -dr * -wr;
}

/** Z[k] and Z[m - k] (0 < k <= m / 2) from the bins Y[k] and Y[m - k], as realInverse (unscaled). */
function packPair(ykR: f64, ykI: f64, ymR: f64, ymI: f64, wr0: f64, wi0: f64): void {
  // Z[k] = E + i O, E = (Y[k] + conj Y[m - k]) / 2, O = (Y[k] - conj Y[m - k]) / 2 e^{+2 pi i k / nfft}.
  let er = 0.5 * (ykR + ymR),
    ei = 0.5 * (ykI - ymI);
  let dr = 0.5 * (ykR - ymR),
    di = 0.5 * (ykI + ymI);
  let wr = wr0,
    wi = -wi0;
  zkR = er - (dr * wi + di * wr);
  zkI = ei + (dr * wr - di * wi);
  er = 0.5 * (ymR + ykR);
  ei = 0.5 * (ymI - ykI);
  dr = 0.5 * (ymR - ykR);
  di = 0.5 * (ymI + ykI);
  wr = -wr0;
  wi = -wi0;
  zmR = er - (dr * wi + di * wr);
  zmI = ei + (dr * wr - di * wi);
}

/** Z[0] after multiplying bin 0 by f0 and bin m (the Nyquist) by fm; Z[0] = (zr, zi). */
function packedZero(zr: f64, zi: f64, f0: f64, fm: f64): void {
  const y0 = f0 * (zr + zi),
    ym = fm * (zr - zi);
  zkR = 0.5 * (y0 + ym);
  zkI = 0.5 * (y0 - ym);
}

/** Both packed values of a pair removed: 0 (what the products would give, up to the sign of 0). */
function clearPair(pk: usize, pm: usize): void {
  store<f64>(pk, 0.0);
  store<f64>(pk, 0.0, 8);
  store<f64>(pm, 0.0);
  store<f64>(pm, 0.0, 8);
}

/** The pair packPair left in (zkR, zkI) and (zmR, zmI), written back at pk and pm. */
function storePackedPair(pk: usize, pm: usize): void {
  store<f64>(pk, zkR);
  store<f64>(pk, zkI, 8);
  store<f64>(pm, zmR);
  store<f64>(pm, zmI, 8);
}

/** One pair: Z[k] at pk, Z[m - k] at pm, the band's factors fk and fmk (not both 1). */
function filterPair(pk: usize, pm: usize, k: i32, m: i32, fk: f64, fmk: f64): void {
  if (fk == 0.0 && fmk == 0.0) {
    clearPair(pk, pm);
    return;
  }
  const wr = twiddleOfRe(m, k),
    wi = twiddleOfIm(m, k);
  unpackPair(load<f64>(pk), load<f64>(pk, 8), load<f64>(pm), load<f64>(pm, 8), wr, wi);
  packPair(fk * xkR, fk * xkI, fmk * xmR, fmk * xmI, wr, wi);
  storePackedPair(pk, pm);
}

/** rev(p + 2) from k = rev(p): adds the reversed 2 (bit `top`, rev(2) within m points) with its carry downwards. */
function nextReversed(k0: i32, top: i32): i32 {
  let k = k0;
  let bit = top;
  while (k & bit) {
    k ^= bit;
    bit >>= 1;
  }
  return k | bit;
}

/**
 * Multiplies the bins of the packed spectrum at z (bit-reversed, nfft / 2 complex) by the band
 * shape, in place; pairs the band leaves at 1 are not touched. Where the pairs lie: position p
 * (1 <= p < m) holds k = rev(p), and m - k = (m - 1) ^ (k - 1) lies at p ^ (h - 1), h the highest
 * set bit of p: the mirror image of p within the block [h, 2h). So the pairs are visited from
 * both ends of each block, two straight streams through memory (rev(p) is even when p is, so the
 * even positions hold the k <= m / 2).
 */
function filterPacked(
  z: usize,
  nfft: i32,
  df: f64,
  nyquist: f64,
  stop: bool,
  fmin: f64,
  fmax0: f64,
  smooth: f64,
): void {
  const m = nfft >> 1;
  // Position 0: bins 0 and m (the Nyquist), from Z[0] alone.
  const f0 = bandFactor(0.0, nyquist, stop, fmin, fmax0, smooth);
  const fNyquist = bandFactor(<f64>m * df, nyquist, stop, fmin, fmax0, smooth);
  if (f0 != 1.0 || fNyquist != 1.0) {
    packedZero(load<f64>(z), load<f64>(z, 8), f0, fNyquist);
    store<f64>(z, zkR);
    store<f64>(z, zkI, 8);
  }
  if (m < 2) return;
  // Position 1: k = m / 2, its own partner.
  {
    const k = m >> 1;
    const fk = bandFactor(<f64>k * df, nyquist, stop, fmin, fmax0, smooth);
    if (fk != 1.0) {
      const p = z + 16;
      filterPair(p, p, k, m, fk, fk);
    }
  }
  for (let h = 2; h < m; h <<= 1) {
    // k = rev(h) = m / (2 h) at p = h; each step p += 2 adds the reversed 2.
    let k = (m >> 1) / h;
    const top = m >> 2; // rev(2) within m points
    for (let p = h; p < 2 * h; p += 2) {
      const kk = k;
      k = nextReversed(k, top);
      const fk = bandFactor(<f64>kk * df, nyquist, stop, fmin, fmax0, smooth);
      const fmk = bandFactor(<f64>(m - kk) * df, nyquist, stop, fmin, fmax0, smooth);
      if (fk == 1.0 && fmk == 1.0) continue;
      filterPair(z + ((<usize>p) << 4), z + ((<usize>(p ^ (h - 1))) << 4), kk, m, fk, fmk);
    }
  }
}

/** Filters x (n samples at `rate`) in place: stop = true removes the band, false keeps only it. */
export function hannBandFilter(
  x: usize,
  n: i32,
  rate: f64,
  stop: bool,
  fmin: f64,
  fmax0: f64,
  smooth: f64,
): void {
  const nfft = forwardPacked(x, n);
  const z = fftSignal();
  const dt = 1.0 / rate;
  const df = 1.0 / (dt * <f64>nfft);
  filterPacked(z, nfft, df, 0.5 / dt, stop, fmin, fmax0, smooth);
  inversePacked(z, nfft, x, n);
}

/**
 * Two filters of x from one forward transform: x in place gets the stop band (stopMin..stopMax,
 * ramps of stopSmooth), and `banded` (n samples) gets that result filtered again by the pass
 * band (passMin..passMax, ramps of passSmooth). Equal to hannBandFilter twice (to rounding,
 * about 1e-16), which would transform the stopped signal forward a second time. With banded = 0
 * the band stays in the transforms' scratch (fft.ts): no copy, and no memory of its own, but only
 * until the next transform. Returns where the band is.
 */
export function stopThenPass(
  x: usize,
  n: i32,
  rate: f64,
  stopMin: f64,
  stopMax: f64,
  stopSmooth: f64,
  passMin: f64,
  passMax: f64,
  passSmooth: f64,
  bandedIn: usize,
): usize {
  const nfft = forwardPacked(x, n);
  const z = fftSignal();
  const dt = 1.0 / rate;
  const df = 1.0 / (dt * <f64>nfft);
  const nyquist = 0.5 / dt;
  // The stopped spectrum, copied out in two halves (straight copies), gives the stopped signal;
  // the scratch keeps it for the pass band and the band.
  filterPacked(z, nfft, df, nyquist, true, stopMin, stopMax, stopSmooth);
  inverseInHalves(z, nfft, x, n, fftRe());
  filterPacked(z, nfft, df, nyquist, false, passMin, passMax, passSmooth);
  const banded = bandedIn != 0 ? bandedIn : z;
  inversePacked(z, nfft, banded, n);
  return banded;
}

/**
 * Praat's resampling low-pass (resample.ts) on the packed spectrum at z (bit-reversed, nfft / 2
 * complex, from forwardPacked): of bin k (1 <= k < nfft / 2) the real part is cleared when
 * 2k + 1 >= from and the imaginary part when 2k + 2 >= from; the Nyquist bin always, bin 0 when
 * from <= 1. With density != 0, the energy densities 2 |X[k] dt|^2 of the unfiltered bins
 * 0..nfft/2 go there in natural order (the LTAS, ltas.ts). Every pair is visited as in
 * filterPacked; equal to realForward, clearing, realInverse up to rounding (about 1e-16).
 */
export function lowPassPacked(z: usize, nfft: i32, from: i32, density: usize, dt: f64): void {
  const m = nfft >> 1;
  {
    const zr = load<f64>(z),
      zi = load<f64>(z, 8);
    if (density != 0) {
      const a = (zr + zi) * dt,
        b = (zr - zi) * dt;
      st(density, 0, 2.0 * (a * a));
      st(density, m, 2.0 * (b * b));
    }
    packedZero(zr, zi, 1 >= from ? 0.0 : 1.0, 0.0);
    store<f64>(z, zkR);
    store<f64>(z, zkI, 8);
  }
  if (m < 2) return;
  lowPassPair(z + 16, z + 16, m >> 1, m, from, density, dt);
  for (let h = 2; h < m; h <<= 1) {
    let k = (m >> 1) / h;
    const top = m >> 2;
    for (let p = h; p < 2 * h; p += 2) {
      const kk = k;
      k = nextReversed(k, top);
      lowPassPair(z + ((<usize>p) << 4), z + ((<usize>(p ^ (h - 1))) << 4), kk, m, from, density, dt);
    }
  }
}

/** One pair of lowPassPacked: Z[k] at pk, Z[m - k] at pm (0 < k <= m / 2). */
function lowPassPair(pk: usize, pm: usize, k: i32, m: i32, from: i32, density: usize, dt: f64): void {
  const j = m - k;
  // Which parts survive (bins below the cut-off keep both, the bin at it may keep its real part).
  const kRe: f64 = 2 * k + 1 < from ? 1.0 : 0.0,
    kIm: f64 = 2 * k + 2 < from ? 1.0 : 0.0,
    jRe: f64 = 2 * j + 1 < from ? 1.0 : 0.0,
    jIm: f64 = 2 * j + 2 < from ? 1.0 : 0.0;
  const cleared = kRe == 0.0 && kIm == 0.0 && jRe == 0.0 && jIm == 0.0;
  if (cleared && density == 0) {
    clearPair(pk, pm);
    return;
  }
  const wr = twiddleOfRe(m, k),
    wi = twiddleOfIm(m, k);
  unpackPair(load<f64>(pk), load<f64>(pk, 8), load<f64>(pm), load<f64>(pm, 8), wr, wi);
  if (density != 0) {
    let a = xkR * dt,
      b = xkI * dt;
    st(density, k, 2.0 * (a * a + b * b));
    a = xmR * dt;
    b = xmI * dt;
    st(density, j, 2.0 * (a * a + b * b));
  }
  if (cleared) {
    clearPair(pk, pm);
    return;
  }
  packPair(kRe * xkR, kIm * xkI, jRe * xmR, jIm * xmI, wr, wi);
  storePackedPair(pk, pm);
}
