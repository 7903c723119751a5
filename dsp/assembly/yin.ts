// Exact YIN (de Cheveigne & Kawahara 2002) with the difference function computed by FFT as in
// aubio's yinfast: d(tau) = e(0) + e(tau) - 2 r(tau), where r is the cross-correlation of the
// first W samples with the window (one FFT product) and e(tau) is a sliding sum of squares.
// Two changes from aubio, both keeping d an exact sum of squared differences:
// - W = N - maxLag instead of N/2, so 80 Hz fits at 96 kHz and the span is as long as possible;
// - the forward sum (first W samples vs. tau later) is added to its mirror (last W samples vs.
//   tau earlier). The forward span alone is centred (maxLag - tau)/2 samples before the window
//   centre, which biases pitch under vibrato/glides by ~10 cents; the symmetric sum is centred
//   exactly on the frame time t. Both correlations come out of a single inverse FFT.

import { FFT_N, bitReverse, fftBitReversed, inverseReal, halfSizeRealFft, cosTable, sinTable } from './fft';

export const MAX_LAGS: i32 = 2048;

// Spectra of the window (x) and of its first W samples (x0), bins 0..N/2.
export const specRe = new StaticArray<f32>(FFT_N / 2 + 2);
export const specIm = new StaticArray<f32>(FFT_N / 2 + 2);
const headRe = new StaticArray<f32>(FFT_N / 2 + 2);
const headIm = new StaticArray<f32>(FFT_N / 2 + 2);
const packedRe = new StaticArray<f32>(FFT_N);
const packedIm = new StaticArray<f32>(FFT_N);
const workRe = new StaticArray<f32>(FFT_N / 2);
const workIm = new StaticArray<f32>(FFT_N / 2);
const corr = new StaticArray<f32>(FFT_N);
/** The difference function d(tau) of the last run, tau = 0..maxLag + 1 (refine.ts reads it). */
export const diff = new StaticArray<f32>(MAX_LAGS + 2);
const cmndf = new StaticArray<f32>(MAX_LAGS + 2);
const energy = new StaticArray<f64>(MAX_LAGS + 2);

// Lag range: searched a little beyond the spec's 80-800 Hz so that a voice at the band edge
// is still found (and then reported as out of range rather than as a wrong octave).
let minLag: i32 = 2;
let maxLag: i32 = 800;
let integration: i32 = FFT_N - 801;
// Samples in the analysed window (<= FFT_N; the rest of the FFT input is zero).
let winLen: i32 = FFT_N;

// Pitch candidates of the last run: local minima of the CMNDF, lowest first (the tracker in
// tracker.ts picks among them over time). Periods are parabolically refined, in samples.
export const MAX_CANDIDATES: i32 = 5;
export const candPeriod = new StaticArray<f64>(MAX_CANDIDATES);
export const candAper = new StaticArray<f64>(MAX_CANDIDATES);
export let candCount: i32 = 0;
/** Set by the caller before tracking: candidates that cannot be a voice (mains hum). */
export const candBlocked = new StaticArray<bool>(MAX_CANDIDATES);
/** Index in the candidate list of YIN's own pick (first dip + octave guard), -1 if none. */
export let candPick: i32 = -1;
/** Dips shallower than this are not candidates (white noise rarely dips below ~0.5). */
const CANDIDATE_CEILING: f32 = 0.7;

// Results of the last run.
export let yinPeriod: f64 = 0; // samples, fractional; 0 if none
export let yinAperiodicity: f64 = 1; // CMNDF at the chosen lag (0 = perfectly periodic)
export let yinCorrelation: f64 = 0; // normalised correlation r at the chosen lag, 0..1

export const YIN_THRESHOLD: f32 = 0.12;

/**
 * Lags searched: sampleRate/maxHz .. sampleRate/minHz. The window is `len` samples: the
 * integration span W = len - maxLag - 1 plus the longest lag.
 */
export function yinConfigure(sampleRate: f64, minHz: f64, maxHz: f64, len: i32): void {
  minLag = max<i32>(2, <i32>Math.floor(sampleRate / maxHz));
  maxLag = min<i32>(MAX_LAGS - 1, <i32>Math.ceil(sampleRate / minHz));
  winLen = min<i32>(FFT_N, len);
  integration = winLen - (maxLag + 1);
}

/**
 * One pass over bins 0..N/2 that (1) splits Z = FFT(x + i x0) into X (kept for the spectral
 * features) and X0, (2) unpacks X1 (tail spectrum) from the half-size FFT, and (3) forms the
 * correlation spectrum P = conj(X0) X + X1 conj(X) into headRe/headIm.
 * X[k] = (Z[k] + conj Z[N-k]) / 2, X0[k] = (Z[k] - conj Z[N-k]) / 2i;
 * X1[k] = E + e^{-i2pi k/N} O with E, O from the half-size Z' at k and N/2 - k.
 */
