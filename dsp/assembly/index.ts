// Voice analyser entry point. JS writes samples into the exported input buffer and calls
// push(n); every `hop` input samples the last window is analysed and one frame (FRAME_STRIDE
// f32) is written to the output area. All memory is static: nothing allocates after start-up.

import { FFT_N, fftInit } from './fft';
import {
  correlate,
  yinConfigure,
  yinRun,
  yinPeriod,
  yinAperiodicity,
  candCount,
  candPeriod,
  candAper,
  candPick,
  candBlocked,
  yinSilence,
} from './yin';
import {
  spectralFeatures,
  spectrumConfigure,
  spectrumSilence,
  tiltFeatures,
  singersFormantDb,
  alphaRatioDb,
  harmonicShare,
  centroidHz,
  band1,
  band2,
  band3,
  lowPower,
  highPower,
} from './spectrum';
import { trackerReset, trackStep, trackF0, trackAperiodicity, bridgeTrack } from './tracker';
import { persistenceLevel } from './persistence';
import { reportedPeriod } from './refine';
import {
  historyReset,
  pushVoiced,
  pushUnvoiced,
  pushVolume,
  dynamicRange,
  stabilityValue,
  vibratoRate,
  vibratoExtent,
  wobbleCents,
} from './history';
import {
  HUM_MAX_HZ,
  HUM_HARMONIC_SHARE,
  volumeOf,
  hnrDb,
  clarityOf,
  breathinessOf,
  resonanceOf,
  projectionOf,
  dbfs,
  semitoneOf,
} from './measures';
import { mainsBlocks, mainsNextFrame, mainsReset } from './mains';
import * as F from './layout';
import { localPeriodicity, jitterLocal, shimmerLocal } from './hnr';

const RING: i32 = 16384;
const RING_MASK: i32 = RING - 1;
const INPUT_CAPACITY: i32 = 4096;
const MIN_HOP: i32 = 32;
const MAX_FRAMES: i32 = INPUT_CAPACITY / MIN_HOP + 1;
/** Widest pitch range the engine reports; setRange may narrow it to the member's voice. */
export const LOWEST_F0: f64 = 50;
export const HIGHEST_F0: f64 = 1500;
/** Window = this many periods of the pitch floor (Praat's AC method uses 3). */
const FLOOR_PERIODS: f64 = 3;
/**
 * Rates above this are halved (twice above 58 kHz), so the analysis runs at 16-29 kHz: a 50 Hz
 * window (70 ms) fits the 2048-point FFT, and the voice (pitch to 1500 Hz, every spectral
 * measure under 5 kHz) loses nothing while each frame costs half of what it did at 44.1-48 kHz.
 */
const MAX_WORK_RATE: f64 = 29000;
/** Never voiced below this RMS (about -70 dBFS) whatever the recording. */
const ABSOLUTE_SILENCE: f64 = 0.000316;
/** A frame more than 35 dB under the loudest frame so far is silence (relative threshold). */
const RELATIVE_SILENCE: f64 = 0.0178;

const input = new StaticArray<f32>(INPUT_CAPACITY);
const ring = new StaticArray<f32>(RING);
const windowBuf = new StaticArray<f32>(FFT_N);
// Harmonicity, jitter and shimmer are measured at the full rate (at most 48 kHz): breath noise
// above the working band is part of a voice's noise, as in Praat. fullRing holds the input (or,
// above 58 kHz, the first half-band's output); fullBuf the window at that rate.
const fullRing = new StaticArray<f32>(RING);
const fullBuf = new StaticArray<f32>(2 * FFT_N);
let fullPos: i32 = 0;
let fullFactor: i32 = 1; // full rate / working rate: 1 or 2
let fullValid = false; // false when analyseInput() was given a working-rate window only
// Input-sample numbers of the last CLIP_MIN_SAMPLES samples at the converter's rail.
const clipAt = new StaticArray<f64>(4);
let clipSlot: i32 = 0;
let inputCount: f64 = 0;
const frames = new StaticArray<f32>(MAX_FRAMES * F.FRAME_STRIDE);

