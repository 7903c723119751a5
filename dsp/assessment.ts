// The voice assessment (issue 21): AVQI 03.01 and its six measures from a sustained vowel and a
// read sentence, computed by the Wasm engine (dsp/assembly/avqi/) on an instance of its own, never
// the live worklet's. Runs unchanged in Node and in a Worker: only WebAssembly and typed arrays.
import { avqiFromMeasures } from '../src/domain/voice/avqi';
import { PURE_TONE_CENTROID_RATIO } from '../src/domain/voice/feedback';
import { createSummaryAccumulator } from '../src/features/tuning/recording-summary';
import { createVoiceAnalyserOn } from './loader';
import {
  AssessmentError,
  MAX_ASSESSMENT_RATE,
  MIN_ASSESSMENT_RATE,
  MIN_VOWEL_SECONDS,
  type AssessmentRecording,
  type AssessmentResult,
} from './assessment-types';

export { AssessmentError } from './assessment-types';
export type { AssessmentErrorCode, AssessmentRecording, AssessmentResult } from './assessment-types';

/** Changes whenever the engine's numbers may change (stored with every assessment). */
export const ASSESSMENT_ENGINE_VERSION = 'tuneful-avqi-03.01-wasm/7';

/** A recording whose loudest sample is below this (-60 dBFS) is silence. */
const SILENT_PEAK = 0.001;
/**
 * Longest stretch analysed of each recording, seconds: the first 30 s of the speech and the last
 * 30 s of the vowel (the method uses the vowel's last 3 s). Keeps a 96 kHz recording's transforms
 * within the Wasm memory limit; a read sentence and a held vowel are far shorter.
 */
export const MAX_RECORDING_SECONDS = 30;

/** Share of the vowel's analysed frames the live pitch engine (or Praat's, see below) must find voiced. */
const MIN_VOICED_SHARE = 0.5;
/**
 * A vowel the live analyser cannot follow with a harmonics-to-noise ratio above this is a machine
 * sound (mains hum measured 95 dB, a 1 kHz beep 58 dB), not a voice: the hoarse and rough voices
 * it lets through measure 1-15 dB, and Praat's typical healthy voices 20-25 dB.
 */
const MACHINE_HNR_DB = 30;

/** The live analyser's longest hop (dsp/loader.ts refuses more). */
export const MAX_LIVE_HOP = 4096;

interface AvqiExports {
  memory: WebAssembly.Memory;
  arenaReset(): void;
  arenaAlloc(bytes: number): number;
  avqiAnalyse(
    vowel: number,
    vowelN: number,
    speech: number,
    speechN: number,
    vowelRate: number,
    speechRate: number,
  ): number;
  avqiCpps(): number;
  avqiHnr(): number;
  avqiShimmerPercent(): number;
  avqiShimmerDb(): number;
  avqiLtasSlope(): number;
  avqiLtasTilt(): number;
  avqiVoicedSeconds(): number;
  avqiVowelCpps(): number;
  avqiVowelJitter(): number;
  measurePeriodicity(signal: number, n: number, rate: number): void;
  periodicityVoicedShare(): number;
  periodicityHnr(): number;
  periodicityShimmerPercent(): number;
}

const STATUS_NO_VOICED_SPEECH = 2;
const STATUS_NOT_A_VOICE = 3;

/** Samples of one channel: a recording's own (mono) or the channels' average (f64). */
type MonoSamples = Float32Array | Float64Array;

/**
 * Praat's "Convert to mono": the average of the channels, in f64. A mono recording is returned as
 * it is (its f32 samples are copied into the engine's f64 memory exactly; no intermediate copy).
 */
export function mixToMono(samples: Float32Array[]): MonoSamples {
  const length = samples[0]?.length ?? 0;
  for (const channel of samples) {
    if (channel.length !== length)
      throw new AssessmentError('silent', 'The channels of a recording differ in length.');
  }
  const only = samples[0];
  if (samples.length === 1 && only) return only;
  const out = new Float64Array(length);
  for (const channel of samples) {
    for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) + (channel[i] ?? 0);
  }
  const scale = 1 / Math.max(1, samples.length);
  for (let i = 0; i < length; i++) out[i] = (out[i] ?? 0) * scale;
  return out;
}

