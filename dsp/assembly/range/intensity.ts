// Praat's intensity analysis (fon/Sound_to_Intensity.cpp, Sound_to_Intensity_ as `To Intensity:
// minimumPitch, timeStep, "no"` runs it, i.e. not "very accurate" and the mean pressure kept):
// a Kaiser-like window (the zeroth-order modified Bessel function of (2 pi^2 + 0.5) sqrt(1 - x^2),
// Praat's NUMbessel_i0_f polynomial) of 6.4 / minimumPitch seconds, every timeStep seconds
// (0: 0.8 / minimumPitch), frames placed by Sampled_shortTermAnalysis; each frame's
// sum(x^2 w) / sum(w) read as Pa^2 and given in dB re (2e-5 Pa)^2, -300 dB below 1e-30.
// And `Get value at time: t, "linear"` (fon/Vector.cpp Vector_getValueAtX with
// melder/NUMinterpol.cpp NUM_interpolate_sinc at depth 1).

import { allocF64 } from '../avqi/mem';
import { besselI0 } from '../avqi/bessel';

export let intensityFrames: i32 = 0;
export let intensityX1: f64 = 0;
export let intensityDt: f64 = 0;
export let intensityDb: usize = 0;

/**
 * The intensity of signal[0..nx) (first sample at half a sample period, values taken as Pa).
 * Returns false when the sound is shorter than the 6.4 / minimumPitch window (Praat refuses).
 */
export function praatIntensity(sig: usize, nx: i32, dx: f64, minimumPitch: f64, timeStepIn: f64): bool {
  intensityFrames = 0;
  const logicalWindow = 3.2 / minimumPitch;
  const timeStep = timeStepIn > 0.0 ? timeStepIn : logicalWindow / 4.0;
  const physicalWindow = 2.0 * logicalWindow;
  const halfWindow = 0.5 * physicalWindow;
  const halfSamples = <i32>Math.floor(halfWindow / dx);
  const windowSamples = 2 * halfSamples + 1;
  const centre = halfSamples + 1;
  const window = allocF64(windowSamples + 1); // 1-based, as Praat's
  for (let i = 1; i <= windowSamples; i++) {
    const x = (<f64>(i - centre) * dx) / halfWindow;
    const r = 1.0 - x * x;
    const root = Math.sqrt(r < 0.0 ? 0.0 : r);
    store<f64>(window + ((<usize>i) << 3), besselI0((2.0 * Math.PI * Math.PI + 0.5) * root));
  }
  // Sampled_shortTermAnalysis.
  const duration = dx * <f64>nx;
  if (physicalWindow > duration) return false;
  const frames = <i32>Math.floor((duration - physicalWindow) / timeStep) + 1;
  const x1Sound = 0.5 * dx;
  const ourMid = x1Sound - 0.5 * dx + 0.5 * duration;
  const t1 = ourMid - 0.5 * (<f64>frames * timeStep) + 0.5 * timeStep;
  intensityFrames = frames;
  intensityX1 = t1;
  intensityDt = timeStep;
  intensityDb = allocF64(frames);
  for (let f = 1; f <= frames; f++) {
    const mid = t1 + <f64>(f - 1) * timeStep;
    // Sampled_xToNearestIndex: Melder_iround ((x - x1) / dx + 1).
    const centreSample = <i32>Math.floor((mid - x1Sound) / dx + 1.0 + 0.5);
    let left = centreSample - halfSamples;
    let right = centreSample + halfSamples;
    if (left < 1) left = 1;
    if (right > nx) right = nx;
    const offset = centre - centreSample;
    let sumxw = 0.0;
    let sumw = 0.0;
    for (let i = left; i <= right; i++) {
      const v = load<f64>(sig + ((<usize>(i - 1)) << 3));
      const w = load<f64>(window + ((<usize>(i + offset)) << 3));
      sumxw += v * v * w;
      sumw += w;
    }
    const ratio = sumxw / sumw / (2.0e-5 * 2.0e-5);
    store<f64>(intensityDb + ((<usize>(f - 1)) << 3), ratio < 1.0e-30 ? -300.0 : 10.0 * Math.log10(ratio));
  }
  return true;
}

/** `Get value at time: t, "linear"` on the last analysis; NaN outside its domain. */
export function intensityAt(t: f64): f64 {
  const n = intensityFrames;
  if (n < 1) return NaN;
  const leftEdge = intensityX1 - 0.5 * intensityDt;
  const rightEdge = leftEdge + <f64>n * intensityDt;
  if (t < leftEdge || t > rightEdge) return NaN;
  const x = (t - intensityX1) / intensityDt + 1.0;
  if (x < 1.0) return load<f64>(intensityDb);
  if (x > <f64>n) return load<f64>(intensityDb + ((<usize>(n - 1)) << 3));
  const midleft = <i32>Math.floor(x);
  const yl = load<f64>(intensityDb + ((<usize>(midleft - 1)) << 3));
  if (x == <f64>midleft) return yl;
  const yr = load<f64>(intensityDb + ((<usize>midleft) << 3));
  return yl + (x - <f64>midleft) * (yr - yl);
}
