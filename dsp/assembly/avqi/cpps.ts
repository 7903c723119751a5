// Smoothed cepstral peak prominence as Praat 6.3 computes it for AVQI 03.01:
// "To PowerCepstrogram: 60, 0.002, 5000, 50" (LPC/PowerCepstrogram.cpp, Sound_to_PowerCepstrogram)
// then "Get CPPS: no, 0.01, 0.001, 60, 330, 0.05, parabolic, 0.001, 0, Straight, Robust"
// (PowerCepstrogram_getCPPS, PowerCepstrum_getPeakProminence in LPC/PowerCepstrum.cpp).
//
// Cepstrogram: the signal resampled to 10 kHz and pre-emphasised from 50 Hz; frames of 0.1 s
// (2 x 3 periods of 60 Hz) every 2 ms, mean removed, Gaussian window, 1024-point spectrum,
// power cepstrum = (inverse FFT of ln |X|^2)^2. Smoothing: each cell averaged over 10 ms of
// time, then over 1 ms of quefrency (means of the linearly interpolated curves). Per frame: a
// straight trend line (Theil's incomplete robust fit) through the dB cepstrum over all
// quefrencies but 0; the cepstrum minus the line (clipped at 0 dB); the parabolically refined
// maximum between 1/330 and 1/60 s is the frame's CPP. CPPS is the mean over frames.
import { allocF64, ld, st, median, roundTieUp } from './mem';
import { allocF32, fft32CosineI, fft32Forward, fft32ForwardWindowed, fft32Setup } from './fft32';
import { resample, resampledLength } from './resample';
import { fftRe, fftSignal, fftSignalCapacity } from './fft';
import { interpolatedMean } from './sampled';

const PITCH_FLOOR: f64 = 60.0;
const PITCH_CEILING: f64 = 330.0;
const TIME_STEP: f64 = 0.002;
const CEPSTRAL_RATE: f64 = 10000.0; // 2 x the 5 kHz maximum frequency
const PRE_EMPHASIS: f64 = 50.0;
const TIME_AVERAGING: f64 = 0.01;
const QUEFRENCY_AVERAGING: f64 = 0.001;
/**
 * CPPS is the mean of the frames' peak prominences; we average every PEAK_STRIDE-th frame of the
 * 2 ms grid (28 ms apart, starting with the first) instead of all, and make only the raw cepstra
 * their 10 ms time smoothing reads (seven of every fourteen). Each smoothed frame already averages
 * 0.1 s Gaussian frames, so the 100-200 frames of a 3-6 s signal sample the same distribution:
 * on the 24 fixture pairs CPPS moved by 0.05 dB on average, 0.13 dB at most (the issue allows a
 * mean of 0.5 dB); every 21st frame doubled that (docs/voice-assessment-engine.md).
 */
export const PEAK_STRIDE: i32 = 14;

let tailSum: f64 = 0;
let tailFrames: i32 = 0;

/** Mean CPP of the frames lying wholly after `tailFrom` in the last cpps() call (NaN if none). */
export function tailCpps(): f64 {
  return tailFrames > 0 ? tailSum / <f64>tailFrames : NaN;
}

/**
 * The CPPS (dB) of x: n samples at `rate` (first sample centred at half a period). The frames
 * that start at or after `tailFrom` seconds are also averaged on their own (tailCpps). With
 * `ltasToo`, the LTAS of x is measured from the resampling's transform when it fits (ltas.ts).
 */
