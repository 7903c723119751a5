// Praat's averages over a sampled function (fon/Sampled.cpp, Sampled_getMean): with
// interpolation (the area under the linearly interpolated curve, used to smooth the
// cepstrogram) and without (the area under the step function, used for LTAS bands and slopes).
// Values are read from p with a stride (in f64), 1-based index i at p + (i - 1) * stride.
import { ld } from './mem';

function value(p: usize, stride: i32, i: i32): f64 {
  return ld(p, (i - 1) * stride);
}

/** Mean of the linearly interpolated curve over [xmin, xmax] within the domain [domMin, domMax]. */
export function interpolatedMean(
  p: usize,
  stride: i32,
  nx: i32,
  x1: f64,
  dx: f64,
  domMin: f64,
  domMax: f64,
  xmin0: f64,
  xmax0: f64,
): f64 {
  let xmin = xmin0,
    xmax = xmax0;
  if (xmin == xmax) return NaN;
  if (xmin < domMin) xmin = domMin;
  if (xmax > domMax) xmax = domMax;
  if (xmax <= xmin) return NaN;
  let imin = 1 + <i32>Math.ceil((xmin - x1) / dx);
  let imax = 1 + <i32>Math.floor((xmax - x1) / dx);
  if (imin < 1) imin = 1;
  if (imax > nx) imax = nx;
  if (imin > imax) {
    // No sample centre inside: the value of the curve in the middle (never the case for the
    // assessment's windows, which span several samples).
    const mid = (0.5 * (xmin + xmax) - x1) / dx + 1.0;
    let i = <i32>Math.floor(mid);
    if (i < 1) i = 1;
    if (i >= nx) return value(p, stride, nx);
    const f = mid - <f64>i;
    return value(p, stride, i) * (1.0 - f) + value(p, stride, i + 1) * f;
  }
  let sum: f64 = 0,
    range: f64 = 0;
  for (let i = imin; i <= imax; i++) {
    sum += value(p, stride, i);
    range += 1.0;
  }
  const leftEdge = x1 - 0.5 * dx;
  const rightEdge = leftEdge + <f64>nx * dx;
  if (xmin > leftEdge) {
    let phase = (x1 + <f64>(imin - 1) * dx - xmin) / dx;
    const right = value(p, stride, imin);
    range -= 0.5;
    sum -= 0.5 * right;
    if (imin - 1 >= 1) {
      const left = value(p, stride, imin - 1);
      range += phase;
      sum += phase * (right + 0.5 * phase * (left - right));
    } else {
      if (phase > 0.5) phase = 0.5;
      range += phase;
      sum += phase * right;
    }
  }
  if (xmax < rightEdge) {
    let phase = (xmax - (x1 + <f64>(imax - 1) * dx)) / dx;
    const left = value(p, stride, imax);
    range -= 0.5;
    sum -= 0.5 * left;
    if (imax + 1 <= nx) {
      const right = value(p, stride, imax + 1);
      range += phase;
      sum += phase * (left + 0.5 * phase * (right - left));
    } else {
      if (phase > 0.5) phase = 0.5;
      range += phase;
      sum += phase * left;
    }
  }
  return range <= 0.0 ? NaN : sum / range;
}

/** Mean of the step function (each sample holds over its own sampling interval) over [xmin, xmax]. */
export function stepMean(
  p: usize,
  stride: i32,
  nx: i32,
  x1: f64,
  dx: f64,
  domMin: f64,
  domMax: f64,
  xmin0: f64,
  xmax0: f64,
): f64 {
  let xmin = xmin0,
    xmax = xmax0;
  if (xmin >= xmax) {
    xmin = domMin;
    xmax = domMax;
  }
  if (xmin < domMin) xmin = domMin;
  if (xmax > domMax) xmax = domMax;
  if (xmax <= xmin) return NaN;
  const rimin = (xmin - x1) / dx + 1.0,
    rimax = (xmax - x1) / dx + 1.0;
  let sum: f64 = 0,
    range: f64 = 0;
  if (rimax >= 0.5 && rimin < <f64>nx + 0.5) {
    const imin = rimin < 0.5 ? 0 : <i32>Math.floor(rimin + 0.5);
    const imax = rimax >= <f64>nx + 0.5 ? nx + 1 : <i32>Math.floor(rimax + 0.5);
    for (let i = imin + 1; i < imax; i++) {
      sum += value(p, stride, i);
      range += 1.0;
    }
    if (imin == imax) {
      if (imin >= 1 && imin <= nx) {
        const phase = rimax - rimin;
        sum += phase * value(p, stride, imin);
        range += phase;
      }
    } else {
      if (imin >= 1) {
        const phase = <f64>imin - rimin + 0.5;
        sum += phase * value(p, stride, imin);
        range += phase;
      }
      if (imax <= nx) {
        const phase = rimax - <f64>imax + 0.5;
        sum += phase * value(p, stride, imax);
        range += phase;
      }
    }
  }
  return range <= 0.0 ? NaN : sum / range;
}
