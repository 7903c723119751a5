// Voice analyser entry point. JS writes samples into the exported input buffer and calls
// push(n); every `hop` samples the last 4096 are analysed and one frame (FRAME_STRIDE f32) is
// written to the output area. All memory is static: nothing allocates after start-up.

import { FFT_N, fftInit } from './fft';
import { correlate, yinConfigure, yinRun, yinPeriod, yinAperiodicity, yinCorrelation } from './yin';
import { spectralFeatures, centroidHz, band1, band2, band3, lowPower, highPower } from './spectrum';
import { historyReset, pushPitch, pushVolume, stability, dynamicRange } from './history';
import {
  LEVEL_GATE,
  VOICING_APERIODICITY,
  volumeOf,
  hnrDb,
  clarityOf,
  breathinessOf,
  resonanceOf,
  semitoneOf,
} from './measures';
import * as F from './layout';
import { localPeriodicity } from './hnr';

const RING: i32 = 16384;
const RING_MASK: i32 = RING - 1;
const INPUT_CAPACITY: i32 = 4096;
const MAX_FRAMES: i32 = INPUT_CAPACITY / 64 + 1;
const MIN_F0: f64 = 80;
const MAX_F0: f64 = 800;

const input = new StaticArray<f32>(INPUT_CAPACITY);
const ring = new StaticArray<f32>(RING);
const windowBuf = new StaticArray<f32>(FFT_N);
const frames = new StaticArray<f32>(MAX_FRAMES * F.FRAME_STRIDE);

let sampleRate: f64 = 48000;
let hop: i32 = 1024;
let writePos: i32 = 0;
let totalSamples: f64 = 0;
let untilFrame: i32 = FFT_N;
let initialised = false;

export function inputPtr(): usize {
  return changetype<usize>(input);
}
export function inputCapacity(): i32 {
  return INPUT_CAPACITY;
}
export function framesPtr(): usize {
  return changetype<usize>(frames);
}
export function frameStride(): i32 {
  return F.FRAME_STRIDE;
}
export function maxFrames(): i32 {
  return MAX_FRAMES;
}
export function windowSize(): i32 {
  return FFT_N;
}

/** Returns 0 on success, 1 for an unsupported sample rate, 2 for an unsupported hop. */
export function init(rate: f64, hopSize: i32): i32 {
  if (!(rate >= 16000 && rate <= 96000)) return 1;
  if (hopSize < 64 || hopSize > FFT_N) return 2;
  if (!initialised) fftInit();
  initialised = true;
  sampleRate = rate;
  hop = hopSize;
  // Search 60-1100 Hz so band-edge voices are found, then report only 80-800 Hz.
  yinConfigure(rate, 60, 1100);
  reset();
  return 0;
}

export function reset(): void {
  for (let i = 0; i < RING; i++) unchecked((ring[i] = 0));
  writePos = 0;
  totalSamples = 0;
  untilFrame = FFT_N;
  historyReset();
}

/** Consumes input[0..n); returns how many frames were written (slots 0..k-1). */
export function push(n: i32): i32 {
  if (!initialised || n <= 0) return 0;
  const count = min<i32>(n, INPUT_CAPACITY);
  let done = 0;
  let produced = 0;
  while (done < count) {
    const take = min<i32>(count - done, untilFrame);
    for (let i = 0; i < take; i++) {
      unchecked((ring[(writePos + i) & RING_MASK] = input[done + i]));
    }
    writePos = (writePos + take) & RING_MASK;
    totalSamples += <f64>take;
    done += take;
    untilFrame -= take;
    if (untilFrame == 0) {
      copyWindow();
      analyse(produced);
      produced++;
      untilFrame = hop;
    }
  }
  return produced;
}

/** Analyses input[0..4096) directly as one window (benchmarks, offline tools); writes slot 0. */
export function analyseInput(): void {
  for (let j = 0; j < FFT_N; j++) unchecked((windowBuf[j] = input[j]));
  totalSamples = <f64>FFT_N;
  analyse(0);
}

function copyWindow(): void {
  const start = writePos - FFT_N;
  for (let j = 0; j < FFT_N; j++) unchecked((windowBuf[j] = ring[(start + j) & RING_MASK]));
}

function analyse(slot: i32): void {
  const base = slot * F.FRAME_STRIDE;
  levelFeatures(base);
  correlate(windowBuf);
  yinRun(windowBuf);
  spectralFeatures(sampleRate);
  voiceFeatures(base);
}

function sumLanes(v: v128): f64 {
  return <f64>(
    (f32x4.extract_lane(v, 0) +
      f32x4.extract_lane(v, 1) +
      f32x4.extract_lane(v, 2) +
      f32x4.extract_lane(v, 3))
  );
}

// Removes the DC offset in place (a mic's offset is not loudness) and returns the RMS; the
// peak goes to levelPeak. f32x4 throughout; FFT_N is a multiple of 4.
let levelPeak: f32 = 0;