export function cpps(x: usize, n: i32, rate: f64, tailFrom: f64, ltasToo: bool = false): f64 {
  tailSum = 0;
  tailFrames = 0;
  const dx = 1.0 / rate;
  const duration = dx * <f64>n;
  let windowDuration = 2.0 * (3.0 / PITCH_FLOOR);
  if (windowDuration > duration) windowDuration = duration;
  // The resampled sound goes to the transforms' re / im block (pages the filters and the LTAS
  // have touched; free once the low-pass is done), its f32 copy and running sums below to their
  // signal block, so that the stage touches few fresh pages (a fault each, about 2.5 us).
  const sound = resample(x, n, rate, CEPSTRAL_RATE, 50, ltasToo, fftRe(), fftSignalCapacity() + 2);
  const ns = resampledLength();
  const sdx = 1.0 / CEPSTRAL_RATE;
  const sx1 = 0.5 * (duration - <f64>(ns - 1) / CEPSTRAL_RATE);
  // Pre-emphasis (dwtools/Sound_extensions.cpp, Sound_preEmphasis), last sample first.
  const pre = Math.exp(-2.0 * Math.PI * PRE_EMPHASIS * sdx);

  // Frame grid of the original sound (Sampled_shortTermAnalysis).
  const frames = <i32>Math.floor((duration - windowDuration) / TIME_STEP) + 1;
  const t1 = 0.5 * duration - 0.5 * <f64>frames * TIME_STEP + 0.5 * TIME_STEP;
  const frameLength = roundTieUp(windowDuration * CEPSTRAL_RATE);
  const gauss = allocF64(frameLength);
  const imid = 0.5 * <f64>(frameLength + 1);
  const edge = Math.exp(-12.0);
  const np1 = <f64>(frameLength + 1);
  for (let i = 1; i <= frameLength; i++) {
    const d = <f64>i - imid;
    st(gauss, i - 1, (Math.exp((-48.0 * d * d) / np1 / np1) - edge) / (1.0 - edge));
  }
  // f32 copies of the window and the sound for the frames' f32 transforms.
  const gauss32 = allocF32(frameLength);
  for (let i = 0; i < frameLength; i++) store<f32>(gauss32 + ((<usize>i) << 2), <f32>ld(gauss, i));
  // One pass makes the pre-emphasised sound's f32 copy and its running sums (runningSum[i] = sum
  // of the first i samples: a frame's mean in two reads; the f64 sums of a 0.1 s frame differ
  // from a direct sum by about 1e-15, and the mean is rounded to f32 anyway). The pre-emphasised
  // samples are the same numbers as Praat's in-place pass from the last sample back, which reads
  // each sample's original predecessor.
  // Both go to the whole-recording transforms' signal block when it holds them: the resampling's
  // low-pass has touched those pages and is done with them, and nothing transforms again before
  // the cepstrogram is finished (fresh pages cost a fault each).
  const inScratch = <i64>(ns + 3) + 2 * (<i64>ns + 1) <= 2 * <i64>fftSignalCapacity();
  const runningSum = inScratch ? fftSignal() : allocF64(ns + 1);
  const sound32 = inScratch ? (runningSum + ((<usize>(ns + 1)) << 3) + 15) & ~(<usize>15) : allocF32(ns);
  st(runningSum, 0, 0.0);
  let previous: f64 = ns > 0 ? ld(sound, 0) : 0.0;
  let total: f64 = previous;
  if (ns > 0) {
    store<f32>(sound32, <f32>previous);
    st(runningSum, 1, total);
  }
  for (let i = 1; i < ns; i++) {
    const original = ld(sound, i);
    const emphasised = original - pre * previous;
    previous = original;
    store<f32>(sound32 + ((<usize>i) << 2), <f32>emphasised);
    total += emphasised;
    st(runningSum, i + 1, total);
  }
  let nfft = 2;
  while (nfft < frameLength) nfft <<= 1;
  fft32Setup(nfft);
  const nq = (nfft >> 1) + 1;
  // The frames' transforms run in f32, four lanes at a time (fft32.ts); the log spectrum and
  // everything after the cepstrum stay f64.
  const frame = allocF32(nfft);
  const re = allocF32(nq);
  const im = allocF32(nq);
  const logPower32 = allocF32(nq);
  const specDf = 1.0 / (sdx * <f64>nfft);
  // The time smoothing reads three frames either side, so raw cepstra live in a ring of seven
  // rows (frame f in row f % 7) and each frame is finished as soon as frame f + 3 exists: the
  // memory stays seven rows whatever the length of the recording.
  const RING = 7;
  const ring = allocF64(RING * nq);
  const smoothedRow = allocF64(nq);
  const gathered = allocF64(RING);
  const qmax = (0.5 * <f64>nfft) / CEPSTRAL_RATE;
  const dq = qmax / <f64>(nq - 1);
  const row = allocF64(nq);
  const db = allocF64(nq);
  const scratch = allocF64(nq);
  const smoothQuefrency = QUEFRENCY_AVERAGING / dq > 1.0;
  const exactTen = Math.abs(QUEFRENCY_AVERAGING / dq - 10.0) < 1e-9;
  // TIME_AVERAGING / TIME_STEP is 5 frames: the closed form below is Praat's interpolated mean
  // for that window; the first and last three frames take the general path.
  const half = 0.5 * TIME_AVERAGING;
  let computed = 0; // raw frames made so far
  let sum: f64 = 0;
  let evaluated = 0;
  for (let f = 0; f < frames; f += PEAK_STRIDE) {
    // Only the raw frames this frame's time smoothing reads (f - 3 .. f + 3) are made.
    const needed = f + 3 < frames ? f + 3 : frames - 1;
    if (computed < f - 3) computed = f - 3;
    while (computed <= needed) {
      const rawRow = ring + ((<usize>((computed % RING) * nq)) << 3);
      const t = t1 + <f64>computed * TIME_STEP;
      const index = roundTieUp((t - windowDuration / 2.0 - sx1) / sdx + 1.0);
      // The frame's mean (samples outside the sound count as 0) from the running sums.
      const first = index < 1 ? 1 : index;
      const last = index + frameLength - 1 > ns ? ns : index + frameLength - 1;
      const mean =
        last >= first ? (ld(runningSum, last) - ld(runningSum, first - 1)) / <f64>frameLength : 0.0;
      if (index >= 1 && index - 1 + frameLength <= ns && (frameLength & 1) == 0) {
        // Inside the sound: windowed straight into the transform (fft32ForwardWindowed).
        const from = sound32 + ((<usize>(index - 1)) << 2);
        fft32ForwardWindowed(from, <f32>mean, gauss32, frameLength, re, im);
      } else {
        windowFrame(sound32, ns, index, <f32>mean, gauss32, frameLength, frame);
        fft32Forward(frame, re, im);
      }
      // ln of the power spectrum (f32: good to 1e-6 of values around 20). Its mean over all nfft
      // bins (the upper half mirrors the lower) is taken out before the f32 inverse transform and
      // put back into quefrency 0 afterwards, so the f32 rounding scales with the spectrum's
      // spread rather than its level; the spectrum's scale sdx^2 is a constant in the log and
      // joins that mean. Praat guards ln(0) with 1e-300; f32 needs 1e-37 (an all-zero frame).
      logPowerSpectrum(re, im, logPower32, nq);
      const ends = <f64>load<f32>(logPower32) + <f64>load<f32>(logPower32 + ((<usize>(nq - 1)) << 2));
      const logMean = (2.0 * sumF32(logPower32, nq) - ends) / <f64>nfft;
      const centre = <f32>logMean;
      subtractF32(logPower32, nq, centre);
      const level = <f64>centre + 2.0 * Math.log(sdx);
      // Spectrum_to_Sound of the log spectrum: df * sum over all bins = df * nfft * inverse. The
      // spectrum is real and even, so is its inverse: a type-I cosine transform of the nq bins
      // (fft32CosineI: half the work of the inverse real FFT), inverse = cosine / (nq - 1).
      fft32CosineI(logPower32, rawRow);
      const scale = specDf * <f64>nfft;
      squaredCepstrum(rawRow, level, 1.0 / <f64>(nq - 1), scale, nq);
      computed++;
    }

    // 1. Average across time.
    if (f >= 3 && f + 3 < frames) {
      averageSevenRows(ring, nq, f, smoothedRow);
    } else {
      const first = f - 3 > 0 ? f - 3 : 0;
      const last = f + 3 < frames - 1 ? f + 3 : frames - 1;
      const count = last - first + 1;
      const mid = t1 + <f64>f * TIME_STEP;
      const x1 = t1 + <f64>first * TIME_STEP;
      for (let q = 0; q < nq; q++) {
        for (let g = first; g <= last; g++) st(gathered, g - first, ld(ring, (g % RING) * nq + q));
        st(
          smoothedRow,
          q,
          interpolatedMean(gathered, 1, count, x1, TIME_STEP, 0.0, duration, mid - half, mid + half),
        );
      }
    }

    // 2. Average across quefrency, then the frame's peak prominence.
    // Inside the domain (q = 6 .. nq - 7) a 10-bin window's interpolated mean is a trapezoid.
    const inside = smoothQuefrency && exactTen && nq > 12;
    if (inside) trapezoidTen(smoothedRow, row, 6, nq - 7);
    for (let q = 0; q < nq; q++) {
      if (inside && q == 6) q = nq - 6;
      let v: f64;
      if (!smoothQuefrency) v = ld(smoothedRow, q);
      else {
        const qmid = <f64>q * dq;
        const h = 0.5 * QUEFRENCY_AVERAGING;
        v = interpolatedMean(smoothedRow, 1, nq, 0.0, dq, 0.0, qmax, qmid - h, qmid + h);
      }
      st(row, q, v);
    }
    const cpp = peakProminence(row, nq, dq, qmax, db, scratch);
    sum += cpp;
    evaluated++;
    if (t1 + <f64>f * TIME_STEP - 0.5 * windowDuration >= tailFrom) {
      tailSum += cpp;
      tailFrames++;
    }
  }
  return sum / <f64>evaluated;
}

