// Step 2 of AVQI 03.01: the voiced 30 ms windows of the sounding speech. A window is kept when
// its power exceeds 30 % of the sounding speech's power and its zero-crossing rate, counted as
// the published script counts it (hopping from the crossing nearest 2.5 ms to each next one
// until 27.5 ms, divided by the time from the first crossing to the last), is below 3000 per
// second. Windows are cut as Praat's "Extract part" (rectangular, times not preserved) and
// located with "Get nearest zero crossing" (fon/Sound.cpp: linear interpolation between the
// two samples of opposite sign, the nearer of the left and right candidates).
import { allocF64, allocI32, ld, st } from './mem';

// The window under test: samples w[0..wn), first sample at time wx1, sampling period wdx.
let w: usize = 0;
let wn: i32 = 0;
let wx1: f64 = 0;
let wdx: f64 = 0;

function crossingAt(i1: i32): f64 {
  // Between 1-based samples i1 and i1 + 1.
  const xa = wx1 + <f64>(i1 - 1) * wdx;
  const xb = wx1 + <f64>i1 * wdx;
  const ya = ld(w, i1 - 1),
    yb = ld(w, i1);
  return xa + ((xb - xa) * ya) / (ya - yb);
}

function positive(i: i32): bool {
  return ld(w, i - 1) >= 0.0;
}

// Sign changes of the window, so that each nearest-crossing query is O(1): crossing c lies
// between 1-based samples c and c + 1; prevCrossing[i] is the last crossing <= i, nextCrossing[i]
// the first >= i (0 when there is none). The published script probes sample by sample until the
// nearest crossing changes, and Praat's search scans outwards from each probe, which made this
// step quadratic in the window's length at 44-96 kHz; the answers are identical.
let prevCrossing: usize = 0;
let nextCrossing: usize = 0;
// crossingTime[c] = crossingAt(c) for each crossing c, computed once per window: the probes ask
// for the same few crossings hundreds of times.
let crossingTime: usize = 0;

function indexCrossings(): void {
  let last = 0;
  store<i32>(prevCrossing, 0);
  for (let i = 1; i <= wn; i++) {
    if (i < wn && positive(i) != positive(i + 1)) {
      last = i;
      st(crossingTime, i, crossingAt(i));
    }
    store<i32>(prevCrossing + ((<usize>i) << 2), last);
  }
  let next = 0;
  store<i32>(nextCrossing + ((<usize>(wn + 1)) << 2), 0);
  for (let i = wn; i >= 1; i--) {
    if (i < wn && positive(i) != positive(i + 1)) next = i;
    store<i32>(nextCrossing + ((<usize>i) << 2), next);
  }
}

/** Praat's Sound_getNearestZeroCrossing on the window; NaN when there is none. */
function nearestZeroCrossing(position: f64): f64 {
  const leftSample = <i32>Math.floor((position - wx1) / wdx + 1.0);
  const rightSample = leftSample + 1;
  if (leftSample >= 1 && rightSample <= wn && positive(leftSample) != positive(rightSample))
    return ld(crossingTime, leftSample);
  if (leftSample > wn) return NaN;
  // Praat scans left from leftSample - 1 for a sign change (a crossing index <= leftSample - 1).
  const left = leftSample - 1 >= 1 ? load<i32>(prevCrossing + ((<usize>(leftSample - 1)) << 2)) : 0;
  if (rightSample < 1) return NaN;
  // ... and right from rightSample + 1 (a crossing index >= rightSample).
  const right = rightSample <= wn - 1 ? load<i32>(nextCrossing + ((<usize>rightSample) << 2)) : 0;
  if (left == 0 && right == 0) return NaN;
  if (left == 0) return ld(crossingTime, right);
  if (right == 0) return ld(crossingTime, left);
  const leftZero = ld(crossingTime, left);
  const rightZero = ld(crossingTime, right);
  return position - leftZero < rightZero - position ? leftZero : rightZero;
}