function spectraAndProduct(): void {
  const half = FFT_N / 2;
  for (let k = 0; k <= half; k++) {
    const m = (FFT_N - k) & (FFT_N - 1);
    const a = unchecked(packedRe[k]),
      b = unchecked(packedIm[k]);
    const c = unchecked(packedRe[m]),
      d = unchecked(packedIm[m]);
    const xr = <f32>0.5 * (a + c),
      xi = <f32>0.5 * (b - d);
    const hr = <f32>0.5 * (b + d),
      hi = <f32>0.5 * (c - a);
    unchecked((specRe[k] = xr));
    unchecked((specIm[k] = xi));
    const p = k & (half - 1);
    const q = (half - k) & (half - 1);
    const zr = unchecked(workRe[p]),
      zi = unchecked(workIm[p]);
    const cr = unchecked(workRe[q]),
      ci = -unchecked(workIm[q]);
    const er = <f32>0.5 * (zr + cr),
      ei = <f32>0.5 * (zi + ci);
    const or = <f32>0.5 * (zi - ci),
      oi = <f32>-0.5 * (zr - cr);
    const wr = k < half ? unchecked(cosTable[k]) : <f32>-1;
    const wi = k < half ? -unchecked(sinTable[k]) : <f32>0;
    const tr = er + or * wr - oi * wi;
    const ti = ei + or * wi + oi * wr;
    unchecked((headRe[k] = hr * xr + hi * xi + tr * xr + ti * xi));
    unchecked((headIm[k] = hr * xi - hi * xr + ti * xr - tr * xi));
  }
}

/** Runs the FFT stage on x[0..N): fills the window spectrum and the correlation r(tau). */
export function correlate(x: StaticArray<f32>): void {
  const w = integration;
  const rev = bitReverse(0);
  // Packed straight into bit-reversed order, so the FFT needs no permutation pass.
  for (let j = 0; j < FFT_N; j++) {
    const slot = unchecked(rev[j]);
    const v = unchecked(x[j]);
    unchecked((packedRe[slot] = v));
    unchecked((packedIm[slot] = j < w ? v : 0));
  }
  fftBitReversed(packedRe, packedIm, 0);
  halfSizeRealFft(x, winLen - w, workRe, workIm);
  spectraAndProduct();
  inverseReal(headRe, headIm, workRe, workIm, corr, maxLag + 2);
}

function sumSquares(x: StaticArray<f32>, from: i32, to: i32): f64 {
  let e: f64 = 0;
  for (let j = from; j < to; j++) {
    const v = <f64>unchecked(x[j]);
    e += v * v;
  }
  return e;
}

function differenceFunction(x: StaticArray<f32>): void {
  const w = integration;
  const head = sumSquares(x, 0, w);
  const n = winLen;
  const tail = sumSquares(x, n - w, n);
  // Sliding energies of the spans shifted by tau: forward [tau, tau + w), backward [N - w - tau, N - tau).
  let fwd = head;
  let back = tail;
  unchecked((energy[0] = 2.0 * (head + tail)));
  unchecked((diff[0] = 0));
  for (let tau = 1; tau <= maxLag + 1; tau++) {
    const fOut = <f64>unchecked(x[tau - 1]);
    const fIn = <f64>unchecked(x[tau + w - 1]);
    const bOut = <f64>unchecked(x[n - tau]);
    const bIn = <f64>unchecked(x[n - w - tau]);
    fwd += fIn * fIn - fOut * fOut;
    back += bIn * bIn - bOut * bOut;
    const total = head + tail + fwd + back;
    unchecked((energy[tau] = total));
    const d = total - 2.0 * <f64>unchecked(corr[tau]);
    unchecked((diff[tau] = d > 0 ? <f32>d : 0));
  }
}

function cumulativeNormalise(): void {
  let sum: f64 = 0;
  unchecked((cmndf[0] = 1));
  for (let tau = 1; tau <= maxLag + 1; tau++) {
    const d = <f64>unchecked(diff[tau]);
    sum += d;
    unchecked((cmndf[tau] = sum > 0 ? <f32>((d * <f64>tau) / sum) : 1));
  }
}

/**
 * Absolute threshold: the first dip under the threshold, followed down to its local minimum.
 * When nothing dips under it (noisy voice), the threshold is raised to just above the global
 * minimum, so the first comparable dip wins rather than a deeper one at a multiple of the
 * period (a sub-octave error).
 */