/**
 * The f64 sum of p[0..count) (f32) in four partial sums (k mod 4) added as (0 + 2) + (1 + 3), the
 * tail after them: four independent chains of additions instead of one. SIMD holds two partial
 * sums per lane pair; the scalar build runs the same additions in the same order.
 */
function sumF32(p: usize, count: i32): f64 {
  let k = 0;
  let total: f64 = 0;
  if (ASC_FEATURE_SIMD) {
    let a = f64x2.splat(0.0);
    let b = f64x2.splat(0.0);
    for (; k + 4 <= count; k += 4) {
      const v = v128.load(p + ((<usize>k) << 2));
      a = f64x2.add(a, f64x2.promote_low_f32x4(v));
      b = f64x2.add(b, f64x2.promote_low_f32x4(v128.shuffle<f32>(v, v, 2, 3, 2, 3)));
    }
    const ab = f64x2.add(a, b);
    total = f64x2.extract_lane(ab, 0) + f64x2.extract_lane(ab, 1);
  } else {
    let s0: f64 = 0,
      s1: f64 = 0,
      s2: f64 = 0,
      s3: f64 = 0;
    for (; k + 4 <= count; k += 4) {
      const at = p + ((<usize>k) << 2);
      s0 += <f64>load<f32>(at);
      s1 += <f64>load<f32>(at, 4);
      s2 += <f64>load<f32>(at, 8);
      s3 += <f64>load<f32>(at, 12);
    }
    total = s0 + s2 + (s1 + s3);
  }
  for (; k < count; k++) total += <f64>load<f32>(p + ((<usize>k) << 2));
  return total;
}

