// Praat's peak refinement for correlation curves (melder/NUMinterpol.cpp, dwsys/NUM2.cpp):
// windowed-sinc interpolation of a sampled curve and Brent's minimisation around a peak. Written
// from the published algorithm so that our pitch candidates land where Praat's do; the arrays are
// 1-based like Praat's (element k at base + (k - 1) * 8), which keeps the index arithmetic equal.

/** Praat's sinc depths: a peak refined with "sinc70" interpolates over 70 samples each side. */
export const SINC70: i32 = 70;
export const SINC700: i32 = 700;

const GOLDEN: f64 = 1.0 - 0.6180339887498948482;
/** sqrt of the machine epsilon Praat's NUMfpp reports (LAPACK dlamch 'e' = 2^-53). */
const SQRT_EPSILON: f64 = 1.0536712127723509e-8;

function at(y: usize, k: i32): f64 {
  return load<f64>(y + ((<usize>(k - 1)) << 3));
}

/**
 * The value at real index x (1-based) of the curve y[1..size], interpolated with a Hann-tapered
 * sinc over at most maxDepth samples each side (NUM_interpolate_sinc). The sines advance by the
 * same rotation recurrence Praat uses, so rounding matches closely.
 */
export function interpolateSinc(y: usize, size: i32, x: f64, maxDepth: i32): f64 {
  const midleft = <i32>Math.floor(x);
  const midright = midleft + 1;
  if (size < 1) return NaN;
  if (x < 1) return at(y, 1);
  if (x > <f64>size) return at(y, size);
  if (x == <f64>midleft) return at(y, midleft);
  let depth = maxDepth;
  if (depth > midright - 1) depth = midright - 1;
  if (depth > size - midleft) depth = size - midleft;
  if (depth <= 0) return at(y, <i32>Math.floor(x + 0.5));
  if (depth == 1) return at(y, midleft) + (x - <f64>midleft) * (at(y, midright) - at(y, midleft));
  if (depth == 2) {
    const yl = at(y, midleft);
    const yr = at(y, midright);
    const dyl = 0.5 * (yr - at(y, midleft - 1));
    const dyr = 0.5 * (at(y, midright + 1) - yl);
    const fil = x - <f64>midleft;
    const fir = <f64>midright - x;
    return yl * fir + yr * fil - fil * fir * (0.5 * (dyr - dyl) + (fil - 0.5) * (dyl + dyr - 2 * (yr - yl)));
  }
  const left = midright - depth;
  const right = midleft + depth;
  // Left of x: samples midleft down to left; right of x: midright up to right. Each term is
  // y * (1/2 sin a / a) * (1 + cos aa), the sines advanced by rotation as in Praat.
  // sin(pi (midright - x)) = sin(pi (x - midleft)): one sine serves both sides (they differ by
  // rounding only, about 1e-16).
  let a = Math.PI * (x - <f64>midleft);
  const halfSin = 0.5 * Math.sin(a);
  let daa = Math.PI / (x - <f64>left + 1.0);
  let result = sincSide(y, midleft, -1, midleft - left + 1, a, halfSin, a / (x - <f64>left + 1.0), daa);
  a = Math.PI * (<f64>midright - x);
  daa = Math.PI / (<f64>right - x + 1.0);
  result += sincSide(y, midright, 1, right - midright + 1, a, halfSin, a / (<f64>right - x + 1.0), daa);
  return result;
}

// Taylor coefficients: (-1)^k / (2k + 1)! for the sine, (-1)^k / (2k)! for the cosine.
const S1: f64 = -1.0 / 6.0;
const S2: f64 = 1.0 / 120.0;
const S3: f64 = -1.0 / 5040.0;
const S4: f64 = 1.0 / 362880.0;
const S5: f64 = -1.0 / 39916800.0;
const C1: f64 = -0.5;
const C2: f64 = 1.0 / 24.0;
const C3: f64 = -1.0 / 720.0;
const C4: f64 = 1.0 / 40320.0;
const C5: f64 = -1.0 / 3628800.0;