let inputRate: f64 = 48000;
let sampleRate: f64 = 48000; // working rate (after decimation)
let decimate: i32 = 1;
let hop: i32 = 480; // input samples between frames
let winLen: i32 = FFT_N;
let floorHz: f64 = LOWEST_F0;
let ceilingHz: f64 = HIGHEST_F0;
let writePos: i32 = 0;
let totalSamples: f64 = 0;
let untilFrame: i32 = FFT_N;
let initialised = false;
let loudestRms: f64 = 0;
// Half-band decimators (11 taps: 3 0 -25 0 150 256 150 0 -25 0 3, /512; -0.1 dB at 5 kHz and
// -1 dB at 8 kHz of a 48 kHz input), one or two in cascade. Each keeps its last 11 inputs in a
// 16-slot ring and yields an output on every second input.
const HB_RING: i32 = 16;
const hbState = new StaticArray<f32>(2 * HB_RING);
const hbPos = new StaticArray<i32>(2);
const hbPhase = new StaticArray<i32>(2);
let hbOut: f32 = 0;

function hbTap(base: i32, pos: i32, back: i32): f32 {
  return unchecked(hbState[base + ((pos - back) & (HB_RING - 1))]);
}

/** Feeds one sample to half-band stage `st`; true when it produced hbOut. */
function halfBand(st: i32, v: f32): bool {
  const base = st * HB_RING;
  const pos = (unchecked(hbPos[st]) + 1) & (HB_RING - 1);
  unchecked((hbPos[st] = pos));
  unchecked((hbState[base + pos] = v));
  const ph = unchecked(hbPhase[st]) ^ 1;
  unchecked((hbPhase[st] = ph));
  if (ph == 0) return false;
  hbOut =
    (<f32>256 * hbTap(base, pos, 5) +
      <f32>150 * (hbTap(base, pos, 4) + hbTap(base, pos, 6)) -
      <f32>25 * (hbTap(base, pos, 2) + hbTap(base, pos, 8)) +
      <f32>3 * (v + hbTap(base, pos, 10))) *
    <f32>(1.0 / 512.0);
  return true;
}

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
/** Samples (at the working rate) in one analysis window. */
export function windowSize(): i32 {
  return winLen;
}
/** The rate the analysis runs at: the input rate, halved above 48 kHz. */
export function workingRate(): f64 {
  return sampleRate;
}
export function pitchFloor(): f64 {
  return floorHz;
}
export function pitchCeiling(): f64 {
  return ceilingHz;
}

/** Returns 0 on success, 1 for an unsupported sample rate, 2 for an unsupported hop. */
export function init(rate: f64, hopSize: i32): i32 {
  if (!(rate >= 8000 && rate <= 96000)) return 1;
  const factor = rate > 2 * MAX_WORK_RATE ? 4 : rate > MAX_WORK_RATE ? 2 : 1;
  if (hopSize / factor < MIN_HOP || hopSize > INPUT_CAPACITY) return 2;
  if (!initialised) fftInit();
  initialised = true;
  inputRate = rate;
  decimate = factor;
  sampleRate = rate / <f64>factor;
  hop = hopSize;
  fullFactor = factor >= 2 ? 2 : 1;
  setRange(LOWEST_F0, HIGHEST_F0);
  reset();
  return 0;
}

/**
 * Narrows the pitch range to the member's voice (a shorter window follows a higher floor).
 * Clamped so that a wrong guess never cuts off a real voice: the floor stays at or below
 * 120 Hz (a bass sings down to ~65-80 Hz, so callers pass a margin below the member's
 * lowest note) and the ceiling at or above 700 Hz. The stream goes on (a live change keeps
 * the samples, the tracker and the note history; the next frame uses the new window).
 */
