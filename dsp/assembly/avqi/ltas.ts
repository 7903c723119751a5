// LTAS slope and tilt of AVQI 03.01: "To Ltas: 1" (fon/Ltas.cpp, Sound_to_Ltas: one FFT of the
// whole signal zero-padded to a power of two, energy density averaged over 1 Hz bands, dB re
// 2e-5 Pa, corrected for the padding), then "Get slope: 0, 1000, 1000, 10000, energy"
// (Ltas_getSlope: 10 log10 of the mean band energy 1-10 kHz over that of 0-1 kHz) of the LTAS
// and of its least-squares trend line in dB over 1 Hz-10 kHz (Ltas_computeTrendLine).
import { allocF64, ld, st, powerOfTwoAtLeast } from './mem';
import { fftPrepare, fftIm, fftRe, fftSignal, realForward } from './fft';
import { stepMean } from './sampled';

let slopeDb: f64 = NaN;
let tiltDb: f64 = NaN;

export function ltasSlope(): f64 {
  return slopeDb;
}
export function ltasTilt(): f64 {
  return tiltDb;
}

/** Mean energy over [f1, f2] of an LTAS given as band energies (bands of 1 Hz centred at 0.5, 1.5, ...). */
function bandEnergy(energy: usize, bands: i32, xmax: f64, f1: f64, f2: f64): f64 {
  return stepMean(energy, 1, bands, 0.5, 1.0, 0.0, xmax, f1, f2);
}

function slopeOf(ltasDb: usize, bands: i32, xmax: f64, energy: usize): f64 {
  // The bands' energies 10^(dB / 10), once for both means (Praat converts them for each).
  for (let i = 0; i < bands; i++) st(energy, i, Math.pow(10.0, 0.1 * ld(ltasDb, i)));
  const low = bandEnergy(energy, bands, xmax, 0.0, 1000.0);
  const high = bandEnergy(energy, bands, xmax, 1000.0, 10000.0);
  if (isNaN(low) || isNaN(high)) return NaN;
  return 10.0 * Math.log10(high / low);
}

let measured = false;

/** Whether slope and tilt were measured since the last ltasForget(). */
export function ltasMeasured(): bool {
  return measured;
}

export function ltasForget(): void {
  measured = false;
  slopeDb = tiltDb = NaN;
}

/** Computes slope and tilt of x (n samples at `rate`). */
export function measureLtas(x: usize, n: i32, rate: f64): void {
  const nfft = powerOfTwoAtLeast(n < 4 ? 4 : n);
  fftPrepare(nfft);
  const padded = fftSignal();
  memory.copy(padded, x, (<usize>n) << 3);
  memory.fill(padded + ((<usize>n) << 3), 0, (<usize>(nfft - n)) << 3);
  const re = fftRe();
  const im = fftIm();
  realForward(padded, nfft, re, im);
  ltasFromSpectrum(re, im, nfft, n, rate, re);
}

/**
 * Slope and tilt from the spectrum re/im (bins 0..nfft/2) of n samples at `rate` zero-padded to
 * nfft. Only |X|^2 is read, so the spectrum of the same samples shifted within the padding (the
 * 10 kHz resampling's, 1000 zeros first) serves as well when its nfft is the same (the two
 * differ by rounding, about 1e-16). The energy densities go to `density` (nfft / 2 + 1 f64; re
 * itself will do: each bin is read before it is overwritten).
 */
export function ltasFromSpectrum(re: usize, im: usize, nfft: i32, n: i32, rate: f64, density: usize): void {
  const dt = 1.0 / rate;
  const bins = (nfft >> 1) + 1;
  // Energy density 2 |X dt|^2 per bin (Spectrum values are scaled by the sampling period).
  for (let k = 0; k < bins; k++) {
    const a = ld(re, k) * dt,
      b = ld(im, k) * dt;
    st(density, k, 2.0 * (a * a + b * b));
  }
  ltasFromDensity(density, nfft, n, rate);
}

/**
 * Slope and tilt from the energy densities 2 |X[k] dt|^2 (k = 0..nfft/2, in order) of n samples
 * at `rate` zero-padded to nfft (ltasFromSpectrum, or the 10 kHz resampling's low-pass, which
 * computes them from its packed spectrum: filter.ts, lowPassPacked).
 */
export function ltasFromDensity(density: usize, nfft: i32, n: i32, rate: f64): void {
  measured = true;
  const dt = 1.0 / rate;
  const bins = (nfft >> 1) + 1;
  const df = 1.0 / (dt * <f64>nfft);
  const xmax = 0.5 / dt;
  const bands = <i32>Math.ceil(xmax / 1.0);
  const ltas = allocF64(bands);
  const correction = -10.0 * Math.log10(df * <f64>n * dt);
  for (let b = 0; b < bands; b++) {
    const fmin = <f64>b;
    const meanEnergy = stepMean(density, 1, bins, 0.0, df, 0.0, xmax, fmin, fmin + 1.0);
    const meanPower = meanEnergy * df;
    st(ltas, b, (meanPower == 0.0 ? -300.0 : 10.0 * Math.log10(meanPower / 4.0e-10)) + correction);
  }
  const energy = allocF64(bands);
  slopeDb = slopeOf(ltas, bands, xmax, energy);

  // Trend line: least squares in dB against frequency over the bands centred in [1, 10000] Hz.
  let imin = 1 + <i32>Math.ceil((1.0 - 0.5) / 1.0);
  let imax = 1 + <i32>Math.floor((10000.0 - 0.5) / 1.0);
  if (imin < 1) imin = 1;
  if (imax > bands) imax = bands;
  const count = imax - imin + 1;
  let sum: f64 = 0;
  for (let i = imin; i <= imax; i++) sum += ld(ltas, i - 1);
  const amean = sum / <f64>count;
  const fmean = 0.5 + (0.5 * <f64>(imin + imax) - 1.0) * 1.0;
  let numerator: f64 = 0,
    denominator: f64 = 0;
  for (let i = imin; i <= imax; i++) {
    const da = ld(ltas, i - 1) - amean;
    const dfreq = 0.5 + <f64>(i - 1) - fmean;
    numerator += da * dfreq;
    denominator += dfreq * dfreq;
  }
  const slope = numerator / denominator;
  for (let i = 1; i <= bands; i++) st(ltas, i - 1, amean + slope * (0.5 + <f64>(i - 1) - fmean));
  tiltDb = slopeOf(ltas, bands, xmax, energy);
}
