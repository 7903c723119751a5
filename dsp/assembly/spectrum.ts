// Spectral features from a Hann-windowed spectrum of the analysis window. The window is
// shorter than the FFT (it is defined in time), so the Hann taper is applied in time over
// exactly the window's samples and one half-size complex FFT gives the real spectrum.

import { FFT_N, halfSizeRealFft, cosTable, sinTable } from './fft';

const HALF: i32 = FFT_N / 2;
const hann = new StaticArray<f32>(FFT_N);
const tapered = new StaticArray<f32>(FFT_N);
const zRe = new StaticArray<f32>(HALF);
const zIm = new StaticArray<f32>(HALF);
const power = new StaticArray<f32>(HALF + 1);
let taperLen: i32 = 0;

/** Sets the taper to a Hann window over len samples (the rest of the FFT input stays 0). */
export function spectrumConfigure(len: i32): void {
  taperLen = len;
  for (let j = 0; j < FFT_N; j++) {
    unchecked((hann[j] = j < len ? <f32>(0.5 - 0.5 * Math.cos((2.0 * Math.PI * <f64>j) / <f64>len)) : 0));
    unchecked((tapered[j] = 0));
  }
}

// Power spectrum |X[k]|^2, k = 0..N/2, of the tapered window via one N/2-point complex FFT:
// X[k] = E[k] + e^{-i 2 pi k / N} O[k], E and O from Z at k and N/2 - k.
function powerSpectrum(x: StaticArray<f32>): void {
  for (let j = 0; j < taperLen; j++) unchecked((tapered[j] = x[j] * hann[j]));
  halfSizeRealFft(tapered, 0, zRe, zIm);
  for (let k = 0; k <= HALF; k++) {
    const p = k & (HALF - 1);
    const q = (HALF - k) & (HALF - 1);
    const zr = unchecked(zRe[p]),
      zi = unchecked(zIm[p]);
    const cr = unchecked(zRe[q]),
      ci = -unchecked(zIm[q]);
    const er = <f32>0.5 * (zr + cr),
      ei = <f32>0.5 * (zi + ci);
    const or = <f32>0.5 * (zi - ci),
      oi = <f32>-0.5 * (zr - cr);
    const wr = k < HALF ? unchecked(cosTable[k]) : <f32>-1;
    const wi = k < HALF ? -unchecked(sinTable[k]) : <f32>0;
    const tr = er + or * wr - oi * wi;
    const ti = ei + or * wi + oi * wr;
    unchecked((power[k] = tr * tr + ti * ti));
  }
}

export let centroidHz: f64 = 0;
export let band1: f64 = 0; // 200-800 Hz power
export let band2: f64 = 0; // 800-2500 Hz power
export let band3: f64 = 0; // 2500-4000 Hz power
export let lowPower: f64 = 0; // 0-1 kHz power (for spectral tilt)
export let highPower: f64 = 0; // 1-4 kHz power

function binOf(hz: f64, binHz: f64): i32 {
  const b = <i32>Math.round(hz / binHz);
  return b < 0 ? 0 : b > HALF ? HALF : b;
}

function bandPower(from: i32, to: i32): f64 {
  let sum: f64 = 0;
  for (let k = max<i32>(1, from); k < min<i32>(to, HALF); k++) sum += <f64>unchecked(power[k]);
  return sum;
}

// Magnitude-weighted mean frequency over all bins.
function centroid(binHz: f64): f64 {
  let weighted: f64 = 0;
  let total: f64 = 0;
  for (let k = 1; k < HALF; k++) {
    const mag = <f64>Mathf.sqrt(unchecked(power[k]));
    weighted += mag * <f64>k;
    total += mag;
  }
  return total > 0 ? (weighted / total) * binHz : 0;
}

