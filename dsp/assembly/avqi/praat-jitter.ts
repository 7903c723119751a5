// Praat's jitter (local) of a point process (fon/VoiceAnalysis.cpp: PointProcess_getJitter_local,
// with fon/PointProcess.cpp: PointProcess_getMeanPeriod and PointProcess_isPeriod), over the
// whole process (time range 0, 0) as `Get jitter (local): 0, 0, pmin, pmax, factor` reads it:
// the mean absolute difference of consecutive periods whose lengths are both within pmin..pmax
// and whose ratio is at most maximumPeriodFactor, divided by the mean period. The mean period
// counts the intervals Praat's isPeriod accepts (within pmin..pmax, and not more than
// maximumPeriodFactor different from both of its neighbours). NaN where Praat says undefined.

function at(pulses: usize, i: i32): f64 {
  return load<f64>(pulses + ((<usize>i) << 3));
}

/** PointProcess_isPeriod for the interval from pulse i to i + 1 (0-based here). */
function isPeriod(pulses: usize, count: i32, i: i32, pmin: f64, pmax: f64, factor: f64): bool {
  const right = i + 1;
  if (i < 0 || right >= count) return false;
  if (pmin == pmax) return true;
  const interval = at(pulses, right) - at(pulses, i);
  if (interval <= 0.0 || interval < pmin || interval > pmax) return false;
  if (isNaN(factor) || factor < 1.0) return true;
  const previous = i <= 0 ? NaN : at(pulses, i) - at(pulses, i - 1);
  const next = right >= count - 1 ? NaN : at(pulses, right + 1) - at(pulses, right);
  let previousFactor = !isNaN(previous) && previous > 0.0 ? interval / previous : NaN;
  let nextFactor = !isNaN(next) && next > 0.0 ? interval / next : NaN;
  if (isNaN(previousFactor) && isNaN(nextFactor)) return true;
  if (!isNaN(previousFactor) && previousFactor > 0.0 && previousFactor < 1.0)
    previousFactor = 1.0 / previousFactor;
  if (!isNaN(nextFactor) && nextFactor > 0.0 && nextFactor < 1.0) nextFactor = 1.0 / nextFactor;
  if (!isNaN(previousFactor) && previousFactor > factor && !isNaN(nextFactor) && nextFactor > factor)
    return false;
  return true;
}

/** PointProcess_getMeanPeriod over the whole process; NaN without a period. */
export function praatMeanPeriod(pulses: usize, count: i32, pmin: f64, pmax: f64, factor: f64): f64 {
  let periods = 0;
  let sum = 0.0;
  for (let i = 0; i < count - 1; i++) {
    if (isPeriod(pulses, count, i, pmin, pmax, factor)) {
      periods++;
      sum += at(pulses, i + 1) - at(pulses, i);
    }
  }
  return periods > 0 ? sum / <f64>periods : NaN;
}

/** Jitter (local) as a fraction (Praat's value; the voice report prints it times 100). */
export function praatJitterLocal(pulses: usize, count: i32, pmin: f64, pmax: f64, factor: f64): f64 {
  let periods = count - 1;
  if (periods < 2) return NaN;
  let sum = 0.0;
  for (let i = 1; i < count - 1; i++) {
    const p1 = at(pulses, i) - at(pulses, i - 1);
    const p2 = at(pulses, i + 1) - at(pulses, i);
    const intervalFactor = p1 > p2 ? p1 / p2 : p2 / p1;
    if (pmin == pmax || (p1 >= pmin && p1 <= pmax && p2 >= pmin && p2 <= pmax && intervalFactor <= factor)) {
      sum += Math.abs(p1 - p2);
    } else {
      periods--;
    }
  }
  if (periods < 2) return NaN;
  return sum / <f64>(periods - 1) / praatMeanPeriod(pulses, count, pmin, pmax, factor);
}
