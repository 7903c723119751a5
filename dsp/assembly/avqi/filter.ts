// Praat's "Sound: Filter (pass/stop Hann band)" (fon/Sound_and_Spectrum.cpp, Spectrum.cpp): one
// FFT of the whole recording, zero-padded to a power of two; each bin is multiplied by a band
// shape whose edges are raised-cosine ramps `smooth` Hz wide either side of fmin and fmax
// (fmax 0 = the Nyquist frequency); back to the time domain and cut to the original length.
import { ld, st, powerOfTwoAtLeast } from './mem';
import { fftPrepare, fftIm, fftRe, fftSignal, realForward, realInverse } from './fft';

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
  const nfft = powerOfTwoAtLeast(n < 4 ? 4 : n);
  fftPrepare(nfft);
  const padded = fftSignal();
  memory.copy(padded, x, (<usize>n) << 3);
  memory.fill(padded + ((<usize>n) << 3), 0, (<usize>(nfft - n)) << 3);
  const bins = (nfft >> 1) + 1;
  const re = fftRe();
  const im = fftIm();
  realForward(padded, nfft, re, im);
  const dt = 1.0 / rate;
  const df = 1.0 / (dt * <f64>nfft);
  const nyquist = 0.5 / dt;
  const fmax = fmax0 == 0.0 ? nyquist : fmax0;
  const f1 = fmin - smooth,
    f2 = fmin + smooth,
    f3 = fmax - smooth,
    f4 = fmax + smooth;
  const halfPiBySmooth = smooth != 0.0 ? Math.PI / (2.0 * smooth) : 0.0;
  for (let k = 0; k < bins; k++) {
    const f = <f64>k * df;
    let factor: f64 = 1.0;
    if (stop) {
      if (f < f1 || f > f4) continue;
      if (f < f2 && fmin > 0.0) factor = 0.5 + 0.5 * Math.cos(halfPiBySmooth * (f - f1));
      else if (f > f3 && fmax < nyquist) factor = 0.5 - 0.5 * Math.cos(halfPiBySmooth * (f - f3));
      else factor = 0.0;
    } else {
      if (f < f1 || f > f4) factor = 0.0;
      if (f < f2 && fmin > 0.0) factor *= 0.5 - 0.5 * Math.cos(halfPiBySmooth * (f - f1));
      else if (f > f3 && fmax < nyquist) factor *= 0.5 + 0.5 * Math.cos(halfPiBySmooth * (f - f3));
    }
    st(re, k, ld(re, k) * factor);
    st(im, k, ld(im, k) * factor);
  }
  realInverse(re, im, nfft, padded);
  memory.copy(x, padded, (<usize>n) << 3);
}