function removeDcAndMeasure(): f64 {
  const p = changetype<usize>(windowBuf);
  let acc = f32x4.splat(0);
  for (let j = 0; j < FFT_N; j += 4) acc = f32x4.add(acc, v128.load(p + ((<usize>j) << 2)));
  const mean = f32x4.splat(<f32>(sumLanes(acc) / <f64>FFT_N));
  let squares = f32x4.splat(0);
  let peak = f32x4.splat(0);
  for (let j = 0; j < FFT_N; j += 4) {
    const at = p + ((<usize>j) << 2);
    const v = f32x4.sub(v128.load(at), mean);
    v128.store(at, v);
    squares = f32x4.add(squares, f32x4.mul(v, v));
    peak = f32x4.max(peak, f32x4.abs(v));
  }
  levelPeak = Mathf.max(
    Mathf.max(f32x4.extract_lane(peak, 0), f32x4.extract_lane(peak, 1)),
    Mathf.max(f32x4.extract_lane(peak, 2), f32x4.extract_lane(peak, 3)),
  );
  return Math.sqrt(sumLanes(squares) / <f64>FFT_N);
}

/** Adjacent sample pairs whose sign (>= 0 or < 0) differs, counted four pairs at a time. */
function zeroCrossings(): i32 {
  const p = changetype<usize>(windowBuf);
  const zero = f32x4.splat(0);
  let count = i32x4.splat(0);
  let j = 1;
  for (; j + 4 <= FFT_N; j += 4) {
    const at = p + ((<usize>j) << 2);
    const flips = v128.xor(f32x4.ge(v128.load(at), zero), f32x4.ge(v128.load(at - 4), zero));
    count = i32x4.sub(count, flips); // a true lane is -1
  }
  let total =
    i32x4.extract_lane(count, 0) +
    i32x4.extract_lane(count, 1) +
    i32x4.extract_lane(count, 2) +
    i32x4.extract_lane(count, 3);
  for (; j < FFT_N; j++) if (unchecked(windowBuf[j]) >= 0 != unchecked(windowBuf[j - 1]) >= 0) total++;
  return total;
}

// Zero-crossing rate = fraction of adjacent sample pairs that change sign.
function levelFeatures(base: i32): void {
  const rms = removeDcAndMeasure();
  unchecked((frames[base + F.T] = <f32>((totalSamples - <f64>(FFT_N / 2)) / sampleRate)));
  unchecked((frames[base + F.RMS] = <f32>rms));
  unchecked((frames[base + F.PEAK] = levelPeak));
  unchecked((frames[base + F.ZCR] = <f32>zeroCrossings() / <f32>(FFT_N - 1)));
  unchecked((frames[base + F.VOLUME] = <f32>volumeOf(rms)));
}

function voiceFeatures(base: i32): void {
  const rms = <f64>unchecked(frames[base + F.RMS]);
  const volume = unchecked(frames[base + F.VOLUME]);
  const sound = rms >= LEVEL_GATE;
  const f0 = yinPeriod > 0 ? sampleRate / yinPeriod : 0;
  const voiced = sound && yinAperiodicity < VOICING_APERIODICITY && f0 >= MIN_F0 && f0 <= MAX_F0;
  const r = sound && yinPeriod > 0 ? localPeriodicity(windowBuf, yinPeriod) : yinCorrelation;
  const hnr = hnrDb(r);
  unchecked((frames[base + F.F0] = voiced ? <f32>f0 : 0));
  unchecked((frames[base + F.SEMITONE] = voiced ? <f32>semitoneOf(f0) : 0));
  unchecked((frames[base + F.VOICED] = voiced ? 1 : 0));
  unchecked((frames[base + F.F0_CANDIDATE] = <f32>f0));
  unchecked((frames[base + F.APERIODICITY] = <f32>yinAperiodicity));
  unchecked((frames[base + F.PERIODICITY] = <f32>r));
  unchecked((frames[base + F.HNR] = <f32>hnr));
  unchecked((frames[base + F.CLARITY] = sound ? <f32>clarityOf(hnr) : 0));
  unchecked((frames[base + F.BREATHINESS] = sound ? <f32>breathinessOf(hnr, lowPower, highPower) : 0));
  unchecked((frames[base + F.RESONANCE] = sound ? <f32>resonanceOf(band1, band2, band3) : 0));
  unchecked((frames[base + F.CENTROID] = <f32>centroidHz));
  unchecked((frames[base + F.PROJECTION] = Mathf.min(1, volume * <f32>1.2)));
  unchecked((frames[base + F.BAND1] = <f32>band1));
  unchecked((frames[base + F.BAND2] = <f32>band2));
  unchecked((frames[base + F.BAND3] = <f32>band3));
  if (voiced) pushPitch(<f32>semitoneOf(f0));
  if (sound) pushVolume(volume);
  unchecked((frames[base + F.STABILITY] = stability()));
  unchecked((frames[base + F.DYNAMIC_RANGE] = dynamicRange()));
}
