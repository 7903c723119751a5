// Local, Praat-cc-like harmonicity. The YIN correlation uses one lag for the whole 4096-sample
// window, so any pitch movement (speech, vibrato) lowers it even in a clean voice. Here the
// window is cut into one-period segments; each is cross-correlated with the next period at
// the lag that fits best locally (tracked +-2 samples from the previous segment), and the
// normalised peaks are averaged with energy weights. HNR = 10 log10(r / (1 - r)) follows.

const TRACK: i32 = 2;

let bestLag: i32 = 0;
let bestNsdf: f64 = 0;
let bestEnergy: f64 = 0;
let winLen: i32 = 4096;
let bestShift: f64 = 0;

/**
 * Cycle-level perturbation of the last localPeriodicity() call, on period-long segments
 * (Praat's RAP and APQ3 definitions): jitter = mean |P(i) - (P(i-1) + P(i+1)) / 2| / mean P,
 * with P(i) the refined lag that best matches segment i to the next period; shimmer = the
 * same with A(i), the RMS of segment i. Fractions (0.01 = 1 %); 0 with fewer than 4 periods.
 */
export let jitterLocal: f64 = 0;
export let shimmerLocal: f64 = 0;

// Normalised square difference 2 sum(a b) / sum(a^2 + b^2) between x[start..start+len) and the
// same span `lag` later. f32x4 over four samples at a time; the tail is done scalar.
function nsdfAt(x: StaticArray<f32>, start: i32, len: i32, lag: i32): f64 {
  if (!ASC_FEATURE_SIMD) return nsdfScalar(x, start, len, lag);
  const base = changetype<usize>(x);
  let cv = f32x4.splat(0);
  let ev = f32x4.splat(0);
  let j = start;
  const end4 = start + (len & ~3);
  for (; j < end4; j += 4) {
    const a = v128.load(base + ((<usize>j) << 2));
    const b = v128.load(base + ((<usize>(j + lag)) << 2));
    cv = f32x4.add(cv, f32x4.mul(a, b));
    ev = f32x4.add(ev, f32x4.add(f32x4.mul(a, a), f32x4.mul(b, b)));
  }
  let c = <f64>(
    (f32x4.extract_lane(cv, 0) +
      f32x4.extract_lane(cv, 1) +
      f32x4.extract_lane(cv, 2) +
      f32x4.extract_lane(cv, 3))
  );
  let e = <f64>(
    (f32x4.extract_lane(ev, 0) +
      f32x4.extract_lane(ev, 1) +
      f32x4.extract_lane(ev, 2) +
      f32x4.extract_lane(ev, 3))
  );
  for (; j < start + len; j++) {
    const a = <f64>unchecked(x[j]);
    const b = <f64>unchecked(x[j + lag]);
    c += a * b;
    e += a * a + b * b;
  }
  bestEnergy = e;
  return e > 0 ? (2.0 * c) / e : 0;
}

function nsdfScalar(x: StaticArray<f32>, start: i32, len: i32, lag: i32): f64 {
  let c: f32 = 0,
    e: f32 = 0;
  for (let j = start; j < start + len; j++) {
    const a = unchecked(x[j]);
    const b = unchecked(x[j + lag]);
    c += a * b;
    e += a * a + b * b;
  }
  bestEnergy = <f64>e;
  return e > 0 ? (2.0 * <f64>c) / <f64>e : 0;
}

// Best lag in [lo, hi] for one segment, with a parabolic refinement of the peak height.
function searchSegment(x: StaticArray<f32>, start: i32, len: i32, lo: i32, hi: i32): void {
  let best = lo;
  let top: f64 = -2,
    before: f64 = -2,
    after: f64 = -2,
    prev: f64 = -2,
    energyAtBest: f64 = 0;
  for (let lag = lo; lag <= hi; lag++) {
    const v = nsdfAt(x, start, len, lag);
    if (v > top) {
      top = v;
      best = lag;
      before = prev;
      energyAtBest = bestEnergy;
      after = -2;
    } else if (lag == best + 1) after = v;
    prev = v;
  }
  if (best == hi && hi + start + len < winLen) after = nsdfAt(x, start, len, hi + 1);
  if (best == lo && lo > 1) before = nsdfAt(x, start, len, lo - 1);
  const den = before - 2.0 * top + after;
  let peak = top;
  bestShift = 0;
  if (before > -2 && after > -2 && den < 0) {
    peak = top - ((before - after) * (before - after)) / (8.0 * den);
    bestShift = (before - after) / (2.0 * den);
    bestShift = bestShift > 0.5 ? 0.5 : bestShift < -0.5 ? -0.5 : bestShift;
  }
  bestLag = best;
  bestNsdf = peak > 1 ? 1 : peak;
  bestEnergy = energyAtBest;
}

/** Energy-weighted mean of the per-period normalised correlation peaks, 0..1. */
export function localPeriodicity(x: StaticArray<f32>, period: f64, n: i32): f64 {
  winLen = n;
  const tau = <i32>Math.round(period);
  if (tau < 2) return 0;
  const wide = max<i32>(TRACK, <i32>Math.ceil(0.04 * <f64>tau));
  let lag = tau;
  let weighted: f64 = 0,
    total: f64 = 0;
  let first = true;
  let periods = 0;
  let p0: f64 = 0,
    p1: f64 = 0,
    a0: f64 = 0,
    a1: f64 = 0,
    periodSum: f64 = 0,
    ampSum: f64 = 0,
    periodDev: f64 = 0,
    ampDev: f64 = 0;
  for (let start = 0; start + tau + lag + wide + 1 < n; start += tau) {
    const radius = first ? wide : TRACK;
    searchSegment(x, start, tau, max<i32>(2, lag - radius), lag + radius);
    first = false;
    lag = bestLag;
    const r = bestNsdf < 0 ? 0 : bestNsdf;
    weighted += r * bestEnergy;
    total += bestEnergy;
    const p = <f64>bestLag + bestShift;
    let sq: f64 = 0;
    for (let j = start; j < start + tau; j++) {
      const v = <f64>unchecked(x[j]);
      sq += v * v;
    }
    const amp = Math.sqrt(sq / <f64>tau);
    // Deviation of the middle cycle from the mean of its neighbours (Praat's RAP and APQ3):
    // a smooth change of pitch or loudness (vibrato, a glide, a crescendo) is not perturbation.
    if (periods >= 2) {
      periodDev += Math.abs(p1 - (p0 + p) * 0.5);
      ampDev += Math.abs(a1 - (a0 + amp) * 0.5);
    }
    p0 = p1;
    p1 = p;
    a0 = a1;
    a1 = amp;
    periodSum += p;
    ampSum += amp;
    periods++;
  }
  const triples = <f64>(periods - 2);
  jitterLocal = periods >= 4 && periodSum > 0 ? periodDev / triples / (periodSum / <f64>periods) : 0;
  shimmerLocal = periods >= 4 && ampSum > 0 ? ampDev / triples / (ampSum / <f64>periods) : 0;
  return total > 0 ? weighted / total : 0;
}
