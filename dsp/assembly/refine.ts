// The period the engine reports, refined on a smoothed difference function (issue 22).
//
// YIN's three-point vertex (yin.ts parabolic) divides the slope of d(tau) by its curvature, both
// from the three lags around the dip. Noise in the voice (breath) shakes each lag of d on its
// own, so the curvature from three lags scatters (coefficient of variation 0.25 on a D4 note
// with breath noise 12 dB below, 0.06 without), and a slope divided by a scattered curvature is
// biased: the vertex is thrown furthest when the curvature comes out small, and mostly towards
// the side the true period lies on. On that note the frames leaned 0.42 c flat (mean; median
// 0.16 c) with an SD of 3.2 c, and pitchy read the note closer (docs/pitch-matching.md).
//
// Here d is first smoothed over lags with the kernel [1 2 1]. A symmetric kernel keeps a dip
// that is symmetric about the period symmetric about it (a steady voice's d is), and it turns a
// cosine into a cosine of the same frequency, so on a clean voice the vertex hardly moves (a
// median of 0.002-0.01 c on the bench's synthetic voices); the noise that differs from lag to
// lag is averaged out, and the curvature scatters as without noise (0.07): the frames above lean
// 0.22 c flat (pitchy's 0.28 c) with an SD of 2.8 c. Wider fits (a weighted least-squares
// quadratic over seven lags, a parabola through lags two apart) remove the lean too, but a dip
// is a parabola only near its bottom: they read the clean synthetic sopranos 0.25-0.4 c further
// from their true pitch (median).
//
// Only the reported frequency is refined here: the tracker still chooses among the candidates
// by their three-point periods, so which frames are voiced, and at which octave, is unchanged.

import { diff, searchMaxLag } from './yin';

/** The period (samples) near `period`, from the vertex of the smoothed d around its nearest lag. */
export function reportedPeriod(period: f64): f64 {
  const tau = <i32>Math.round(period);
  // The smoothed d at tau - 1 and tau + 1 reads d two lags either side.
  if (tau < 3 || tau + 2 > searchMaxLag() + 1) return period;
  const m2 = <f64>unchecked(diff[tau - 2]);
  const m1 = <f64>unchecked(diff[tau - 1]);
  const d0 = <f64>unchecked(diff[tau]);
  const p1 = <f64>unchecked(diff[tau + 1]);
  const p2 = <f64>unchecked(diff[tau + 2]);
  const left = m2 + 2.0 * m1 + d0;
  const centre = m1 + 2.0 * d0 + p1;
  const right = d0 + 2.0 * p1 + p2;
  const curvature = left - 2.0 * centre + right;
  if (curvature <= 0) return period;
  const shift = (0.5 * (left - right)) / curvature;
  return <f64>tau + (shift > 0.5 ? 0.5 : shift < -0.5 ? -0.5 : shift);
}
