// Praat's Sound_resample (fon/Sound.cpp): when lowering the rate, an FFT low-pass first (1000
// zero samples padded on both sides, every bin from the new Nyquist frequency up cleared), then
// each new sample is read from the old ones by windowed-sinc interpolation
// (melder/NUMinterpol.cpp, NUM_interpolate_sinc, raised-cosine window of `depth` samples a side).
import { allocF64, ld, st, powerOfTwoAtLeast } from './mem';
import {
  complexFftDif,
  complexInverseFromReversed,
  fftPrepare,
  fftIm,
  fftRe,
  fftSignal,
  realForward,
  realInverse,
} from './fft';
import { lowPassPacked } from './filter';
import { ltasFromDensity } from './ltas';

let resultLength: i32 = 0;

export function resampledLength(): i32 {
  return resultLength;
}

/** Praat's NUM_interpolate_sinc on y[1..n] (stored 0-based at y) at the real index x. */
export function interpolateSinc(y: usize, n: i32, x: f64, maxDepth0: i32): f64 {
  const midleft = <i32>Math.floor(x);
  const midright = midleft + 1;
  if (x < 1.0) return ld(y, 0);
  if (x > <f64>n) return ld(y, n - 1);
  if (x == <f64>midleft) return ld(y, midleft - 1);
  let maxDepth = maxDepth0;
  if (maxDepth > midright - 1) maxDepth = midright - 1;
  if (maxDepth > n - midleft) maxDepth = n - midleft;
  if (maxDepth <= 0) return ld(y, <i32>Math.floor(x + 0.5) - 1);
  const yl = ld(y, midleft - 1),
    yr = ld(y, midright - 1);
  if (maxDepth == 1) return yl + (x - <f64>midleft) * (yr - yl);
  if (maxDepth == 2) {
    const dyl = 0.5 * (yr - ld(y, midleft - 2)),
      dyr = 0.5 * (ld(y, midright) - yl);
    const fil = x - <f64>midleft,
      fir = <f64>midright - x;
    return (
      yl * fir + yr * fil - fil * fir * (0.5 * (dyr - dyl) + (fil - 0.5) * (dyl + dyr - 2.0 * (yr - yl)))
    );
  }
  const left = midright - maxDepth;
  const right = midleft + maxDepth;
  let result: f64 = 0;
  let a = Math.PI * (x - <f64>midleft);
  let halfsina = 0.5 * Math.sin(a);
  let aa = a / (x - <f64>left + 1.0);
  let daa = Math.PI / (x - <f64>left + 1.0);
  let cosaa = Math.cos(aa),
    sinaa = Math.sin(aa);
  let cosdaa = Math.cos(daa),
    sindaa = Math.sin(daa);
  for (let ix = midleft; ix >= left; ix--) {
    const d = (halfsina / a) * (1.0 + cosaa);
    result += ld(y, ix - 1) * d;
    a += Math.PI;
    const help = cosaa * cosdaa - sinaa * sindaa;
    sinaa = cosaa * sindaa + sinaa * cosdaa;
    cosaa = help;
    halfsina = -halfsina;
  }
  a = Math.PI * (<f64>midright - x);
  halfsina = 0.5 * Math.sin(a);
  aa = a / (<f64>right - x + 1.0);
  daa = Math.PI / (<f64>right - x + 1.0);
  cosaa = Math.cos(aa);
  sinaa = Math.sin(aa);
  cosdaa = Math.cos(daa);
  sindaa = Math.sin(daa);
  for (let ix = midright; ix <= right; ix++) {
    const d = (halfsina / a) * (1.0 + cosaa);
    result += ld(y, ix - 1) * d;
    a += Math.PI;
    const help = cosaa * cosdaa - sinaa * sindaa;
    sinaa = cosaa * sindaa + sinaa * cosdaa;
    cosaa = help;
    halfsina = -halfsina;
  }
  return result;
}

/**
 * x (n samples at `rate`, first sample centred at half a period, as read from a file or made by
 * Concatenate) resampled to newRate; the length is in resampledLength(). The new samples go to
 * `into` when it holds them (the caller's scratch: the transforms' re / im block will do, never
 * their signal block, which holds the low-passed source), else to memory of their own.
 */