let sinOut: f64 = 0;
let cosOut: f64 = 0;

/**
 * sin and cos of an angle in [0, pi]. The window's angles are at most pi / depth (0.105 for the
 * sinc-30 strengths, 0.045 for sinc-70): there six terms of each Taylor series are exact to
 * rounding (the next term is under 1e-20), at a fraction of a general sine's cost; larger angles
 * (depths clipped near the ends of the curve) take the library's.
 */
function sinCos(x: f64): void {
  if (x < 0.11) {
    // The same six terms in Horner form with the factorials' reciprocals as constants: products
    // instead of ten chained divisions (the results differ in the last bit at most).
    const z = x * x;
    sinOut = x + x * z * (S1 + z * (S2 + z * (S3 + z * (S4 + z * S5))));
    cosOut = 1.0 + z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * C5))));
    return;
  }
  NativeMath.sincos(x);
  sinOut = NativeMath.sincos_sin;
  cosOut = NativeMath.sincos_cos;
}

/** One side's sum of `count` sinc terms from sample `from` in direction `step` (+1 or -1). */
function sincSide(
  y: usize,
  from: i32,
  step: i32,
  count: i32,
  a0: f64,
  halfsina0: f64,
  aa: f64,
  daa: f64,
): f64 {
  sinCos(aa);
  let cosaa = cosOut;
  let sinaa = sinOut;
  sinCos(daa);
  const cosdaa = cosOut;
  const sindaa = sinOut;
  let a = a0;
  let halfsina = halfsina0;
  let ix = from;
  let k = 0;
  let result = 0.0;
  if (ASC_FEATURE_SIMD && count >= 8) {
    // Four terms per step in two independent pairs of lanes (terms k, k + 1 and k + 2, k + 3).
    // The window needs only the cosines of aa + k daa: each lane steps four terms at a time by
    // the three-term recurrence cos(t + 4 daa) = 2 cos(4 daa) cos t - cos(t - 4 daa), one
    // product and one subtraction where a rotation takes four products and two additions (its
    // sines are never read). Over the at most 18 steps of a sinc-70 side its rounding stays
    // within about 1e-14 of the rotation's.
    const cos1 = cosaa * cosdaa - sinaa * sindaa;
    const sin1 = cosaa * sindaa + sinaa * cosdaa;
    const cos2 = cosdaa * cosdaa - sindaa * sindaa;
    const sin2 = 2.0 * cosdaa * sindaa;
    const c0 = f64x2.replace_lane(f64x2.splat(cosaa), 1, cos1);
    const s0 = f64x2.replace_lane(f64x2.splat(sinaa), 1, sin1);
    const c1 = f64x2.sub(f64x2.mul(c0, f64x2.splat(cos2)), f64x2.mul(s0, f64x2.splat(sin2)));
    const s1 = f64x2.add(f64x2.mul(c0, f64x2.splat(sin2)), f64x2.mul(s0, f64x2.splat(cos2)));
    const cos4 = f64x2.splat(cos2 * cos2 - sin2 * sin2);
    const sin4 = f64x2.splat(2.0 * cos2 * sin2);
    const twoCos4 = f64x2.add(cos4, cos4);
    // The cosines four terms back: t - 4 daa.
    let p0 = f64x2.add(f64x2.mul(c0, cos4), f64x2.mul(s0, sin4));
    let p1 = f64x2.add(f64x2.mul(c1, cos4), f64x2.mul(s1, sin4));
    let q0 = c0;
    let q1 = c1;
    let av0 = f64x2.replace_lane(f64x2.splat(a), 1, a + Math.PI);
    let av1 = f64x2.add(av0, f64x2.splat(2.0 * Math.PI));
    const fourPi = f64x2.splat(4.0 * Math.PI);
    const h = f64x2.replace_lane(f64x2.splat(halfsina), 1, -halfsina);
    const one = f64x2.splat(1.0);
    let sum0 = f64x2.splat(0.0);
    let sum1 = f64x2.splat(0.0);
    for (; k + 3 < count; k += 4) {
      let y0: v128;
      let y1: v128;
      if (step > 0) {
        y0 = v128.load(y + ((<usize>(ix - 1)) << 3));
        y1 = v128.load(y + ((<usize>(ix + 1)) << 3));
      } else {
        const l0 = v128.load(y + ((<usize>(ix - 2)) << 3)); // (y[ix - 1], y[ix])
        const l1 = v128.load(y + ((<usize>(ix - 4)) << 3)); // (y[ix - 3], y[ix - 2])
        y0 = v128.shuffle<f64>(l0, l0, 1, 0);
        y1 = v128.shuffle<f64>(l1, l1, 1, 0);
      }
      sum0 = f64x2.add(sum0, f64x2.mul(y0, f64x2.mul(f64x2.div(h, av0), f64x2.add(one, q0))));
      sum1 = f64x2.add(sum1, f64x2.mul(y1, f64x2.mul(f64x2.div(h, av1), f64x2.add(one, q1))));
      av0 = f64x2.add(av0, fourPi);
      av1 = f64x2.add(av1, fourPi);
      const n0 = f64x2.sub(f64x2.mul(twoCos4, q0), p0);
      p0 = q0;
      q0 = n0;
      const n1 = f64x2.sub(f64x2.mul(twoCos4, q1), p1);
      p1 = q1;
      q1 = n1;
      ix += 4 * step;
    }
    const sum = f64x2.add(sum0, sum1);
    result = f64x2.extract_lane(sum, 0) + f64x2.extract_lane(sum, 1);
    a = f64x2.extract_lane(av0, 0);
    // At most three terms are left: their cosines are the next step's lanes.
    const tail0 = f64x2.extract_lane(q0, 0);
    const tail1 = f64x2.extract_lane(q0, 1);
    const tail2 = f64x2.extract_lane(q1, 0);
    for (let t = 0; k < count; k++, t++) {
      const c = t == 0 ? tail0 : t == 1 ? tail1 : tail2;
      result += at(y, ix) * ((halfsina / a) * (1.0 + c));
      a += Math.PI;
      halfsina = -halfsina;
      ix += step;
    }
    return result;
  }
  for (; k < count; k++) {
    const d = (halfsina / a) * (1.0 + cosaa);
    result += at(y, ix) * d;
    a += Math.PI;
    const help = cosaa * cosdaa - sinaa * sindaa;
    sinaa = cosaa * sindaa + sinaa * cosdaa;
    cosaa = help;
    halfsina = -halfsina;
    ix += step;
  }
  return result;
}