function peakOf(x: MonoSamples): number {
  let peak = 0;
  for (let i = 0; i < x.length; i++) {
    const v = Math.abs(x[i] ?? 0);
    if (v > peak) peak = v;
  }
  return peak;
}

function checkRate(what: string, rate: number): void {
  if (!Number.isFinite(rate) || rate < MIN_ASSESSMENT_RATE || rate > MAX_ASSESSMENT_RATE) {
    throw new AssessmentError(
      'bad-rate',
      `The ${what} recording's sample rate (${rate} Hz) is outside ${MIN_ASSESSMENT_RATE}-${MAX_ASSESSMENT_RATE} Hz.`,
    );
  }
}

/**
 * Is the vowel a voice? The part the method uses (its last 3 s) goes through the live analyser
 * (a fresh instance of the same module): most frames voiced, and harmonics above the pitch (a
 * pure tone has its spectral centroid at its pitch: the tuning room's PURE_TONE_CENTROID_RATIO).
 *
 * A hoarse, rough or creaky voice is too irregular for the live analyser (tuned to follow a
 * sung note, it calls such frames unvoiced), and those are the voices an assessment is for
 * (issue 31). For them the method's own pitch track decides, as Praat's would: Praat's ac pitch
 * (50-400 Hz, voicing threshold 0.45, the AVQI script's `To PointProcess (periodic, cc)`) must
 * find most of the part voiced and the shimmer measurable, and the sound must not be machine-
 * periodic: a voice the live analyser cannot follow has a harmonics-to-noise ratio far below
 * MACHINE_HNR_DB, while mains hum or a beep (perfectly periodic, out of the live analyser's
 * range or too short) is above it. Noise has no voiced frames at all.
 */
function vowelSoundsLikeAVoice(instance: WebAssembly.Instance, vowel: MonoSamples, rate: number): boolean {
  const last3s = vowel.subarray(Math.max(0, vowel.length - Math.round(3 * rate)));
  const tail = last3s instanceof Float32Array ? last3s : Float32Array.from(last3s);
  // One frame every 80 ms rather than the live analyser's 10 ms: a share of voiced frames and
  // a centroid over 3 s need no finer grid (37 frames; on every fixture vowel and non-voice the
  // same decision as at 40 ms, voiced shares within 0.09), and this check is not part of the
  // method (it decides only the not-a-voice refusal, never a measure).
  // The live analyser's hop is at most 4096 samples: 43 ms at 96 kHz (rate / 12.5 would be refused).
  const hop = Math.min(MAX_LIVE_HOP, Math.round(rate / 12.5));
  const frames = createVoiceAnalyserOn(instance, { sampleRate: rate, hop }).analyse(tail);
  const summary = createSummaryAccumulator();
  frames.forEach((f) => summary.add(f));
  const presence = summary.measurements().presence;
  if (presence && frames.length > 0 && presence.voicedFrames / frames.length >= MIN_VOICED_SHARE) {
    return presence.centroidRatio === null || presence.centroidRatio >= PURE_TONE_CENTROID_RATIO;
  }
  return praatFindsAVoice(instance, last3s, rate);
}

/** The method's periodicity analysis of the vowel's part alone (see vowelSoundsLikeAVoice). */
function praatFindsAVoice(instance: WebAssembly.Instance, part: MonoSamples, rate: number): boolean {
  const e = instance.exports as unknown as AvqiExports;
  e.arenaReset();
  e.measurePeriodicity(copyIn(e, part), part.length, rate);
  const voiced = e.periodicityVoicedShare();
  const hnr = e.periodicityHnr();
  return (
    voiced >= MIN_VOICED_SHARE && Number.isFinite(e.periodicityShimmerPercent()) && !(hnr >= MACHINE_HNR_DB)
  );
}

function copyIn(e: AvqiExports, x: MonoSamples): number {
  const ptr = e.arenaAlloc(x.length * 8);
  new Float64Array(e.memory.buffer, ptr, x.length).set(x); // view taken after the arena grew
  return ptr;
}