export function resample(
  x: usize,
  n: i32,
  rate: f64,
  newRate: f64,
  depth: i32,
  ltasToo: bool = false,
  into: usize = 0,
  intoCapacity: i32 = 0,
): usize {
  const dx = 1.0 / rate;
  const x1 = 0.5 * dx;
  const xmax = <f64>n * dx;
  const upfactor = newRate * dx;
  if (Math.abs(upfactor - 1.0) < 1e-6) {
    const copy = allocF64(n);
    memory.copy(copy, x, (<usize>n) << 3);
    resultLength = n;
    return copy;
  }
  if (Math.abs(upfactor - 2.0) < 1e-6) return upsampleTwice(x, n);
  const count = <i32>Math.floor(xmax * newRate + 0.5);
  let source = x;
  let scale: f64 = 1.0;
  if (upfactor < 1.0) {
    const pad = 1000;
    const nfft = powerOfTwoAtLeast(n + 2 * pad);
    fftPrepare(nfft);
    const data = fftSignal();
    memory.fill(data, 0, (<usize>pad) << 3);
    memory.copy(data + ((<usize>pad) << 3), x, (<usize>n) << 3);
    memory.fill(data + ((<usize>(pad + n)) << 3), 0, (<usize>(nfft - pad - n)) << 3);
    // Forward by decimation in frequency, the low-pass applied to the packed spectrum where it lies
    // (bit-reversed), and back by decimation in time: no reordering pass and no split into the
    // real spectrum and back (filter.ts, lowPassPacked; the same numbers up to rounding, about
    // 1e-16, as realForward, clearing, realInverse).
    complexFftDif(data, nfft >> 1);
    // The LTAS reads |X|^2 of the same samples zero-padded to a power of two: when that is this
    // transform's size, this spectrum serves it (ltas.ts) and saves a transform of the signal.
    // Its densities go to the re / im block (free here), unpacked from the pairs as they pass.
    const ltasHere = ltasToo && nfft == powerOfTwoAtLeast(n < 4 ? 4 : n);
    const density = ltasHere ? fftRe() : 0;
    // Praat clears entries from index floor(upfactor * nfft) of its packed real-FFT layout
    // (1: DC, 2: Nyquist, 2k+1 / 2k+2: real / imaginary part of bin k) and always the Nyquist.
    const from = <i32>Math.floor(upfactor * <f64>nfft);
    lowPassPacked(data, nfft, from, density, dx);
    if (ltasHere) ltasFromDensity(density, nfft, n, rate);
    complexInverseFromReversed(data, nfft >> 1);
    // Read in place from the transform's scratch (nothing below transforms again before the
    // interpolation is done). The inverse's scale 1 / (nfft / 2) is a power of two, so it is
    // applied to each interpolated sample instead of to every source sample: multiplying by a
    // power of two is exact and commutes with every rounding of the (linear) interpolation, so
    // the results are bit for bit those of scaling the source first.
    source = data + ((<usize>pad) << 3);
    scale = 1.0 / <f64>(nfft >> 1);
  }
  const out = into != 0 && intoCapacity >= count ? into : allocF64(count);
  const newDx = 1.0 / newRate;
  const newX1 = 0.5 * (xmax - <f64>(count - 1) / newRate);
  // Between integral rates the fractional read positions repeat every `period` new samples
  // (newRate / gcd): the sinc weights of each phase are computed once (polyphase), and each new
  // sample is then a dot product. Same weights and samples as NUM_interpolate_sinc; only the
  // order of the additions differs (about 1e-16 relative).
  const period = polyphasePeriod(rate, newRate);
  const taps = 2 * depth;
  const weights = period > 0 ? allocF64(period * taps) : 0;
  const phaseFrac = period > 0 ? allocF64(period) : 0;
  for (let p = 0; p < period; p++) st(phaseFrac, p, -1.0);
  let phase = 0; // (i - 1) % period, kept as a counter rather than divided out per sample
  for (let i = 1; i <= count; i++, phase = phase + 1 == period ? 0 : phase + 1) {
    const t = newX1 + <f64>(i - 1) * newDx;
    const index = (t - x1) / dx + 1.0;
    const midleft = <i32>Math.floor(index);
    const frac = index - <f64>midleft;
    // Interior points only (full depth on both sides, not exactly on a sample).
    if (period > 0 && midleft - depth >= 0 && midleft + depth <= n && frac > 1e-9) {
      const w = weights + ((<usize>(phase * taps)) << 3);
      let known = ld(phaseFrac, phase);
      if (known < 0.0) {
        sincWeights(frac, depth, w);
        st(phaseFrac, phase, frac);
        known = frac;
      }
      if (Math.abs(known - frac) < 1e-9) {
        st(out, i - 1, dot(source + ((<usize>(midleft - depth)) << 3), w, taps) * scale);
        continue;
      }
    }
    st(out, i - 1, interpolateSinc(source, n, index, depth) * scale);
  }
  resultLength = count;
  return out;
}

