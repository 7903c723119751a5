// The periodicity measures of AVQI 03.01 on the joined signal, as the published Praat script
// computes them (Maryn & Barsties 2015; see docs/voice-assessment-periodicity.md), and jitter
// (local) on the same pulses (`Get jitter (local): 0, 0, 0.0001, 0.02, 1.3`, issue 31: the DSI):
// - shimmer local (%) and local dB: `To PointProcess (periodic, cc): 50, 400` (an ac pitch
//   analysis, then cross-correlated pulses), then `Get shimmer (local)` and `(local_dB)` with
//   (0, 0, 0.0001, 0.02, 1.3, 1.6);
// - HNR: the voice report's "Mean harmonics-to-noise ratio", which is the mean over the voiced
//   frames of `To Pitch (cc): 0, 75, 15, no, 0.03, 0.45, 0.01, 0.35, 0.14, 600` of
//   10 log10(r / (1 - r)), r being each frame's winning cross-correlation strength.
// The signal is n f64 samples in Wasm memory, its first sample at half a sample period (Praat's
// convention for read or concatenated sounds). Working memory comes from the arena; the caller
// resets it. Results are NaN when a measure cannot be computed (too short, no voiced frames,
// fewer than three pulses).

import {
  praatPitch,
  signalRunningSum,
  METHOD_AC,
  METHOD_CC,
  pitchFrames,
  pitchFrequency,
  pitchStrength,
  pitchCeiling,
} from './praat-pitch';
import { arenaMark, arenaRelease } from '../arena';
import { praatPulses, pulseCount, pulseTimes } from './praat-pulses';
import { praatShimmer, shimmerLocal, shimmerLocalDb } from './praat-shimmer';
import { praatJitterLocal } from './praat-jitter';

/**
 * Time step of the pitch analysis whose strengths HNR averages. The script asks for 0 (Praat's
 * default: a quarter of the 13.3 ms window, 3.33 ms, 300 frames per second); HNR is a mean over
 * the voiced frames, and frames 5 ms apart (each 26.7 ms long, so they overlap by four fifths)
 * sample the same strengths with a third less work; the path finder scales its transition costs
 * by 0.01 / time step as Praat does for any step. A 10 ms step moved HNR by up to 1.7 dB on a
 * double-pulsed voice (the path's voicing decisions change); 5 ms keeps every pair within 0.3 dB
 * of Praat's 3.33 ms run (docs/voice-assessment-engine.md).
 */
const HNR_TIME_STEP: f64 = 0.005;

let shimmerPercent: f64 = NaN;
let shimmerDb: f64 = NaN;
let hnr: f64 = NaN;
let jitterPercent: f64 = NaN;
let voicedShare: f64 = NaN;
let medianF0: f64 = NaN;

/**
 * Share of the frames the last pitch analysis found voiced, and their median f0: what Praat's
 * own pitch track says of a sound, for callers that ask whether it is a voice at all (the
 * assessment's vowel check, issue 31: a hoarse voice the live analyser cannot follow).
 */
function readVoicing(): void {
  const voiced = new Array<f64>();
  for (let f = 0; f < pitchFrames; f++) {
    const freq = load<f64>(pitchFrequency + ((<usize>f) << 3));
    if (freq > 0.0 && freq < pitchCeiling) voiced.push(freq);
  }
  voicedShare = pitchFrames > 0 ? <f64>voiced.length / <f64>pitchFrames : NaN;
  if (voiced.length == 0) {
    medianF0 = NaN;
    return;
  }
  voiced.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = voiced.length >> 1;
  medianF0 = voiced.length & 1 ? voiced[mid] : 0.5 * (voiced[mid - 1] + voiced[mid]);
}

/** Mean of 10 log10(r / (1 - r)) over the voiced frames of the last pitch analysis (Praat's clamps). */
function meanHarmonicity(): f64 {
  let sum = 0.0;
  let count = 0;
  for (let f = 0; f < pitchFrames; f++) {
    const freq = load<f64>(pitchFrequency + ((<usize>f) << 3));
    if (!(freq > 0.0 && freq < pitchCeiling)) continue;
    const r = load<f64>(pitchStrength + ((<usize>f) << 3));
    const db = r <= 1e-15 ? -150.0 : r > 1.0 - 1e-15 ? 150.0 : 10.0 * Math.log10(r / (1.0 - r));
    sum += db;
    count++;
  }
  return count == 0 ? NaN : sum / <f64>count;
}