/**
 * AVQI 03.01 of a vowel (at least 2 s; the method uses its last 3 s) and a read sentence, in
 * Praat's units. Throws AssessmentError when the pair cannot be assessed.
 */
export function analyseAssessment(
  module: WebAssembly.Module,
  vowel: AssessmentRecording,
  speech: AssessmentRecording,
): AssessmentResult {
  checkRate('vowel', vowel.rate);
  checkRate('speech', speech.rate);
  const vowelAll = mixToMono(vowel.samples);
  const speechAll = mixToMono(speech.samples);
  const vowelMono = vowelAll.subarray(
    Math.max(0, vowelAll.length - Math.round(MAX_RECORDING_SECONDS * vowel.rate)),
  );
  const speechMono = speechAll.subarray(0, Math.round(MAX_RECORDING_SECONDS * speech.rate));
  const vowelSeconds = vowelMono.length / vowel.rate;
  if (peakOf(vowelMono) < SILENT_PEAK) throw new AssessmentError('silent', 'The vowel recording is silent.');
  if (peakOf(speechMono) < SILENT_PEAK)
    throw new AssessmentError('silent', 'The speech recording is silent.');
  if (vowelSeconds < MIN_VOWEL_SECONDS) {
    throw new AssessmentError(
      'vowel-too-short',
      `The vowel lasts ${vowelSeconds.toFixed(1)} s; hold the "ah" for at least ${MIN_VOWEL_SECONDS} s (3 s is best).`,
    );
  }
  if (speechMono.length / speech.rate < 0.5) {
    throw new AssessmentError(
      'no-voiced-speech',
      'The speech recording is too short: read the whole sentence.',
    );
  }

  const started = performance.now();
  // One instance of its own for the vowel check (the live analyser, in the instance's fixed
  // memory) and then the method (in the arena above it, grown on demand): never the worklet's.
  const instance = new WebAssembly.Instance(module, {
    env: {
      abort(): never {
        throw new Error('voice-assessment wasm aborted');
      },
    },
  });
  if (!vowelSoundsLikeAVoice(instance, vowelMono, vowel.rate)) {
    throw new AssessmentError(
      'not-a-voice',
      'The vowel recording does not sound like a voice: hold a steady "ah" close to the microphone.',
    );
  }
  const e = instance.exports as unknown as AvqiExports;
  e.arenaReset();
  const vowelPtr = copyIn(e, vowelMono);
  const speechPtr = copyIn(e, speechMono);
  const status = e.avqiAnalyse(
    vowelPtr,
    vowelMono.length,
    speechPtr,
    speechMono.length,
    vowel.rate,
    speech.rate,
  );
  const analysisMs = performance.now() - started;
  if (status === STATUS_NO_VOICED_SPEECH) {
    throw new AssessmentError(
      'no-voiced-speech',
      'No voiced speech was found in the speech recording: read the sentence aloud.',
    );
  }
  if (status === STATUS_NOT_A_VOICE) {
    throw new AssessmentError(
      'not-a-voice',
      'No steady voice was found in the vowel recording: hold a steady "ah" close to the microphone.',
    );
  }
  const measures = {
    cpps: e.avqiCpps(),
    hnr: e.avqiHnr(),
    shimmerPercent: e.avqiShimmerPercent(),
    shimmerDb: e.avqiShimmerDb(),
    ltasSlope: e.avqiLtasSlope(),
    ltasTilt: e.avqiLtasTilt(),
  };
  for (const [name, value] of Object.entries(measures)) {
    if (!Number.isFinite(value))
      throw new AssessmentError('not-a-voice', `The ${name} of this voice could not be measured.`);
  }
  return {
    avqi: avqiFromMeasures(measures),
    ...measures,
    // NaN (too few regular pulses in a very rough vowel) is not JSON: absent rather than wrong.
    ...(Number.isFinite(e.avqiVowelJitter()) ? { jitterPercent: e.avqiVowelJitter() } : {}),
    analysisMs,
    engineVersion: ASSESSMENT_ENGINE_VERSION,
  };
}