/** New samples after which the read phase repeats, or 0 (no table) for odd or long periods. */
function polyphasePeriod(rate: f64, newRate: f64): i32 {
  if (rate != Math.floor(rate) || newRate != Math.floor(newRate)) return 0;
  let a = <i64>rate;
  let b = <i64>newRate;
  while (b != 0) {
    const r = a % b;
    a = b;
    b = r;
  }
  const period = <i64>newRate / a;
  return period <= 1024 ? <i32>period : 0;
}

/**
 * The weights NUM_interpolate_sinc gives samples midleft - depth + 1 .. midleft + depth (stored
 * in that order) for a read position `frac` past midleft, by its own recurrences.
 */
function sincWeights(frac: f64, depth: i32, w: usize): void {
  let a = Math.PI * frac;
  let halfsina = 0.5 * Math.sin(a);
  let aa = a / (frac + <f64>depth);
  let daa = Math.PI / (frac + <f64>depth);
  let cosaa = Math.cos(aa),
    sinaa = Math.sin(aa);
  let cosdaa = Math.cos(daa),
    sindaa = Math.sin(daa);
  for (let k = depth - 1; k >= 0; k--) {
    st(w, k, (halfsina / a) * (1.0 + cosaa));
    a += Math.PI;
    const help = cosaa * cosdaa - sinaa * sindaa;
    sinaa = cosaa * sindaa + sinaa * cosdaa;
    cosaa = help;
    halfsina = -halfsina;
  }
  a = Math.PI * (1.0 - frac);
  halfsina = 0.5 * Math.sin(a);
  aa = a / (<f64>depth - frac + 1.0);
  daa = Math.PI / (<f64>depth - frac + 1.0);
  cosaa = Math.cos(aa);
  sinaa = Math.sin(aa);
  cosdaa = Math.cos(daa);
  sindaa = Math.sin(daa);
  for (let k = depth; k < 2 * depth; k++) {
    st(w, k, (halfsina / a) * (1.0 + cosaa));
    a += Math.PI;
    const help = cosaa * cosdaa - sinaa * sindaa;
    sinaa = cosaa * sindaa + sinaa * cosdaa;
    cosaa = help;
    halfsina = -halfsina;
  }
}

/** Sum of x[k] w[k] for k < n (n even), two lanes at a time. */
function dot(x: usize, w: usize, n: i32): f64 {
  if (!ASC_FEATURE_SIMD) {
    let sum: f64 = 0;
    for (let k = 0; k < n; k++) sum += ld(x, k) * ld(w, k);
    return sum;
  }
  let acc = f64x2.splat(0.0);
  for (let k = 0; k < n; k += 2) {
    const o = (<usize>k) << 3;
    acc = f64x2.add(acc, f64x2.mul(v128.load(x + o), v128.load(w + o)));
  }
  return f64x2.extract_lane(acc, 0) + f64x2.extract_lane(acc, 1);
}

/**
 * Praat's Sound_upsample (exactly twice the rate): the spectrum of the signal (1000 zeros padded
 * on both sides) with its top 5 % tapered linearly to zero becomes the lower half of a spectrum
 * twice as long.
 */
function upsampleTwice(x: usize, n: i32): usize {
  const pad = 1000;
  const nfft = powerOfTwoAtLeast(n + 2 * pad);
  const n2 = 2 * nfft;
  fftPrepare(n2);
  const data = fftSignal();
  memory.fill(data, 0, (<usize>n2) << 3);
  memory.copy(data + ((<usize>pad) << 3), x, (<usize>n) << 3);
  const half = nfft >> 1;
  const re = fftRe();
  const im = fftIm();
  realForward(data, nfft, re, im);
  // Taper the entries above 95 % of Praat's packed layout (2k+1: real, 2k+2: imaginary part of bin k).
  const imin = <i32>Math.floor(<f64>nfft * 0.95);
  const span = <f64>(nfft - imin);
  for (let k = 1; k < half; k++) {
    if (2 * k + 1 > imin) st(re, k, ld(re, k) * (<f64>(nfft - (2 * k + 1)) / span));
    if (2 * k + 2 > imin) st(im, k, ld(im, k) * (<f64>(nfft - (2 * k + 2)) / span));
  }
  // The old Nyquist bin is dropped and every bin above it is zero in the longer spectrum.
  for (let k = half; k <= nfft; k++) {
    st(re, k, 0.0);
    st(im, k, 0.0);
  }
  realInverse(re, im, n2, data);
  const count = 2 * n;
  const out = allocF64(count);
  for (let i = 0; i < count; i++) st(out, i, 2.0 * ld(data, i + 2 * pad));
  resultLength = count;
  return out;
}