export function setRange(lowHz: f64, highHz: f64): void {
  floorHz = Math.min(120, Math.max(LOWEST_F0, lowHz));
  ceilingHz = Math.max(700, Math.min(Math.min(HIGHEST_F0, highHz), sampleRate / 6));
  // Search 6 % beyond the reported range so a voice at the edge is found at its own octave.
  const searchLow = floorHz * 0.94;
  const maxLag = <i32>Math.ceil(sampleRate / searchLow);
  let len = <i32>Math.ceil((FLOOR_PERIODS * sampleRate) / floorHz) + maxLag / 2;
  len = min<i32>(FFT_N, (len + 3) & ~3);
  winLen = len;
  spectrumConfigure(winLen);
  yinConfigure(sampleRate, searchLow, Math.min(ceilingHz * 1.06, sampleRate / 4), winLen);
  for (let i = winLen; i < FFT_N; i++) unchecked((windowBuf[i] = 0));
}

export function reset(): void {
  for (let i = 0; i < RING; i++) unchecked((ring[i] = 0));
  for (let i = 0; i < FFT_N; i++) unchecked((windowBuf[i] = 0));
  writePos = 0;
  fullPos = 0;
  fullValid = false;
  for (let i = 0; i < RING; i++) unchecked((fullRing[i] = 0));
  for (let i = 0; i < 4; i++) unchecked((clipAt[i] = -1e12));
  clipSlot = 0;
  inputCount = 0;
  totalSamples = 0;
  untilFrame = winLen * decimate;
  loudestRms = 0;
  for (let i = 0; i < 2 * HB_RING; i++) unchecked((hbState[i] = 0));
  for (let i = 0; i < 2; i++) {
    unchecked((hbPos[i] = 0));
    unchecked((hbPhase[i] = 0));
  }
  historyReset();
  trackerReset();
  mainsReset();
}

/** Consumes input[0..n); returns how many frames were written (slots 0..k-1). */
export function push(n: i32): i32 {
  if (!initialised || n <= 0) return 0;
  const count = min<i32>(n, INPUT_CAPACITY);
  let produced = 0;
  for (let i = 0; i < count; i++) {
    let v = unchecked(input[i]);
    // Clipping is judged on the samples as they arrived (a filter would round the rail off).
    if (Mathf.abs(v) >= <f32>0.99) {
      unchecked((clipAt[clipSlot] = inputCount));
      clipSlot = (clipSlot + 1) % CLIP_MIN_SAMPLES;
    }
    inputCount += 1;
    let have = true;
    if (decimate >= 2) {
      if (decimate == 2) writeFull(v);
      have = halfBand(0, v);
      v = hbOut;
      if (have && decimate == 4) {
        writeFull(v);
        have = halfBand(1, v);
        v = hbOut;
      }
    }
    if (have) {
      unchecked((ring[writePos] = v));
      writePos = (writePos + 1) & RING_MASK;
      totalSamples += 1;
    }
    // Frames are counted in input samples, so the hop is exactly 10 ms at 44.1 kHz too.
    untilFrame--;
    if (untilFrame == 0) {
      if (produced < MAX_FRAMES) {
        copyWindow();
        analyse(produced);
        produced++;
      }
      untilFrame = hop;
    }
  }
  return produced;
}

/**
 * Analyses input[0..windowSize()) directly as one window at the working rate (benchmarks,
 * offline tools); writes slot 0. No history: the voicing decision sees this frame alone.
 */
export function analyseInput(): void {
  for (let j = 0; j < winLen; j++) unchecked((windowBuf[j] = input[j]));
  for (let j = winLen; j < FFT_N; j++) unchecked((windowBuf[j] = 0));
  totalSamples = <f64>winLen;
  fullValid = false;
  let rail = 0;
  for (let j = 0; j < winLen; j++) if (Mathf.abs(unchecked(windowBuf[j])) >= <f32>0.99) rail++;
  clippedNow = rail >= CLIP_MIN_SAMPLES;
  trackerReset();
  mainsReset();
  analyse(0);
}

function writeFull(v: f32): void {
  unchecked((fullRing[fullPos] = v));
  fullPos = (fullPos + 1) & RING_MASK;
}