/** p[k] -= value for k < count (f32), four lanes at a time where SIMD is on. */
function subtractF32(p: usize, count: i32, value: f32): void {
  let k = 0;
  if (ASC_FEATURE_SIMD) {
    const v = f32x4.splat(value);
    for (; k + 4 <= count; k += 4) {
      const at = p + ((<usize>k) << 2);
      v128.store(at, f32x4.sub(v128.load(at), v));
    }
  }
  for (; k < count; k++) {
    const at = p + ((<usize>k) << 2);
    store<f32>(at, load<f32>(at) - value);
  }
}

/**
 * row[q] = ((row[q] unit + (q == 0 ? level : 0)) scale)^2, q < nq, in place: the power cepstrum
 * from the cosine transform, two lanes at a time where SIMD is on (the same operations per value).
 */
function squaredCepstrum(row: usize, level: f64, unit: f64, scale: f64, nq: i32): void {
  const c0 = (ld(row, 0) * unit + level) * scale;
  st(row, 0, c0 * c0);
  let q = 1;
  if (ASC_FEATURE_SIMD) {
    const vu = f64x2.splat(unit);
    const vs = f64x2.splat(scale);
    for (; q + 2 <= nq; q += 2) {
      const at = row + ((<usize>q) << 3);
      const c = f64x2.mul(f64x2.mul(v128.load(at), vu), vs);
      v128.store(at, f64x2.mul(c, c));
    }
  }
  for (; q < nq; q++) {
    const c = ld(row, q) * unit * scale;
    st(row, q, c * c);
  }
}

/**
 * out[q] = the mean of the linearly interpolated curve through rows f - 3 .. f + 3 of the ring
 * (row g at g % 7) over the 10 ms around row f: (b + c + d + e + g + (a - b) / 8 + (h - g) / 8) / 5,
 * two quefrencies at a time where SIMD is on (the same operations, in the same order, per value).
 */
function averageSevenRows(ring: usize, nq: i32, f: i32, out: usize): void {
  const RING = 7;
  const ra = ring + ((<usize>(((f - 3) % RING) * nq)) << 3),
    rb = ring + ((<usize>(((f - 2) % RING) * nq)) << 3),
    rc = ring + ((<usize>(((f - 1) % RING) * nq)) << 3),
    rd = ring + ((<usize>((f % RING) * nq)) << 3),
    re = ring + ((<usize>(((f + 1) % RING) * nq)) << 3),
    rg = ring + ((<usize>(((f + 2) % RING) * nq)) << 3),
    rh = ring + ((<usize>(((f + 3) % RING) * nq)) << 3);
  let q = 0;
  if (ASC_FEATURE_SIMD) {
    const eighth = f64x2.splat(0.125);
    const five = f64x2.splat(5.0);
    for (; q + 2 <= nq; q += 2) {
      const o = (<usize>q) << 3;
      const b = v128.load(rb + o),
        g = v128.load(rg + o);
      let inner = f64x2.add(b, v128.load(rc + o));
      inner = f64x2.add(inner, v128.load(rd + o));
      inner = f64x2.add(inner, v128.load(re + o));
      inner = f64x2.add(inner, g);
      const left = f64x2.mul(eighth, f64x2.sub(v128.load(ra + o), b));
      const right = f64x2.mul(eighth, f64x2.sub(v128.load(rh + o), g));
      v128.store(out + o, f64x2.div(f64x2.add(f64x2.add(inner, left), right), five));
    }
  }
  for (; q < nq; q++) {
    const b = ld(rb, q),
      g = ld(rg, q);
    const inner = b + ld(rc, q) + ld(rd, q) + ld(re, q) + g;
    st(out, q, (inner + 0.125 * (ld(ra, q) - b) + 0.125 * (ld(rh, q) - g)) / 5.0);
  }
}

