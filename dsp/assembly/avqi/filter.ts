// Praat's "Sound: Filter (pass/stop Hann band)" (fon/Sound_and_Spectrum.cpp, Spectrum.cpp): one
// FFT of the whole recording, zero-padded to a power of two; each bin is multiplied by a band
// shape whose edges are raised-cosine ramps `smooth` Hz wide either side of fmin and fmax
// (fmax 0 = the Nyquist frequency); back to the time domain and cut to the original length.
import { ld, st, powerOfTwoAtLeast } from './mem';
import { fftPrepare, fftIm, fftRe, fftSignal, realForward, realInverse } from './fft';

/** The band shape at frequency f (Praat's Spectrum_passHannBand / Spectrum_stopHannBand). */
function bandFactor(f: f64, nyquist: f64, stop: bool, fmin: f64, fmax0: f64, smooth: f64): f64 {
  const fmax = fmax0 == 0.0 ? nyquist : fmax0;
  const f1 = fmin - smooth,
    f2 = fmin + smooth,
    f3 = fmax - smooth,
    f4 = fmax + smooth;
  const halfPiBySmooth = smooth != 0.0 ? Math.PI / (2.0 * smooth) : 0.0;
  let factor: f64 = 1.0;
  if (stop) {
    if (f < f1 || f > f4) return 1.0;
    if (f < f2 && fmin > 0.0) factor = 0.5 + 0.5 * Math.cos(halfPiBySmooth * (f - f1));
    else if (f > f3 && fmax < nyquist) factor = 0.5 - 0.5 * Math.cos(halfPiBySmooth * (f - f3));
    else factor = 0.0;
  } else {
    if (f < f1 || f > f4) factor = 0.0;
    if (f < f2 && fmin > 0.0) factor *= 0.5 - 0.5 * Math.cos(halfPiBySmooth * (f - f1));
    else if (f > f3 && fmax < nyquist) factor *= 0.5 + 0.5 * Math.cos(halfPiBySmooth * (f - f3));
  }
  return factor;
}

/** The spectrum of x (n samples) zero-padded to a power of two, in the shared scratch; returns its size. */
function forward(x: usize, n: i32): i32 {
  const nfft = powerOfTwoAtLeast(n < 4 ? 4 : n);
  fftPrepare(nfft);
  const padded = fftSignal();
  memory.copy(padded, x, (<usize>n) << 3);
  memory.fill(padded + ((<usize>n) << 3), 0, (<usize>(nfft - n)) << 3);
  realForward(padded, nfft, fftRe(), fftIm());
  return nfft;
}

/** Back from the spectrum re/im (nfft points) to x, cut to n samples (x may be the scratch itself). */
function inverse(re: usize, im: usize, nfft: i32, x: usize, n: i32): void {
  const padded = fftSignal();
  realInverse(re, im, nfft, padded);
  if (x != padded) memory.copy(x, padded, (<usize>n) << 3);
}

/** Filters x (n samples at `rate`) in place: stop = true removes the band, false keeps only it. */
export function hannBandFilter(
  x: usize,
  n: i32,
  rate: f64,
  stop: bool,
  fmin: f64,
  fmax0: f64,
  smooth: f64,
): void {
  const nfft = forward(x, n);
  const bins = (nfft >> 1) + 1;
  const re = fftRe();
  const im = fftIm();
  const dt = 1.0 / rate;
  const df = 1.0 / (dt * <f64>nfft);
  const nyquist = 0.5 / dt;
  for (let k = 0; k < bins; k++) {
    const factor = bandFactor(<f64>k * df, nyquist, stop, fmin, fmax0, smooth);
    if (factor == 1.0) continue;
    st(re, k, ld(re, k) * factor);
    st(im, k, ld(im, k) * factor);
  }
  inverse(re, im, nfft, x, n);
}

/**
 * Two filters of x from one forward transform: x in place gets the stop band (stopMin..stopMax,
 * ramps of stopSmooth), and `banded` (n samples) gets that result filtered again by the pass
 * band (passMin..passMax, ramps of passSmooth). Equal to hannBandFilter twice (to rounding,
 * about 1e-16), which would transform the stopped signal forward a second time. With banded = 0
 * the band stays in the transforms' scratch (fft.ts): no copy, and no memory of its own, but only
 * until the next transform. Returns where the band is.
 */
export function stopThenPass(
  x: usize,
  n: i32,
  rate: f64,
  stopMin: f64,
  stopMax: f64,
  stopSmooth: f64,
  passMin: f64,
  passMax: f64,
  passSmooth: f64,
  bandedIn: usize,
): usize {
  const nfft = forward(x, n);
  const bins = (nfft >> 1) + 1;
  const re = fftRe();
  const im = fftIm();
  const dt = 1.0 / rate;
  const df = 1.0 / (dt * <f64>nfft);
  const nyquist = 0.5 / dt;
  for (let k = 0; k < bins; k++) {
    const stop = bandFactor(<f64>k * df, nyquist, true, stopMin, stopMax, stopSmooth);
    if (stop == 1.0) continue;
    st(re, k, ld(re, k) * stop);
    st(im, k, ld(im, k) * stop);
  }
  // The stopped signal first (the inverse reads the bins and leaves them), then the same bins
  // times the pass band: no second spectrum is kept.
  inverse(re, im, nfft, x, n);
  for (let k = 0; k < bins; k++) {
    const pass = bandFactor(<f64>k * df, nyquist, false, passMin, passMax, passSmooth);
    st(re, k, ld(re, k) * pass);
    st(im, k, ld(im, k) * pass);
  }
  const banded = bandedIn != 0 ? bandedIn : fftSignal();
  inverse(re, im, nfft, banded, n);
  return banded;
}