function firstDipUnder(threshold: f32): i32 {
  for (let tau = minLag; tau <= maxLag; tau++) {
    if (unchecked(cmndf[tau]) < threshold) {
      while (tau + 1 <= maxLag && unchecked(cmndf[tau + 1]) < unchecked(cmndf[tau])) tau++;
      return tau;
    }
  }
  return -1;
}

function pickLag(): i32 {
  const first = firstDipUnder(YIN_THRESHOLD);
  if (first >= 0) return first;
  let best = minLag;
  for (let tau = minLag + 1; tau <= maxLag; tau++) {
    if (unchecked(cmndf[tau]) < unchecked(cmndf[best])) best = tau;
  }
  const relaxed = firstDipUnder(unchecked(cmndf[best]) * <f32>1.2 + <f32>0.02);
  return relaxed >= 0 ? relaxed : best;
}

function localMin(centre: i32, radius: i32): i32 {
  let best = centre;
  const lo = max<i32>(minLag, centre - radius);
  const hi = min<i32>(maxLag, centre + radius);
  for (let t = lo; t <= hi; t++) if (unchecked(cmndf[t]) < unchecked(cmndf[best])) best = t;
  return best;
}

/**
 * Octave guard. The first dip can sit at half the true period when the second harmonic
 * dominates; then the dip at twice the lag is clearly deeper. Only moves down an octave
 * when the first dip is itself mediocre, so clean periodic signals are never affected.
 */
function octaveCheck(tau: i32): i32 {
  const first = unchecked(cmndf[tau]);
  if (first < 0.04 || 2 * tau > maxLag) return tau;
  const double = localMin(2 * tau, 2);
  return unchecked(cmndf[double]) < first * 0.35 ? double : tau;
}

// Vertex of the parabola through d(tau-1), d(tau), d(tau+1): refines the candidates' periods
// (the tracker chooses among them) and the minimum of d, which matters for HNR (an integer lag
// loses correlation on high harmonics). The period the engine reports is refined again, on a
// smoothed d, in refine.ts.
let vertexDiff: f64 = 0;

function parabolic(tau: i32): f64 {
  vertexDiff = <f64>unchecked(diff[tau]);
  if (tau <= 1 || tau >= maxLag + 1) return <f64>tau;
  const a = <f64>unchecked(diff[tau - 1]);
  const b = <f64>unchecked(diff[tau]);
  const c = <f64>unchecked(diff[tau + 1]);
  const den = a - 2.0 * b + c;
  if (den <= 0) return <f64>tau;
  let shift = (0.5 * (a - c)) / den;
  shift = shift > 0.5 ? 0.5 : shift < -0.5 ? -0.5 : shift;
  const v = b - 0.25 * (a - c) * shift;
  vertexDiff = v > 0 ? v : 0;
  return <f64>tau + shift;
}

/**
 * Collects up to MAX_CANDIDATES local minima of the CMNDF under CANDIDATE_CEILING, keeping
 * the deepest, and makes sure YIN's own pick is among them.
 */
function collectCandidates(pick: i32): void {
  candCount = 0;
  candPick = -1;
  for (let tau = minLag; tau <= maxLag; tau++) {
    const v = unchecked(cmndf[tau]);
    if (v >= CANDIDATE_CEILING) continue;
    if (tau != pick && (v > unchecked(cmndf[tau - 1]) || v > unchecked(cmndf[tau + 1]))) continue;
    if (tau != pick && v == unchecked(cmndf[tau - 1])) continue;
    insertCandidate(tau, tau == pick);
  }
  if (candPick < 0 && pick >= minLag) insertCandidate(pick, true);
}

// Keeps the list sorted by aperiodicity; the pick is never evicted.
function insertCandidate(tau: i32, isPick: bool): void {
  // The dip's depth at its interpolated vertex: at low sample rates an integer lag can sit
  // half a sample off the true period and look worse than a multiple that lands on a sample.
  const period = parabolic(tau);
  const atLag = <f64>unchecked(diff[tau]);
  const v = atLag > 0 ? <f64>unchecked(cmndf[tau]) * (vertexDiff / atLag) : <f64>unchecked(cmndf[tau]);
  let slot = candCount;
  if (candCount == MAX_CANDIDATES) {
    // Evict the worst non-pick entry if this one is better (or is the pick).
    let worst = -1;
    for (let i = MAX_CANDIDATES - 1; i >= 0; i--) {
      if (i != candPick) {
        worst = i;
        break;
      }
    }
    if (worst < 0 || (!isPick && unchecked(candAper[worst]) <= v)) return;
    for (let i = worst; i < candCount - 1; i++) {
      unchecked((candAper[i] = candAper[i + 1]));
      unchecked((candPeriod[i] = candPeriod[i + 1]));
    }
    if (candPick > worst) candPick--;
    candCount--;
    slot = candCount;
  }
  while (slot > 0 && unchecked(candAper[slot - 1]) > v) {
    unchecked((candAper[slot] = candAper[slot - 1]));
    unchecked((candPeriod[slot] = candPeriod[slot - 1]));
    if (candPick == slot - 1) candPick = slot;
    slot--;
  }
  unchecked((candAper[slot] = v));
  unchecked((candPeriod[slot] = period));
  if (isPick) candPick = slot;
  candCount++;
}