function copyWindow(): void {
  const start = writePos - winLen;
  for (let j = 0; j < winLen; j++) unchecked((windowBuf[j] = ring[(start + j) & RING_MASK]));
  fullValid = true;
  // The window spans winLen x decimate input samples; clipped if the oldest of the last
  // CLIP_MIN_SAMPLES rail samples lies inside it.
  const oldest = unchecked(clipAt[clipSlot]);
  clippedNow = oldest >= inputCount - <f64>(winLen * decimate);
}

/**
 * Fills fullBuf with the window at the full rate (mean removed) and returns its length; at
 * 29 kHz and below that is the working window itself.
 */
function fullWindow(): i32 {
  if (fullFactor == 1 || !fullValid) return winLen;
  const len = winLen * fullFactor;
  const start = fullPos - len;
  let sum: f64 = 0;
  for (let j = 0; j < len; j++) {
    const v = unchecked(fullRing[(start + j) & RING_MASK]);
    unchecked((fullBuf[j] = v));
    sum += <f64>v;
  }
  const mean = <f32>(sum / <f64>len);
  for (let j = 0; j < len; j++) unchecked((fullBuf[j] = fullBuf[j] - mean));
  return len;
}

function analyse(slot: i32): void {
  const base = slot * F.FRAME_STRIDE;
  levelFeatures(base);
  const rms = <f64>unchecked(frames[base + F.RMS]);
  if (rms < ABSOLUTE_SILENCE || rms < loudestRms * RELATIVE_SILENCE) {
    // Silence cannot be voiced (its voicing cost is prohibitive), so skip the pitch and
    // spectrum work: a recording's pauses cost almost nothing.
    yinSilence();
    spectrumSilence();
  } else {
    correlate(windowBuf);
    yinRun(windowBuf);
    spectralFeatures(windowBuf, sampleRate);
  }
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
let clippedNow = false;
/** A frame with at least this many samples at the rail is "too loud for the microphone". */
const CLIP_MIN_SAMPLES: i32 = 3;

function removeDcAndMeasure(): f64 {
  if (!ASC_FEATURE_SIMD) return removeDcScalar();
  const p = changetype<usize>(windowBuf);
  let acc = f32x4.splat(0);
  for (let j = 0; j < winLen; j += 4) acc = f32x4.add(acc, v128.load(p + ((<usize>j) << 2)));
  const mean = f32x4.splat(<f32>(sumLanes(acc) / <f64>winLen));
  let squares = f32x4.splat(0);
  let peak = f32x4.splat(0);
  for (let j = 0; j < winLen; j += 4) {
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
  return Math.sqrt(sumLanes(squares) / <f64>winLen);
}

function removeDcScalar(): f64 {
  let sum: f64 = 0;
  for (let j = 0; j < winLen; j++) sum += <f64>unchecked(windowBuf[j]);
  const mean = <f32>(sum / <f64>winLen);
  let squares: f64 = 0;
  let peak: f32 = 0;
  for (let j = 0; j < winLen; j++) {
    const v = unchecked(windowBuf[j]) - mean;
    unchecked((windowBuf[j] = v));
    squares += <f64>(v * v);
    peak = Mathf.max(peak, Mathf.abs(v));
  }
  levelPeak = peak;
  return Math.sqrt(squares / <f64>winLen);
}

/** Adjacent sample pairs whose sign (>= 0 or < 0) differs, counted four pairs at a time. */
function zeroCrossings(): i32 {
  if (!ASC_FEATURE_SIMD) {
    let n = 0;
    for (let j = 1; j < winLen; j++)
      if (unchecked(windowBuf[j]) >= 0 != unchecked(windowBuf[j - 1]) >= 0) n++;
    return n;
  }
  const p = changetype<usize>(windowBuf);
  const zero = f32x4.splat(0);
  let count = i32x4.splat(0);
  let j = 1;
  for (; j + 4 <= winLen; j += 4) {
    const at = p + ((<usize>j) << 2);
    const flips = v128.xor(f32x4.ge(v128.load(at), zero), f32x4.ge(v128.load(at - 4), zero));
    count = i32x4.sub(count, flips); // a true lane is -1
  }
  let total =
    i32x4.extract_lane(count, 0) +
    i32x4.extract_lane(count, 1) +
    i32x4.extract_lane(count, 2) +
    i32x4.extract_lane(count, 3);
  for (; j < winLen; j++) if (unchecked(windowBuf[j]) >= 0 != unchecked(windowBuf[j - 1]) >= 0) total++;
  return total;
}

// Zero-crossing rate = fraction of adjacent sample pairs that change sign.
function levelFeatures(base: i32): void {
  const rms = removeDcAndMeasure();
  unchecked((frames[base + F.T] = <f32>((totalSamples - <f64>winLen * 0.5) / sampleRate)));
  unchecked((frames[base + F.RMS] = <f32>rms));
  unchecked((frames[base + F.PEAK] = levelPeak));
  // Per pair of input samples, so the figure does not depend on the decimation.
  unchecked((frames[base + F.ZCR] = <f32>(<f64>zeroCrossings() / <f64>(winLen - 1) / <f64>decimate)));
  unchecked((frames[base + F.VOLUME] = <f32>volumeOf(rms)));
}

function voiceFeatures(base: i32): void {
  const rms = <f64>unchecked(frames[base + F.RMS]);
  const volume = unchecked(frames[base + F.VOLUME]);
  if (rms > loudestRms) loudestRms = rms;
  const silent = rms < ABSOLUTE_SILENCE || rms < loudestRms * RELATIVE_SILENCE;
  const pickF0 = yinPeriod > 0 ? sampleRate / yinPeriod : 0;
  mainsNextFrame();
  bridgeTrack(sampleRate, silent);
  // Mains hum (50/60 Hz and a weak buzz above it) is a near-sinusoid; a voice that low always
  // carries strong harmonics (creak, vocal fry, a bass's chest voice). A buzz with harmonics
  // is told by its machine-exact 50 or 60 Hz period (mains.ts).
  for (let c = 0; c < candCount; c++) {
    const f = sampleRate / unchecked(candPeriod[c]);
    const hum = f < HUM_MAX_HZ && harmonicShare(f, sampleRate) < HUM_HARMONIC_SHARE;
    unchecked((candBlocked[c] = hum || mainsBlocks(f, unchecked(candAper[c]))));
  }
  persistenceLevel(rms);
  trackStep(sampleRate, silent, floorHz, ceilingHz);
  // The tracker's choice, its period refined on the smoothed difference function (refine.ts).
  const f0 = trackF0 > 0 ? sampleRate / reportedPeriod(sampleRate / trackF0) : 0;
  const voiced = f0 > 0;
  let r: f64 = 0;
  if (voiced) {
    const len = fullWindow();
    r =
      len > winLen
        ? localPeriodicity(fullBuf, (sampleRate * <f64>fullFactor) / f0, len)
        : localPeriodicity(windowBuf, sampleRate / f0, winLen);
  }
  const hnr = voiced ? hnrDb(r) : 0;
  const clipped = clippedNow;
  if (voiced) tiltFeatures(sampleRate);
  // Level of the periodic part only: noise lowers r, so it does not raise projection.
  const harmonicDb = voiced ? dbfs(rms * Math.sqrt(r)) : -200;
  unchecked((frames[base + F.F0] = voiced ? <f32>f0 : 0));
  unchecked((frames[base + F.SEMITONE] = voiced ? <f32>semitoneOf(f0) : 0));
  unchecked((frames[base + F.VOICED] = voiced ? 1 : 0));
  unchecked((frames[base + F.F0_CANDIDATE] = <f32>pickF0));
  unchecked((frames[base + F.APERIODICITY] = <f32>(voiced ? trackAperiodicity : yinAperiodicity)));
  unchecked((frames[base + F.PERIODICITY] = <f32>r));
  unchecked((frames[base + F.HNR] = <f32>hnr));
  // Voice measures exist only for voice: nothing is computed for silence, noise or hum.
  unchecked((frames[base + F.CLARITY] = voiced ? <f32>clarityOf(hnr) : 0));
  unchecked((frames[base + F.BREATHINESS] = voiced ? <f32>breathinessOf(hnr, lowPower, highPower) : 0));
  unchecked((frames[base + F.RESONANCE] = voiced ? <f32>resonanceOf(singersFormantDb) : 0));
  unchecked((frames[base + F.CENTROID] = <f32>centroidHz));
  // A clipped frame's level and tilt are the microphone's, not the voice's: no projection.
  unchecked(
    (frames[base + F.PROJECTION] = voiced && !clipped ? <f32>projectionOf(harmonicDb, alphaRatioDb, r) : 0),
  );
  unchecked((frames[base + F.BAND1] = <f32>band1));
  unchecked((frames[base + F.BAND2] = <f32>band2));
  unchecked((frames[base + F.BAND3] = <f32>band3));
  unchecked((frames[base + F.JITTER] = voiced ? <f32>jitterLocal : 0));
  unchecked((frames[base + F.SHIMMER] = voiced ? <f32>shimmerLocal : 0));
  unchecked((frames[base + F.CLIPPED] = clipped ? 1 : 0));
  unchecked((frames[base + F.ALPHA_RATIO] = voiced ? <f32>alphaRatioDb : 0));
  unchecked((frames[base + F.SINGERS_FORMANT] = voiced ? <f32>singersFormantDb : 0));
  unchecked((frames[base + F.HARMONIC_DB] = voiced ? <f32>harmonicDb : 0));
  if (voiced) pushVoiced(semitoneOf(f0), jitterLocal, shimmerLocal, <f64>hop / inputRate);
  else pushUnvoiced();
  if (!silent) pushVolume(volume);
  unchecked((frames[base + F.STABILITY] = <f32>stabilityValue));
  unchecked((frames[base + F.VIBRATO_RATE] = <f32>vibratoRate));
  unchecked((frames[base + F.VIBRATO_EXTENT] = <f32>vibratoExtent));
  unchecked((frames[base + F.WOBBLE] = voiced && stabilityValue > 0 ? <f32>wobbleCents : 0));
  unchecked((frames[base + F.DYNAMIC_RANGE] = dynamicRange()));
}

/** Diagnostics: period (samples) and CMNDF of candidate i of the last frame, -1 if none. */
export function candidatePeriod(i: i32): f64 {
  return i < candCount ? unchecked(candPeriod[i]) : -1;
}
export function candidateAperiodicity(i: i32): f64 {
  return i < candCount ? unchecked(candAper[i]) : -1;
}
export function candidatePick(): i32 {
  return candPick;
}

// Whole-recording analyses (the voice assessment) work in a scratch arena above the live state.
export { arenaReset, arenaAlloc, arenaUsed } from './arena';
export {
  measurePeriodicity,
  periodicityShimmerPercent,
  periodicityShimmerDb,
  periodicityHnr,
  periodicityVoicedShare,
  periodicityMedianF0,
  periodicityJitterPercent,
  measureJitter,
} from './avqi/periodicity';
export {
  avqiAnalyse,
  avqiCpps,
  avqiHnr,
  avqiShimmerPercent,
  avqiShimmerDb,
  avqiLtasSlope,
  avqiLtasTilt,
  avqiVoicedSeconds,
  avqiJoinedLength,
  avqiVowelCpps,
  avqiVowelJitter,
} from './avqi/assessment';
// The voice range profile (issue 31), in the same arena.
export {
  rangeAnalyse,
  rangeVoicedCount,
  rangeVoicedF0,
  rangeVoicedDb,
  rangeFrameCount,
  rangeLowestHz,
  rangeHighestHz,
  rangeJitterPercent,
} from './range/range';