let curveBase: usize = 0;
let curveSize: i32 = 0;
let curveDepth: i32 = 0;

function negatedCurve(x: f64): f64 {
  return -interpolateSinc(curveBase, curveSize, x, curveDepth);
}

/** Where improveMaximum() put the peak (real 1-based index). */
export let improvedIndex: f64 = 0;

/**
 * The interpolated maximum near the local maximum at index ixmid of y[1..size]
 * (NUMimproveMaximum with sinc interpolation): Brent's minimisation of the negated curve on
 * [ixmid - 1, ixmid + 1], tolerance `tol` samples (Praat: 1e-10). Returns the peak value; improvedIndex its place.
 */
export function improveMaximum(y: usize, size: i32, ixmid: i32, depth: i32, tol: f64 = 1e-10): f64 {
  if (ixmid <= 1) {
    improvedIndex = 1;
    return at(y, 1);
  }
  if (ixmid >= size) {
    improvedIndex = <f64>size;
    return at(y, size);
  }
  curveBase = y;
  curveSize = size;
  curveDepth = depth;
  let a = <f64>(ixmid - 1);
  let b = <f64>(ixmid + 1);
  let v = a + GOLDEN * (b - a);
  let fv = negatedCurve(v);
  let x = v;
  let w = v;
  let fx = fv;
  let fw = fv;
  for (let iter = 1; iter <= 60; iter++) {
    const middle = (a + b) / 2.0;
    const tolAct = SQRT_EPSILON * Math.abs(x) + tol / 3.0;
    const range = b - a;
    if (Math.abs(x - middle) + range / 2.0 <= 2.0 * tolAct) break;
    let step = GOLDEN * (x < middle ? b - x : a - x);
    if (Math.abs(x - w) >= tolAct) {
      const t = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * t;
      q = 2.0 * (q - t);
      if (q > 0.0) p = -p;
      else q = -q;
      if (
        Math.abs(p) < Math.abs(step * q) &&
        p > q * (a - x + 2.0 * tolAct) &&
        p < q * (b - x - 2.0 * tolAct)
      ) {
        step = p / q;
      }
    }
    if (Math.abs(step) < tolAct) step = step > 0.0 ? tolAct : -tolAct;
    const t = x + step;
    const ft = negatedCurve(t);
    if (ft <= fx) {
      if (t < x) b = x;
      else a = x;
      v = w;
      w = x;
      x = t;
      fv = fw;
      fw = fx;
      fx = ft;
    } else {
      if (t < x) a = t;
      else b = t;
      if (ft <= fw || w == x) {
        v = w;
        w = t;
        fv = fw;
        fw = ft;
      } else if (ft <= fv || v == x || v == w) {
        v = t;
        fv = ft;
      }
    }
  }
  improvedIndex = x;
  return -fx;
}