/**
 * out[q] = (row[q - 4] + ... + row[q + 4] + (row[q - 5] + row[q + 5]) / 2) / 10 for q = from .. to:
 * the interpolated mean of a 10-bin window inside the domain, two quefrencies at a time where
 * SIMD is on (the same additions, in the same order, per value).
 */
function trapezoidTen(row: usize, out: usize, from: i32, to: i32): void {
  let q = from;
  if (ASC_FEATURE_SIMD) {
    const halfV = f64x2.splat(0.5);
    const ten = f64x2.splat(10.0);
    for (; q + 1 <= to; q += 2) {
      const at = row + ((<usize>q) << 3);
      let inner = v128.load(at - 32);
      inner = f64x2.add(inner, v128.load(at - 24));
      inner = f64x2.add(inner, v128.load(at - 16));
      inner = f64x2.add(inner, v128.load(at - 8));
      inner = f64x2.add(inner, v128.load(at));
      inner = f64x2.add(inner, v128.load(at + 8));
      inner = f64x2.add(inner, v128.load(at + 16));
      inner = f64x2.add(inner, v128.load(at + 24));
      inner = f64x2.add(inner, v128.load(at + 32));
      const ends = f64x2.mul(halfV, f64x2.add(v128.load(at - 40), v128.load(at + 40)));
      v128.store(out + ((<usize>q) << 3), f64x2.div(f64x2.add(inner, ends), ten));
    }
  }
  for (; q <= to; q++) {
    let inner: f64 = 0;
    for (let r = q - 4; r <= q + 4; r++) inner += ld(row, r);
    st(out, q, (inner + 0.5 * (ld(row, q - 5) + ld(row, q + 5))) / 10.0);
  }
}

/**
 * frame[i] = (sound[index - 1 + i] - mean) * gauss[i] for i < length (1-based sample index,
 * samples outside the sound are 0), in f32; four lanes at a time when the frame lies inside.
 */
function windowFrame(
  sound: usize,
  ns: i32,
  index: i32,
  mean: f32,
  gauss: usize,
  length: i32,
  frame: usize,
): void {
  let i = 0;
  if (ASC_FEATURE_SIMD && index >= 1 && index - 1 + length <= ns) {
    const from = sound + ((<usize>(index - 1)) << 2);
    const m = f32x4.splat(mean);
    for (; i + 4 <= length; i += 4) {
      const o = (<usize>i) << 2;
      v128.store(frame + o, f32x4.mul(f32x4.sub(v128.load(from + o), m), v128.load(gauss + o)));
    }
  }
  for (; i < length; i++) {
    const j = index + i; // 1-based
    const v: f32 = j < 1 || j > ns ? 0.0 : load<f32>(sound + ((<usize>(j - 1)) << 2));
    store<f32>(frame + ((<usize>i) << 2), (v - mean) * load<f32>(gauss + ((<usize>i) << 2)));
  }
}

const LN2_HI: f32 = 0.693145751953125; // ln 2 split so that e * LN2_HI is exact for |e| < 256
const LN2_LO: f32 = 1.428606765330187e-6;
const SQRT2: f32 = 1.4142135;
const THIRD: f32 = 1.0 / 3.0;
const FIFTH: f32 = 0.2;
const SEVENTH: f32 = 1.0 / 7.0;

/** ln of one positive normal f32 by the same operations as the four-lane version below. */
function lnScalar(x: f32): f32 {
  const bits = reinterpret<i32>(x);
  let e = <f32>((bits >> 23) - 127);
  let m = reinterpret<f32>((bits & 0x7fffff) | 0x3f800000);
  if (m > SQRT2) {
    m = m * <f32>0.5;
    e = e + <f32>1.0;
  }
  const s = (m - <f32>1.0) / (m + <f32>1.0);
  const z = s * s;
  const series = s + s * z * (THIRD + z * (FIFTH + z * SEVENTH));
  return e * LN2_HI + (e * LN2_LO + (series + series));
}

