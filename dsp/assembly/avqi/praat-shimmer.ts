// Praat's shimmer from a sound and its pulses (fon/AmplitudeTier.cpp:
// PointProcess_Sound_to_AmplitudeTier_period, AmplitudeTier_getShimmer_local and _local_dB).
// Each pulse whose two neighbouring periods are plausible (shortest..longest period, ratio at
// most maximumPeriodFactor) gets an amplitude: the RMS of the signal under an asymmetric Hann
// window reaching 0.2 of the period on each side. Shimmer (local) is the mean absolute difference
// of consecutive amplitudes (pairs whose ratio is at most maximumAmplitudeFactor, one period
// apart within the plausible range) over the mean amplitude; the dB form averages |20 log10| ratios.

import { arenaAlloc } from '../arena';

export let shimmerLocal: f64 = NaN;
export let shimmerLocalDb: f64 = NaN;

function hannWindowedRms(sig: usize, nx: i32, dx: f64, tmid: f64, widthLeft: f64, widthRight: f64): f64 {
  const x1 = 0.5 * dx;
  let imin = <i32>(1.0 + Math.ceil((tmid - widthLeft - x1) / dx));
  let imax = <i32>(1.0 + Math.floor((tmid + widthRight - x1) / dx));
  if (imin < 1) imin = 1;
  if (imax > nx) imax = nx;
  if (imax - imin + 1 < 3) return NaN;
  let sumOfSquares = 0.0;
  let windowSumOfSquares = 0.0;
  for (let i = imin; i <= imax; i++) {
    const t = x1 + <f64>(i - 1) * dx;
    const width = t < tmid ? widthLeft : widthRight;
    const phase = (t - tmid) / width;
    const w = 0.5 + 0.5 * Math.cos(Math.PI * phase);
    const v = load<f64>(sig + ((<usize>(i - 1)) << 3)) * w;
    sumOfSquares += v * v;
    windowSumOfSquares += w * w;
  }
  return Math.sqrt(sumOfSquares / windowSumOfSquares);
}

/** Both shimmer measures of signal[0..nx) at the given pulses; NaN when too few pulses. */
export function praatShimmer(
  sig: usize,
  nx: i32,
  dx: f64,
  pulses: usize,
  count: i32,
  pmin: f64,
  pmax: f64,
  maximumPeriodFactor: f64,
  maximumAmplitudeFactor: f64,
): void {
  shimmerLocal = NaN;
  shimmerLocalDb = NaN;
  if (count < 3) return;
  const times = arenaAlloc((<usize>count) << 3);
  const values = arenaAlloc((<usize>count) << 3);
  let n = 0;
  for (let i = 1; i < count - 1; i++) {
    const tPrev = load<f64>(pulses + ((<usize>(i - 1)) << 3));
    const t = load<f64>(pulses + ((<usize>i) << 3));
    const tNext = load<f64>(pulses + ((<usize>(i + 1)) << 3));
    const p1 = t - tPrev;
    const p2 = tNext - t;
    const intervalFactor = p1 > p2 ? p1 / p2 : p2 / p1;
    if (
      pmin == pmax ||
      (p1 >= pmin && p1 <= pmax && p2 >= pmin && p2 <= pmax && intervalFactor <= maximumPeriodFactor)
    ) {
      const peak = hannWindowedRms(sig, nx, dx, t, 0.2 * p1, 0.2 * p2);
      if (!isNaN(peak) && peak > 0.0) {
        store<f64>(times + ((<usize>n) << 3), t);
        store<f64>(values + ((<usize>n) << 3), peak);
        n++;
      }
    }
  }
  let pairs = 0;
  let numerator = 0.0;
  let logSum = 0.0;
  for (let i = 1; i < n; i++) {
    const p = load<f64>(times + ((<usize>i) << 3)) - load<f64>(times + ((<usize>(i - 1)) << 3));
    if (pmin == pmax || (p >= pmin && p <= pmax)) {
      const a1 = load<f64>(values + ((<usize>(i - 1)) << 3));
      const a2 = load<f64>(values + ((<usize>i) << 3));
      const amplitudeFactor = a1 > a2 ? a1 / a2 : a2 / a1;
      if (amplitudeFactor <= maximumAmplitudeFactor) {
        numerator += Math.abs(a1 - a2);
        logSum += Math.abs(Math.log10(a1 / a2));
        pairs++;
      }
    }
  }
  if (pairs < 1) return;
  // Praat's mean amplitude runs over every point but the last.
  let denominator = 0.0;
  for (let i = 0; i < n - 1; i++) denominator += load<f64>(values + ((<usize>i) << 3));
  denominator /= <f64>(n - 1);
  shimmerLocalDb = (20.0 * logSum) / <f64>pairs;
  if (denominator != 0.0) shimmerLocal = numerator / <f64>pairs / denominator;
}