/** Spacing of the three probes of refineMaximum, in samples. */
const PROBE: f64 = 0.02;

/**
 * The interpolated maximum near the local maximum at index ixmid of y[1..size], starting from x0
 * (the parabola through the three samples around ixmid, which lies within about 1e-3 sample of
 * the interpolant's peak for the periods a pitch analysis sees). The curve is probed at x - 0.02,
 * x and x + 0.02; the parabola through the probes puts the peak within about 1e-4 sample (its
 * error is the curve's third derivative over its second times the square of the distances), and
 * the value there is the result: four evaluations of the sinc interpolant instead of the eight
 * or more that Brent's minimisation (improveMaximum, Praat's NUMimproveMaximum) needs to close
 * its bracket to 1e-3 sample, for a peak as close or closer. Where the probes do not bracket a
 * concave peak near x (never on the fixtures' voiced frames, but possible on odd curves), Brent
 * decides. improvedIndex gets the place.
 */
export function refineMaximum(y: usize, size: i32, ixmid: i32, x0: f64, depth: i32, tol: f64): f64 {
  if (ixmid <= 1 || ixmid >= size) return improveMaximum(y, size, ixmid, depth, tol);
  const lo = <f64>(ixmid - 1) + PROBE;
  const hi = <f64>(ixmid + 1) - PROBE;
  let x = x0 < lo ? lo : x0 > hi ? hi : x0;
  if (!(x == x)) x = <f64>ixmid;
  for (let attempt = 0; attempt < 3; attempt++) {
    const fl = interpolateSinc(y, size, x - PROBE, depth);
    const fc = interpolateSinc(y, size, x, depth);
    const fr = interpolateSinc(y, size, x + PROBE, depth);
    const d2 = fl - 2.0 * fc + fr;
    if (!(d2 < 0.0)) break;
    const step = (0.5 * PROBE * (fl - fr)) / d2;
    if (Math.abs(step) <= PROBE) {
      const xn = x + step;
      const fn = interpolateSinc(y, size, xn, depth);
      if (fn >= fc) {
        improvedIndex = xn;
        return fn;
      }
      improvedIndex = x;
      return fc;
    }
    // The peak is further away than expected: probe again around the parabola's vertex.
    const next = x + step;
    if (next < lo || next > hi) break;
    x = next;
  }
  return improveMaximum(y, size, ixmid, depth, tol);
}