/**
 * out[k] = ln(max(re^2 + im^2, 1e-37)), k < count, in f32: mantissa and exponent apart, ln of the
 * mantissa (in [0.71, 1.41]) by the series 2 atanh((m - 1) / (m + 1)) to its fourth term
 * (error under 4e-8), four lanes at a time. The scalar build runs the same operations.
 */
function logPowerSpectrum(re: usize, im: usize, out: usize, count: i32): void {
  let k = 0;
  const floor: f32 = 1e-37;
  if (ASC_FEATURE_SIMD) {
    const vfloor = f32x4.splat(floor);
    const one = f32x4.splat(1.0);
    const half = f32x4.splat(0.5);
    const sqrt2 = f32x4.splat(SQRT2);
    const third = f32x4.splat(THIRD);
    const fifth = f32x4.splat(FIFTH);
    const seventh = f32x4.splat(SEVENTH);
    const ln2hi = f32x4.splat(LN2_HI);
    const ln2lo = f32x4.splat(LN2_LO);
    const mantissaMask = i32x4.splat(0x7fffff);
    const oneBits = i32x4.splat(0x3f800000);
    const bias = i32x4.splat(127);
    for (; k + 4 <= count; k += 4) {
      const o = (<usize>k) << 2;
      const a = v128.load(re + o);
      const b = v128.load(im + o);
      const x = f32x4.max(f32x4.add(f32x4.mul(a, a), f32x4.mul(b, b)), vfloor);
      let e = f32x4.convert_i32x4_s(i32x4.sub(i32x4.shr_s(x, 23), bias));
      let m = v128.or(v128.and(x, mantissaMask), oneBits);
      const big = f32x4.gt(m, sqrt2);
      m = v128.bitselect(f32x4.mul(m, half), m, big);
      e = v128.bitselect(f32x4.add(e, one), e, big);
      const s = f32x4.div(f32x4.sub(m, one), f32x4.add(m, one));
      const z = f32x4.mul(s, s);
      const inner = f32x4.add(third, f32x4.mul(z, f32x4.add(fifth, f32x4.mul(z, seventh))));
      const series = f32x4.add(s, f32x4.mul(f32x4.mul(s, z), inner));
      const lnm = f32x4.add(series, series);
      v128.store(out + o, f32x4.add(f32x4.mul(e, ln2hi), f32x4.add(f32x4.mul(e, ln2lo), lnm)));
    }
  }
  for (; k < count; k++) {
    const a = load<f32>(re + ((<usize>k) << 2));
    const b = load<f32>(im + ((<usize>k) << 2));
    const x = a * a + b * b;
    store<f32>(out + ((<usize>k) << 2), lnScalar(x > floor ? x : floor));
  }
}

const LN2_HI64: f64 = 6.9314718036912381649e-1; // ln 2 split so that e * LN2_HI64 is exact
const LN2_LO64: f64 = 1.90821492927058770002e-10;
const SQRT2_64: f64 = 1.4142135623730951;
const DB_PER_NEPER: f64 = 4.342944819032518; // 10 / ln 10

/** 10 log10(x + 1e-30) of one value by the same operations as decibels' lanes. */
function decibel(x0: f64): f64 {
  const x = x0 + 1e-30;
  const bits = reinterpret<i64>(x);
  let e = <f64>(<i32>(bits >> 52) - 1023);
  let m = reinterpret<f64>((bits & 0x000fffffffffffff) | 0x3ff0000000000000);
  if (m > SQRT2_64) {
    m = m * 0.5;
    e = e + 1.0;
  }
  const s = (m - 1.0) / (m + 1.0);
  const z = s * s;
  const series = lnSeries(z);
  return (e * LN2_HI64 + (e * LN2_LO64 + (s + s) * series)) * DB_PER_NEPER;
}

/** 1 + z/3 + z^2/5 + ... + z^10/21: ln m = 2 s times this, s = (m - 1)/(m + 1), |s| < 0.172 (error under 1e-16). */
function lnSeries(z: f64): f64 {
  return (
    1.0 +
    z *
      (1.0 / 3.0 +
        z *
          (0.2 +
            z *
              (1.0 / 7.0 +
                z *
                  (1.0 / 9.0 +
                    z *
                      (1.0 / 11.0 +
                        z *
                          (1.0 / 13.0 +
                            z * (1.0 / 15.0 + z * (1.0 / 17.0 + z * (1.0 / 19.0 + z * (1.0 / 21.0))))))))))
  );
}