/** Estimates the period of x[0..N) (after correlate()). */
export function yinRun(x: StaticArray<f32>): void {
  differenceFunction(x);
  cumulativeNormalise();
  const tau = octaveCheck(pickLag());
  collectCandidates(tau);
  yinPeriod = parabolic(tau);
  yinAperiodicity = <f64>unchecked(cmndf[tau]);
  const e = unchecked(energy[tau]);
  const r = e > 0 ? 1.0 - vertexDiff / e : 0;
  yinCorrelation = r < 0 ? 0 : r > 1 ? 1 : r;
}

/**
 * Lowest CMNDF within one sample of half the given period. A deep dip there means the sound
 * repeats twice as fast: the candidate is a sub-harmonic of a tone above the search range.
 */
export function halfPeriodDip(period: f64): f64 {
  const centre = <i32>Math.round(period * 0.5);
  let best: f32 = 1;
  for (let t = max<i32>(1, centre - 1); t <= centre + 1; t++) {
    const v = unchecked(cmndf[t]);
    if (v < best) best = v;
  }
  return <f64>best;
}

/**
 * Lowest CMNDF at lags shorter than the shortest searched lag. A deep dip there means
 * the sound is periodic above the pitch range (a whistle, a pure tone), so none of its
 * candidates (its sub-harmonics) is a voice.
 */
export function aboveRangeDip(): f64 {
  let best: f32 = 1;
  const top = minLag - 1;
  for (let t = 2; t <= top; t++) {
    const v = unchecked(cmndf[t]);
    if (v < best) best = v;
  }
  return <f64>best;
}

/** Shortest and longest lags searched (samples at the working rate). */
export function searchMinLag(): i32 {
  return minLag;
}
export function searchMaxLag(): i32 {
  return maxLag;
}

/**
 * Adds, as a candidate, the deepest CMNDF lag within `radius` (relative) of `period` when no
 * candidate lies there and that dip is under `ceiling` (tracker.ts: a held voice's period that
 * rose just above the candidate ceiling for a frame). Returns the candidate's index, or -1.
 */
export function addCandidateNear(period: f64, radius: f64, ceiling: f64): i32 {
  const lo = max<i32>(minLag, <i32>Math.floor(period * (1 - radius)));
  const hi = min<i32>(maxLag, <i32>Math.ceil(period * (1 + radius)));
  if (lo > hi || candCount >= MAX_CANDIDATES) return -1;
  for (let i = 0; i < candCount; i++) {
    const p = unchecked(candPeriod[i]);
    if (p >= <f64>lo && p <= <f64>hi) return -1;
  }
  let best = lo;
  for (let t = lo + 1; t <= hi; t++) if (unchecked(cmndf[t]) < unchecked(cmndf[best])) best = t;
  if (best == lo || best == hi || <f64>unchecked(cmndf[best]) >= ceiling) return -1;
  insertCandidate(best, false);
  for (let i = 0; i < candCount; i++) if (unchecked(candPeriod[i]) == parabolic(best)) return i;
  return -1;
}

/** A silent frame: no candidates, no period. */
export function yinSilence(): void {
  candCount = 0;
  candPick = -1;
  yinPeriod = 0;
  yinAperiodicity = 1;
  yinCorrelation = 0;
}

/** Lowest CMNDF within 2 % (at least one sample) of the given lag; 1 beyond the searched lags. */
export function dipNear(period: f64): f64 {
  const radius = max<i32>(1, <i32>Math.ceil(period * 0.02));
  const centre = <i32>Math.round(period);
  if (centre - radius < 1 || centre + radius > maxLag + 1) return 1;
  let best: f32 = 1;
  for (let t = centre - radius; t <= centre + radius; t++) {
    const v = unchecked(cmndf[t]);
    if (v < best) best = v;
  }
  return <f64>best;
}
