// The Acoustic Voice Quality Index 03.01 (Maryn & Barsties 2015), step by step as the published
// Praat script runs it, on a sustained vowel and a read sentence already in arena memory (mono
// f64, first sample at half a sample period). The caller (dsp/assessment.ts) resets the arena,
// copies both recordings in and calls avqiAnalyse on an instance of its own: nothing here
// touches the live analyser's state. The index itself is combined in TypeScript
// (src/domain/voice/avqi.ts) so that the app, the CLI and the benchmark share one formula.
import { arenaAlloc, arenaMark, arenaRelease, arenaReserve } from '../arena';
import { allocF64, powerOfTwoAtLeast } from './mem';
import { fftForget, fftRelease, fftReserve, fftSignalCapacity } from './fft';
import { hannBandFilter, stopThenPass } from './filter';
import { resample, resampledLength } from './resample';
import { soundingParts, soundingLength, BAND_LOW, BAND_HIGH, BAND_SMOOTH } from './sounding';
import { appendVoicedWindows, keptWindowCount } from './voiced';
import { cpps, tailCpps } from './cpps';
import { measureLtas, ltasForget, ltasMeasured, ltasSlope, ltasTilt } from './ltas';
import {
  measureJitter,
  measurePeriodicity,
  periodicityHnr,
  periodicityShimmerDb,
  periodicityShimmerPercent,
} from './periodicity';

export const AVQI_OK: i32 = 0;
export const AVQI_NO_VOICED_SPEECH: i32 = 2;
export const AVQI_NOT_A_VOICE: i32 = 3;

let cppsDb: f64 = NaN;
let slopeDb: f64 = NaN;
let tiltDb: f64 = NaN;
let hnrDb: f64 = NaN;
let shimmerPct: f64 = NaN;
let shimmerDecibel: f64 = NaN;
let voicedSeconds: f64 = 0;
let joinedSamples: i32 = 0;
let vowelCpps: f64 = NaN;
let vowelJitter: f64 = NaN;

/**
 * Samples of room kept after the speech when the joined signal is built in place. The voiced
 * windows never hold more than the sounding parts (at most the speech) plus one shared boundary
 * sample per window (1000 windows in 30 s), and the last 30 ms are never a window; with the lead
 * (at most 96 samples) this leaves room to spare at every rate.
 */
const JOIN_SLACK: i32 = 2048;

function align16(p: usize): usize {
  return (p + 15) & ~(<usize>15);
}

/**
 * Runs the method; returns AVQI_OK, AVQI_NO_VOICED_SPEECH or AVQI_NOT_A_VOICE (no periodicity
 * could be measured; the other measures are still readable). The speech is first resampled to the
 * vowel's rate when the two differ (the published method assumes one recording set-up).
 */