/**
 * out[q] = 10 log10(row[q] + 1e-30), q < count: exponent and mantissa apart, ln of the mantissa
 * (in [0.71, 1.41]) by the series 2 atanh((m - 1)/(m + 1)) to the term where it is exact to
 * rounding; two lanes at a time where SIMD is on (the same operations per value as decibel()).
 * A library log10 per quefrency was a fifth of the cepstral peak prominence's time.
 */
function decibels(row: usize, out: usize, count: i32): void {
  let q = 0;
  if (ASC_FEATURE_SIMD) {
    const tiny = f64x2.splat(1e-30);
    const mantissaMask = i64x2.splat(0x000fffffffffffff);
    const oneBits = i64x2.splat(0x3ff0000000000000);
    const sqrt2 = f64x2.splat(SQRT2_64);
    const one = f64x2.splat(1.0);
    const halfV = f64x2.splat(0.5);
    const bias = i32x4.splat(1023);
    const hi = f64x2.splat(LN2_HI64);
    const lo = f64x2.splat(LN2_LO64);
    const toDb = f64x2.splat(DB_PER_NEPER);
    for (; q + 2 <= count; q += 2) {
      const o = (<usize>q) << 3;
      const x = f64x2.add(v128.load(row + o), tiny);
      const high = i64x2.shr_s(x, 52); // exponent bits (x > 0: no sign)
      let e = f64x2.convert_low_i32x4_s(i32x4.sub(v128.shuffle<i32>(high, high, 0, 2, 0, 2), bias));
      let m = v128.or(v128.and(x, mantissaMask), oneBits);
      const big = f64x2.gt(m, sqrt2);
      m = v128.bitselect(f64x2.mul(m, halfV), m, big);
      e = v128.bitselect(f64x2.add(e, one), e, big);
      const s = f64x2.div(f64x2.sub(m, one), f64x2.add(m, one));
      const z = f64x2.mul(s, s);
      let series = f64x2.splat(1.0 / 21.0);
      series = f64x2.add(f64x2.splat(1.0 / 19.0), f64x2.mul(z, series));
      series = f64x2.add(f64x2.splat(1.0 / 17.0), f64x2.mul(z, series));
      series = f64x2.add(f64x2.splat(1.0 / 15.0), f64x2.mul(z, series));
      series = f64x2.add(f64x2.splat(1.0 / 13.0), f64x2.mul(z, series));
      series = f64x2.add(f64x2.splat(1.0 / 11.0), f64x2.mul(z, series));
      series = f64x2.add(f64x2.splat(1.0 / 9.0), f64x2.mul(z, series));
      series = f64x2.add(f64x2.splat(1.0 / 7.0), f64x2.mul(z, series));
      series = f64x2.add(f64x2.splat(0.2), f64x2.mul(z, series));
      series = f64x2.add(f64x2.splat(1.0 / 3.0), f64x2.mul(z, series));
      series = f64x2.add(one, f64x2.mul(z, series));
      const lnm = f64x2.mul(f64x2.add(s, s), series);
      const ln = f64x2.add(f64x2.mul(e, hi), f64x2.add(f64x2.mul(e, lo), lnm));
      v128.store(out + o, f64x2.mul(ln, toDb));
    }
  }
  for (; q < count; q++) st(out, q, decibel(ld(row, q)));
}

/**
 * db[q] = max(db[q] - (slope q dq + intercept), 0) for q = from .. to (a negative difference
 * becomes +0, as the scalar comparison gives it), two lanes at a time where SIMD is on.
 */
function clipAboveLine(db: usize, from: i32, to: i32, slope: f64, intercept: f64, dq: f64): void {
  let q = from;
  if (ASC_FEATURE_SIMD) {
    const vdq = f64x2.splat(dq);
    const vslope = f64x2.splat(slope);
    const vintercept = f64x2.splat(intercept);
    const zero = f64x2.splat(0.0);
    const two = f64x2.splat(2.0);
    let nq = f64x2.replace_lane(f64x2.splat(<f64>q), 1, <f64>(q + 1));
    for (; q + 1 <= to; q += 2) {
      const at = db + ((<usize>q) << 3);
      const diff = f64x2.sub(v128.load(at), f64x2.add(f64x2.mul(vslope, f64x2.mul(nq, vdq)), vintercept));
      v128.store(at, v128.bitselect(zero, diff, f64x2.lt(diff, zero)));
      nq = f64x2.add(nq, two);
    }
  }
  for (; q <= to; q++) {
    const diff = ld(db, q) - (slope * (<f64>q * dq) + intercept);
    st(db, q, diff < 0.0 ? 0.0 : diff);
  }
}