export function measurePeriodicity(signalPtr: usize, n: i32, rate: f64): void {
  shimmerPercent = NaN;
  shimmerDb = NaN;
  hnr = NaN;
  jitterPercent = NaN;
  voicedShare = NaN;
  medianF0 = NaN;
  if (n <= 0 || !(rate > 0)) return;
  const dx = 1.0 / rate;
  // The signal's running sum gives both analyses their frames' local means. The two pitch
  // analyses then run one after the other in the same memory: the second reuses the pages the
  // first (and the pulses) touched instead of faulting in new ones.
  const outer = arenaMark();
  const runningSum = signalRunningSum(signalPtr, n);
  const mark = arenaMark();
  if (
    praatPitch(
      signalPtr,
      n,
      dx,
      METHOD_AC,
      3.0,
      50.0,
      400.0,
      15,
      0.03,
      0.45,
      0.01,
      0.35,
      0.14,
      0.0,
      runningSum,
    )
  ) {
    readVoicing();
    praatPulses(signalPtr, n, dx);
    praatShimmer(signalPtr, n, dx, pulseTimes, pulseCount, 0.0001, 0.02, 1.3, 1.6);
    shimmerPercent = shimmerLocal * 100.0;
    shimmerDb = shimmerLocalDb;
    jitterPercent = praatJitterLocal(pulseTimes, pulseCount, 0.0001, 0.02, 1.3) * 100.0;
  }
  arenaRelease(mark);
  if (
    praatPitch(
      signalPtr,
      n,
      dx,
      METHOD_CC,
      1.0,
      75.0,
      600.0,
      15,
      0.03,
      0.45,
      0.01,
      0.35,
      0.14,
      HNR_TIME_STEP,
      runningSum,
    )
  ) {
    hnr = meanHarmonicity();
  }
  arenaRelease(outer);
}

/**
 * Jitter (local) alone, as `To PointProcess (periodic, cc): 50, 400` then `Get jitter (local): 0,
 * 0, 0.0001, 0.02, 1.3` give it: the ac pitch and pulses of measurePeriodicity without shimmer or
 * HNR. The assessment's vowel jitter (the DSI's) and the range's jitter use it. Percent; NaN when
 * fewer than three usable pulses. Leaves the arena as it found it.
 */
export function measureJitter(signalPtr: usize, n: i32, rate: f64, floor: f64, ceiling: f64): f64 {
  if (n <= 0 || !(rate > 0)) return NaN;
  const dx = 1.0 / rate;
  const mark = arenaMark();
  const runningSum = signalRunningSum(signalPtr, n);
  let jitter = NaN;
  if (
    praatPitch(
      signalPtr,
      n,
      dx,
      METHOD_AC,
      3.0,
      floor,
      ceiling,
      15,
      0.03,
      0.45,
      0.01,
      0.35,
      0.14,
      0.0,
      runningSum,
    )
  ) {
    praatPulses(signalPtr, n, dx);
    jitter = praatJitterLocal(pulseTimes, pulseCount, 0.0001, 0.02, 1.3) * 100.0;
  }
  arenaRelease(mark);
  return jitter;
}

/** Jitter (local) of the last measurePeriodicity() call's pulses, percent. */
export function periodicityJitterPercent(): f64 {
  return jitterPercent;
}

/** Share of frames voiced in the last measurePeriodicity() call's ac pitch (50-400 Hz). */
export function periodicityVoicedShare(): f64 {
  return voicedShare;
}

/** Median f0 (Hz) of those voiced frames; NaN when none. */
export function periodicityMedianF0(): f64 {
  return medianF0;
}

/** Shimmer (local) of the last measurePeriodicity() call, in percent. */
export function periodicityShimmerPercent(): f64 {
  return shimmerPercent;
}

/** Shimmer (local, dB) of the last call. */
export function periodicityShimmerDb(): f64 {
  return shimmerDb;
}

/** The voice report's mean harmonics-to-noise ratio (dB) of the last call. */
export function periodicityHnr(): f64 {
  return hnr;
}