/** The published script's crossing rate of the current window (crossings per second), NaN if undefined. */
function crossingRate(): f64 {
  indexCrossings();
  const first = nearestZeroCrossing(0.0025);
  if (isNaN(first)) return NaN;
  let at = first;
  let probe = first + wdx;
  let next = nearestZeroCrossing(probe);
  let steps = 0;
  let gap: f64 = NaN;
  while (!isNaN(at) && at < 0.0275) {
    while (!isNaN(next) && next == at) {
      probe += wdx;
      next = nearestZeroCrossing(probe);
    }
    gap = next - first; // NaN when the search ran off the window's end
    steps++;
    at = next;
  }
  if (!isNaN(gap) && gap > 0.0) return <f64>steps / gap;
  return NaN;
}

/**
 * The sum of x[i]^2, i < n, in four partial sums (i mod 4) added as (0 + 2) + (1 + 3), then the
 * tail: four independent chains of additions instead of one (the order differs from one running
 * sum by rounding only). SIMD holds two partial sums per lane pair; the scalar build runs the same
 * additions in the same order.
 */
function sumOfSquares(x: usize, n: i32): f64 {
  let i = 0;
  let total: f64 = 0;
  if (ASC_FEATURE_SIMD) {
    let a = f64x2.splat(0.0);
    let b = f64x2.splat(0.0);
    for (; i + 4 <= n; i += 4) {
      const o = (<usize>i) << 3;
      const u = v128.load(x + o);
      const v = v128.load(x + o + 16);
      a = f64x2.add(a, f64x2.mul(u, u));
      b = f64x2.add(b, f64x2.mul(v, v));
    }
    const ab = f64x2.add(a, b);
    total = f64x2.extract_lane(ab, 0) + f64x2.extract_lane(ab, 1);
  } else {
    let s0: f64 = 0,
      s1: f64 = 0,
      s2: f64 = 0,
      s3: f64 = 0;
    for (; i + 4 <= n; i += 4) {
      const a0 = ld(x, i),
        a1 = ld(x, i + 1),
        a2 = ld(x, i + 2),
        a3 = ld(x, i + 3);
      s0 += a0 * a0;
      s1 += a1 * a1;
      s2 += a2 * a2;
      s3 += a3 * a3;
    }
    total = s0 + s2 + (s1 + s3);
  }
  for (; i < n; i++) total += ld(x, i) * ld(x, i);
  return total;
}

let keptWindows: i32 = 0;

/**
 * Appends the voiced windows of `sounding` (n samples at `rate`) to `out` from index `at`;
 * returns the new end index. keptWindowCount() tells how many windows were kept.
 */
export function appendVoicedWindows(sounding: usize, n: i32, rate: f64, out: usize, at: i32): i32 {
  const dx = 1.0 / rate;
  const x1 = 0.5 * dx;
  const end = <f64>n * dx;
  const threshold = (sumOfSquares(sounding, n) / <f64>n / 400.0) * 0.3;
  w = allocF64(<i32>Math.ceil(0.03 * rate) + 2);
  prevCrossing = allocI32(<i32>Math.ceil(0.03 * rate) + 4);
  nextCrossing = allocI32(<i32>Math.ceil(0.03 * rate) + 4);
  crossingTime = allocF64(<i32>Math.ceil(0.03 * rate) + 4);
  wdx = dx;
  keptWindows = 0;
  let start: f64 = 0.0;
  while (start + 0.03 < end - 0.03) {
    const first = 1 + <i32>Math.ceil((start - x1) / dx);
    const last = 1 + <i32>Math.floor((start + 0.03 - x1) / dx);
    wn = last - first + 1;
    wx1 = x1 + <f64>(first - 1) * dx - start;
    if (first >= 1 && last <= n) memory.copy(w, sounding + ((<usize>(first - 1)) << 3), (<usize>wn) << 3);
    else {
      for (let i = 0; i < wn; i++) {
        const s = first + i;
        st(w, i, s >= 1 && s <= n ? ld(sounding, s - 1) : 0.0);
      }
    }
    const power = sumOfSquares(w, wn) / <f64>wn / 400.0;
    if (power > threshold) {
      const rate_ = crossingRate();
      if (!isNaN(rate_) && rate_ < 3000.0) {
        for (let i = 0; i < wn; i++) st(out, at + i, ld(w, i));
        at += wn;
        keptWindows++;
      }
    }
    start += 0.03;
  }
  return at;
}

export function keptWindowCount(): i32 {
  return keptWindows;
}