export function avqiAnalyse(
  vowel: usize,
  vowelN: i32,
  speech0: usize,
  speechN0: i32,
  vowelRate: f64,
  speechRate: f64,
): i32 {
  fftForget();
  vowelCpps = vowelJitter = cppsDb = slopeDb = tiltDb = hnrDb = shimmerPct = shimmerDecibel = NaN;
  voicedSeconds = 0;
  joinedSamples = 0;
  const rate = vowelRate;
  let speech = speech0;
  let speechN = speechN0;
  // The joined signal is built in the two recordings' own memory when they lie one after the
  // other at the arena's top (dsp/assessment.ts copies them in just before this call): nothing
  // reads them once the sounding parts are cut and the vowel's last 3 s moved aside, and fresh
  // pages cost about as much to touch as the arithmetic of the stage that fills them.
  const inPlace =
    speechRate == vowelRate &&
    speech0 == align16(vowel + ((<usize>vowelN) << 3)) &&
    arenaMark() == speech0 + ((<usize>speechN0) << 3);
  if (inPlace) arenaAlloc((<usize>JOIN_SLACK) << 3);
  if (speechRate != vowelRate) {
    speech = resample(speech0, speechN0, speechRate, vowelRate, 50);
    speechN = resampledLength();
  }
  // Room for every whole-recording transform to come (both recordings, then the joined signal
  // padded by 2000 samples for the 10 kHz resampling), reserved before any stage's working memory
  // so that it outlives their release; pages no transform reaches are never touched.
  const dx = 1.0 / rate;
  const lead = <i32>Math.floor(0.001 * rate + 0.5);
  const joinedBound =
    lead + speechN + (vowelN < <i32>(3.0 * rate) + 2 ? vowelN : <i32>(3.0 * rate) + 2) + 2100;
  const transformSize = powerOfTwoAtLeast(joinedBound > vowelN ? joinedBound : vowelN);
  // The memory the whole analysis will touch, grown in one step: the transforms' scratch (32
  // bytes a point), then about 40 bytes per sample of the two recordings for the stages.
  arenaReserve(((<usize>transformSize) << 5) + <usize>(speechN + vowelN) * 40 + (4 << 20));
  const beforeScratch = arenaMark();
  fftReserve(transformSize);
  // Step 0: the 34 Hz high-pass (stop Hann band 0-34 Hz, 0.1 Hz ramps) on both recordings; the
  // speech's transform also gives the 80-8000 Hz band that step 1's silence detection reads,
  // which stays in the transforms' scratch (so the vowel goes first; nothing transforms again
  // before the silence detection has read it).
  hannBandFilter(vowel, vowelN, rate, true, 0.0, 34.0, 0.1);
  const banded = stopThenPass(speech, speechN, rate, 0.0, 34.0, 0.1, BAND_LOW, BAND_HIGH, BAND_SMOOTH, 0);

  // Step 1: sounding parts of the speech, joined.
  // The sounding parts replace the band in the scratch (appendVoicedWindows transforms nothing).
  const sounding = soundingParts(speech, speechN, rate, banded, banded, fftSignalCapacity());
  const soundingN = soundingLength();

  // The joined signal: 1 ms of silence, the voiced speech windows, the vowel's last 3 s.
  const vowelDuration = <f64>vowelN * dx;
  let vowelFirst = 1;
  let vowelLast = vowelN;
  if (vowelDuration > 3.0) {
    const x1 = 0.5 * dx;
    vowelFirst = 1 + <i32>Math.ceil((vowelDuration - 3.0 - x1) / dx);
    vowelLast = 1 + <i32>Math.floor((vowelDuration - x1) / dx);
    if (vowelFirst < 1) vowelFirst = 1;
    if (vowelLast > vowelN) vowelLast = vowelN;
  }
  const vowelPart = vowelLast - vowelFirst + 1;
  const vowelBytes = (<usize>vowelPart) << 3;
  let joined: usize;
  let vowelAside: usize;
  if (inPlace) {
    // The vowel's part goes to the end of the recordings' memory, the joined signal starts where
    // the vowel did: the lead and the voiced windows (at most the speech's length) end before
    // the part's new place, which then moves down behind them.
    joined = vowel;
    vowelAside = speech + ((<usize>(speechN + JOIN_SLACK)) << 3) - vowelBytes;
    memory.copy(vowelAside, vowel + ((<usize>(vowelFirst - 1)) << 3), vowelBytes);
    memory.fill(joined, 0, (<usize>lead) << 3);
  } else {
    joined = allocF64(lead + soundingN + vowelPart + 1);
    vowelAside = vowel + ((<usize>(vowelFirst - 1)) << 3);
  }
  // Step 2: the voiced 30 ms windows.
  let at = appendVoicedWindows(sounding, soundingN, rate, joined, lead);
  if (inPlace && joined + ((<usize>at) << 3) > vowelAside) unreachable(); // cannot happen: see JOIN_SLACK
  const kept = keptWindowCount();
  voicedSeconds = <f64>kept * 0.03;
  if (kept == 0) return AVQI_NO_VOICED_SPEECH;
  // Step 3: the vowel's last 3 s.
  memory.copy(joined + ((<usize>at) << 3), vowelAside, vowelBytes);
  at += vowelPart;
  joinedSamples = at;

  // Each measure's working memory is released once it is read, so the next stage reuses pages
  // already in memory (a fresh page costs a fault: about as much as a millisecond per megabyte).
  const mark = arenaMark();
  ltasForget();
  cppsDb = cpps(joined, at, rate, <f64>(at - vowelPart) * dx, true);
  // The vowel's own frames of the cepstrogram, for callers that judge the vowel alone.
  vowelCpps = tailCpps();
  release(mark);
  // The LTAS, unless the 10 kHz resampling's transform already gave it.
  if (!ltasMeasured()) measureLtas(joined, at, rate);
  slopeDb = ltasSlope();
  tiltDb = ltasTilt();
  // No whole-recording transform comes after this: when the joined signal lies below the
  // transforms' scratch (built in place), the periodicity measures' working memory takes the
  // scratch's pages, touched already, instead of fresh ones.
  release(inPlace ? beforeScratch : mark);
  measurePeriodicity(joined, at, rate);
  shimmerPct = periodicityShimmerPercent();
  shimmerDecibel = periodicityShimmerDb();
  hnrDb = periodicityHnr();
  // Jitter (local) of the vowel alone (the Dysphonia Severity Index's, issue 31): the part the
  // joined signal ends with, i.e. the vowel's last 3 s after the 34 Hz high-pass, exactly as the
  // script extracts it, analysed as Praat would that extracted Sound on its own (its own pitch
  // path and pulses: the speech before it never shifts a vowel pulse).
  vowelJitter = measureJitter(joined + ((<usize>(at - vowelPart)) << 3), vowelPart, rate, 50.0, 400.0);
  if (isNaN(hnrDb) || isNaN(shimmerPct)) return AVQI_NOT_A_VOICE;
  return AVQI_OK;
}

/** Frees the arena down to `mark`, and the transforms' tables if they lay above it. */
function release(mark: usize): void {
  fftRelease(mark);
  arenaRelease(mark);
}

export function avqiCpps(): f64 {
  return cppsDb;
}
export function avqiHnr(): f64 {
  return hnrDb;
}
export function avqiShimmerPercent(): f64 {
  return shimmerPct;
}
export function avqiShimmerDb(): f64 {
  return shimmerDecibel;
}
export function avqiLtasSlope(): f64 {
  return slopeDb;
}
export function avqiLtasTilt(): f64 {
  return tiltDb;
}
/** Seconds of voiced speech kept (30 ms per window). */
export function avqiVoicedSeconds(): f64 {
  return voicedSeconds;
}
/** CPPS (dB) of the vowel's frames alone. */
export function avqiVowelCpps(): f64 {
  return vowelCpps;
}
/** Jitter (local, %) of the vowel's last 3 s (see avqiAnalyse). */
export function avqiVowelJitter(): f64 {
  return vowelJitter;
}
/** Samples in the joined signal (lead silence + voiced speech + vowel part). */
export function avqiJoinedLength(): i32 {
  return joinedSamples;
}