/** PowerCepstrum_getPeakProminence with a straight robust trend over the whole quefrency domain. */
function peakProminence(row: usize, nq: i32, dq: f64, qmax: f64, db: usize, scratch: usize): f64 {
  decibels(row, db, nq);
  // The fit range 0.001..0 means "the whole domain" (Praat's autowindow); quefrency 0 is skipped.
  let imin = 1 + <i32>Math.ceil((0.0 - 0.0) / dq);
  let imax = 1 + <i32>Math.floor((qmax - 0.0) / dq);
  if (imin < 2) imin = 2;
  if (imax > nq) imax = nq;
  const points = imax - imin + 1;
  // Theil's incomplete method: slopes between the first and second halves, their median; the
  // intercept is the median of y - slope x.
  const pairs = points / 2;
  const offset = points % 2 == 1 ? pairs + 1 : pairs;
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    // Two pairs at a time, each lane the scalar loop's operations (the same numbers); the sample
    // numbers are counted in f64 lanes (exact small integers).
    const vdq = f64x2.splat(dq);
    const two = f64x2.splat(2.0);
    let na = f64x2.replace_lane(f64x2.splat(<f64>(imin - 1)), 1, <f64>imin);
    let nb = f64x2.replace_lane(f64x2.splat(<f64>(imin + offset - 1)), 1, <f64>(imin + offset));
    for (; i + 2 <= pairs; i += 2) {
      const ya = v128.load(db + ((<usize>(imin - 1 + i)) << 3));
      const yb = v128.load(db + ((<usize>(imin + offset - 1 + i)) << 3));
      const dx = f64x2.sub(f64x2.mul(nb, vdq), f64x2.mul(na, vdq));
      v128.store(scratch + ((<usize>i) << 3), f64x2.div(f64x2.sub(yb, ya), dx));
      na = f64x2.add(na, two);
      nb = f64x2.add(nb, two);
    }
  }
  for (; i < pairs; i++) {
    const ia = imin + i,
      ib = imin + offset + i;
    const xa = <f64>(ia - 1) * dq,
      xb = <f64>(ib - 1) * dq;
    st(scratch, i, (ld(db, ib - 1) - ld(db, ia - 1)) / (xb - xa));
  }
  const slope = median(scratch, pairs);
  i = 0;
  if (ASC_FEATURE_SIMD) {
    const vdq = f64x2.splat(dq);
    const vslope = f64x2.splat(slope);
    const two = f64x2.splat(2.0);
    let nx = f64x2.replace_lane(f64x2.splat(<f64>(imin - 1)), 1, <f64>imin);
    for (; i + 2 <= points; i += 2) {
      const y = v128.load(db + ((<usize>(imin - 1 + i)) << 3));
      v128.store(scratch + ((<usize>i) << 3), f64x2.sub(y, f64x2.mul(vslope, f64x2.mul(nx, vdq))));
      nx = f64x2.add(nx, two);
    }
  }
  for (; i < points; i++) {
    const isamp = imin + i;
    st(scratch, i, ld(db, isamp - 1) - slope * (<f64>(isamp - 1) * dq));
  }
  const intercept = median(scratch, points);
  // Vector_getMaximumAndX between 1/330 and 1/60 s, parabolic refinement.
  let lo = 1 + <i32>Math.ceil((1.0 / PITCH_CEILING - 0.0) / dq);
  let hi = 1 + <i32>Math.floor((1.0 / PITCH_FLOOR - 0.0) / dq);
  if (lo < 1) lo = 1;
  if (hi > nq) hi = nq;
  // Subtract the line, clip at 0 dB, where the search reads (1-based lo - 1 .. hi + 1). Praat
  // stores 10^(d/10) and reads it back as 10 log10(value + 1e-30), which returns d itself (to
  // rounding), so d is used directly.
  clipAboveLine(db, lo - 2 > 0 ? lo - 2 : 0, hi < nq - 1 ? hi : nq - 1, slope, intercept, dq);
  let best = ld(db, lo - 1);
  if (ld(db, hi - 1) > best) best = ld(db, hi - 1);
  if (lo == 1) lo++;
  if (hi == nq) hi--;
  for (let i = lo; i <= hi; i++) {
    const a = ld(db, i - 2),
      b = ld(db, i - 1),
      c = ld(db, i);
    if (b > a && b >= c) {
      const dy = 0.5 * (c - a);
      const d2y = 2.0 * b - a - c;
      const refined = b + (0.5 * dy * dy) / d2y;
      if (refined > best) best = refined;
    }
  }
  return best;
}