export function spectralFeatures(x: StaticArray<f32>, sampleRate: f64): void {
  powerSpectrum(x);
  const binHz = sampleRate / <f64>FFT_N;
  const b200 = binOf(200, binHz),
    b800 = binOf(800, binHz),
    b1k = binOf(1000, binHz);
  const b2500 = binOf(2500, binHz),
    b4k = binOf(4000, binHz);
  centroidHz = centroid(binHz);
  band1 = bandPower(b200, b800);
  band2 = bandPower(b800, b2500);
  band3 = bandPower(b2500, b4k);
  lowPower = bandPower(1, b1k);
  highPower = bandPower(b1k, b4k);
}

/** Share of the power between 0.5 f0 and 8 f0 that lies above 1.5 f0 (0 for a pure tone). */
export function harmonicShare(f0: f64, sampleRate: f64): f64 {
  const binHz = sampleRate / <f64>FFT_N;
  const lo = binOf(0.5 * f0, binHz),
    mid = binOf(1.5 * f0, binHz),
    hi = binOf(8 * f0, binHz);
  const fundamental = bandPower(lo, mid);
  const harmonics = bandPower(mid, hi);
  const total = fundamental + harmonics;
  return total > 0 ? harmonics / total : 0;
}

function peakDb(from: i32, to: i32): f64 {
  let best: f32 = 0;
  for (let k = max<i32>(1, from); k < min<i32>(to, HALF); k++) {
    const v = unchecked(power[k]);
    if (v > best) best = v;
  }
  return best > 0 ? 10.0 * Math.log10(<f64>best) : -200.0;
}

/** Singer's-formant level: strongest partial in 2-4 kHz minus the strongest in 0-2 kHz, dB. */
export let singersFormantDb: f64 = -60;
/** Alpha ratio: power in 1-5 kHz over power in 50 Hz-1 kHz, dB (flatter tilt = higher). */
export let alphaRatioDb: f64 = -60;

/** Voice-quality spectral measures (after spectralFeatures): see dsp/README.md. */
export function tiltFeatures(sampleRate: f64): void {
  const binHz = sampleRate / <f64>FFT_N;
  const nyquistTop = 0.45 * sampleRate;
  const b2k = binOf(2000, binHz);
  const b4k = binOf(Math.min(4000, nyquistTop), binHz);
  singersFormantDb =
    peakDb(binOf(70, binHz), b2k) > -200 ? peakDb(b2k, b4k) - peakDb(binOf(70, binHz), b2k) : -60;
  const low = bandPower(binOf(50, binHz), binOf(1000, binHz));
  const high = bandPower(binOf(1000, binHz), binOf(Math.min(5000, nyquistTop), binHz));
  alphaRatioDb = low > 0 && high > 0 ? 10.0 * Math.log10(high / low) : -60;
}

/** A silent frame: no spectral measures. */
export function spectrumSilence(): void {
  centroidHz = 0;
  band1 = 0;
  band2 = 0;
  band3 = 0;
  lowPower = 0;
  highPower = 0;
}

/**
 * Subharmonic summation's octave test: of the power at the first harmonics of f (a band of
 * +-f/4 around each, up to 8 f), the share at its odd multiples (f, 3f, 5f, 7f). A voice whose
 * fundamental is f has power there; a voice at 2f has none (its harmonics are the even
 * multiples of f), so the share says which of an octave pair is the fundamental whatever the
 * CMNDF's dips say. -1 when the harmonics are not resolved (fewer than 4 bins apart).
 */
export function oddHarmonicShare(f: f64, sampleRate: f64): f64 {
  const binHz = sampleRate / <f64>FFT_N;
  if (f < 4 * binHz) return -1;
  const top = 0.45 * sampleRate;
  let odd: f64 = 0;
  let all: f64 = 0;
  for (let k = 1; k <= 8; k++) {
    const centre = <f64>k * f;
    if (centre + 0.25 * f > top) break;
    const p = bandPower(binOf(centre - 0.25 * f, binHz), binOf(centre + 0.25 * f, binHz) + 1);
    all += p;
    if (k & 1) odd += p;
  }
  return all > 0 ? odd / all : -1;
}
