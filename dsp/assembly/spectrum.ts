// Spectral features from the window's spectrum computed for YIN. A periodic Hann window is a
// three-tap convolution in frequency (0.5 X[k] - 0.25 X[k-1] - 0.25 X[k+1]), so the windowed
// spectrum costs no extra FFT.

import { FFT_N } from './fft';
import { specRe, specIm } from './yin';

const HALF: i32 = FFT_N / 2;

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

// Hann-windowed power of bin k (1 <= k < N/2).
function hannPower(k: i32): f32 {
  const re =
    <f32>0.5 * unchecked(specRe[k]) - <f32>0.25 * (unchecked(specRe[k - 1]) + unchecked(specRe[k + 1]));
  const im =
    <f32>0.5 * unchecked(specIm[k]) - <f32>0.25 * (unchecked(specIm[k - 1]) + unchecked(specIm[k + 1]));
  return re * re + im * im;
}

function bandPower(from: i32, to: i32): f64 {
  let sum: f64 = 0;
  for (let k = max<i32>(1, from); k < min<i32>(to, HALF); k++) sum += <f64>hannPower(k);
  return sum;
}

// Centroid over all bins, four at a time: the Hann taps are three unaligned f32x4 loads.
function centroid(binHz: f64): f64 {
  const pr = changetype<usize>(specRe);
  const pi = changetype<usize>(specIm);
  const half = f32x4.splat(0.5);
  const quarter = f32x4.splat(0.25);
  const four = f32x4.splat(4);
  let index = f32x4(1, 2, 3, 4);
  let weighted = f32x4.splat(0);
  let total = f32x4.splat(0);
  for (let k = 1; k + 4 <= HALF; k += 4) {
    const o = (<usize>k) << 2;
    const re = f32x4.sub(
      f32x4.mul(half, v128.load(pr + o)),
      f32x4.mul(quarter, f32x4.add(v128.load(pr + o - 4), v128.load(pr + o + 4))),
    );
    const im = f32x4.sub(
      f32x4.mul(half, v128.load(pi + o)),
      f32x4.mul(quarter, f32x4.add(v128.load(pi + o - 4), v128.load(pi + o + 4))),
    );
    const mag = f32x4.sqrt(f32x4.add(f32x4.mul(re, re), f32x4.mul(im, im)));
    weighted = f32x4.add(weighted, f32x4.mul(mag, index));
    total = f32x4.add(total, mag);
    index = f32x4.add(index, four);
  }
  const w = <f64>(
    (f32x4.extract_lane(weighted, 0) +
      f32x4.extract_lane(weighted, 1) +
      f32x4.extract_lane(weighted, 2) +
      f32x4.extract_lane(weighted, 3))
  );
  const t = <f64>(
    (f32x4.extract_lane(total, 0) +
      f32x4.extract_lane(total, 1) +
      f32x4.extract_lane(total, 2) +
      f32x4.extract_lane(total, 3))
  );
  return t > 0 ? (w / t) * binHz : 0;
}

export function spectralFeatures(sampleRate: f64): void {
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
