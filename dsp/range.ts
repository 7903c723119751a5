// The voice range profile (issue 31, docs/voice-range.md): lowest and highest F0, the
// phonetogram per semitone and jitter of one take, computed by the Wasm engine
// (dsp/assembly/range/) on an instance of its own, never the live worklet's. Runs unchanged in
// Node and in a Worker: only WebAssembly and typed arrays.
import { MAX_LIVE_HOP, mixToMono } from './assessment';
import { MAX_ASSESSMENT_RATE, MIN_ASSESSMENT_RATE, type AssessmentRecording } from './assessment-types';
import { createVoiceAnalyserOn } from './loader';
import {
  FULL_SCALE_SINE_DB,
  RANGE_MIN_FRAMES,
  RANGE_PITCH,
  RangeAnalysisError,
  type RangeProfilePoint,
  type RangeResult,
} from './range-types';
import { PURE_TONE_CENTROID_RATIO } from '../src/domain/voice/feedback';

export { RangeAnalysisError } from './range-types';
export type { RangeErrorCode, RangeProfilePoint, RangeResult } from './range-types';

/** Changes whenever the range engine's numbers may change (stored with every range check). */
export const RANGE_ENGINE_VERSION = 'tuneful-range-wasm/1';

/** A take whose loudest sample is below this (-60 dBFS) is silence. */
const SILENT_PEAK = 0.001;
/** Shortest take analysed: one 55 Hz pitch window is 55 ms, but a range needs notes. */
export const MIN_RANGE_SECONDS = 1;
/** Longest stretch analysed (the first two minutes): a guided check is far shorter. */
export const MAX_RANGE_SECONDS = 120;
/** Fewer voiced frames than this (0.3 s) is no voice to measure (noise gives a few stray ones). */
const MIN_VOICED_FRAMES = 30;
/**
 * Every voiced frame within this many cents of their median: a machine's steady tone (a beep,
 * a buzzer, hum), never a voice, whose pitch drifts and wavers even on one held note.
 */
const MACHINE_STEADY_CENTS = 3;

interface RangeExports {
  memory: WebAssembly.Memory;
  arenaReset(): void;
  arenaAlloc(bytes: number): number;
  rangeAnalyse(signal: number, n: number, rate: number): number;
  rangeVoicedCount(): number;
  rangeVoicedF0(): number;
  rangeVoicedDb(): number;
  rangeLowestHz(): number;
  rangeHighestHz(): number;
  rangeJitterPercent(): number;
}

const STATUS_TOO_SHORT = 1;
const STATUS_NO_VOICED_FRAMES = 2;

export interface RangeOptions {
  /**
   * The device's calibration: the dB SPL a full-scale sine reads on it (at 30 cm). With it the
   * levels are dB SPL ('spl'); without, Praat's intensity of the samples read as pascals ('file').
   */
  calibrationDb?: number;
  /** The compiled voice-analyser module; defaults to the one given to useRangeModule(). */
  module?: WebAssembly.Module;
}

let defaultModule: WebAssembly.Module | null = null;

/** Sets the module analyseRange uses when its options give none (a Worker sets it once). */
export function useRangeModule(module: WebAssembly.Module): void {
  defaultModule = module;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/** The nearest MIDI note number of a frequency (69 = A4 = 440 Hz). */
export function midiOf(hz: number): number {
  return Math.round(69 + 12 * Math.log2(hz / 440));
}

/** A MIDI note number's name in scientific pitch notation (60 = "C4", 73 = "C#5"). */
export function midiName(midi: number): string {
  return `${NOTE_NAMES[((midi % 12) + 12) % 12]}${Math.floor(midi / 12) - 1}`;
}

/** The nearest note's name in scientific pitch notation ("A4", "C#5"); "" for no frequency. */
export function noteName(hz: number): string {
  if (!(hz > 0) || !Number.isFinite(hz)) return '';
  return midiName(midiOf(hz));
}

/** dB against the take's loudest frame: 0 is the loudest maxDb, the rest negative (the app's uncalibrated view). */
export function toRelativeLevels(r: RangeResult): RangeResult {
  if (r.levels === 'relative' || r.profile.length === 0) return { ...r, levels: 'relative' };
  const loudest = Math.max(...r.profile.map((p) => p.maxDb));
  return {
    ...r,
    levels: 'relative',
    profile: r.profile.map((p) => ({ ...p, minDb: p.minDb - loudest, maxDb: p.maxDb - loudest })),
  };
}

/** The softest level of the profile (the DSI's I-low when levels are 'spl'); NaN when empty. */
export function softestDb(r: RangeResult): number {
  return r.profile.length === 0 ? NaN : Math.min(...r.profile.map((p) => p.minDb));
}

/** Per nearest semitone, the softest and loudest voiced frame; thin semitones left out. */
export function profileOf(f0: Float64Array, db: Float64Array, offsetDb = 0): RangeProfilePoint[] {
  const bins = new Map<number, { count: number; min: number; max: number }>();
  for (let i = 0; i < f0.length; i++) {
    const semitone = midiOf(f0[i] ?? 0);
    const level = (db[i] ?? 0) + offsetDb;
    const bin = bins.get(semitone);
    if (bin) {
      bin.count++;
      bin.min = Math.min(bin.min, level);
      bin.max = Math.max(bin.max, level);
    } else bins.set(semitone, { count: 1, min: level, max: level });
  }
  return [...bins.entries()]
    .filter(([, b]) => b.count >= RANGE_MIN_FRAMES)
    .sort(([a], [b]) => a - b)
    .map(([semitone, b]) => ({ semitone, minDb: b.min, maxDb: b.max }));
}

function peakOf(x: Float32Array | Float64Array): number {
  let peak = 0;
  for (let i = 0; i < x.length; i++) peak = Math.max(peak, Math.abs(x[i] ?? 0));
  return peak;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

/**
 * A pure tone (a sine beep or a whistle-like sweep) has its spectral centroid at its pitch; a
 * voice has harmonics far above it. The live analyser's frames every 80 ms decide, as the
 * assessment's vowel check does (PURE_TONE_CENTROID_RATIO).
 */
function isPureTone(
  instance: WebAssembly.Instance,
  mono: Float32Array | Float64Array,
  rate: number,
): boolean {
  const samples = mono instanceof Float32Array ? mono : Float32Array.from(mono);
  const frames = createVoiceAnalyserOn(instance, {
    sampleRate: rate,
    hop: Math.min(MAX_LIVE_HOP, Math.round(rate / 12.5)),
  }).analyse(samples);
  const ratios = frames.filter((f) => f.f0 !== null && f.f0 > 0).map((f) => f.spectralCentroid / (f.f0 ?? 1));
  return ratios.length > 0 && median(ratios) < PURE_TONE_CENTROID_RATIO;
}

function isMachineSteady(f0: Float64Array): boolean {
  const centre = median([...f0]);
  for (const f of f0) if (Math.abs(1200 * Math.log2(f / centre)) > MACHINE_STEADY_CENTS) return false;
  return true;
}

const NOT_A_VOICE =
  'This sounds like a steady tone, not a voice: sing an "ah" close to the microphone, gliding from low to high.';

/**
 * Seconds of voiced frames in a take on the range pitch track (RANGE_PITCH), refusing nothing:
 * the CLI's stand-in for maximum phonation time when a sustained vowel is all it has (a lower
 * bound: the take may end before the breath does). 0 for a take too short to analyse.
 */
export function voicedSecondsOf(recording: AssessmentRecording, module: WebAssembly.Module): number {
  const mono = mixToMono(recording.samples);
  const instance = new WebAssembly.Instance(module, {
    env: {
      abort(): never {
        throw new Error('voice-range wasm aborted');
      },
    },
  });
  const e = instance.exports as unknown as RangeExports;
  e.arenaReset();
  const ptr = e.arenaAlloc(mono.length * 8);
  new Float64Array(e.memory.buffer, ptr, mono.length).set(mono);
  e.rangeAnalyse(ptr, mono.length, recording.rate);
  return e.rangeVoicedCount() * RANGE_PITCH.timeStep;
}

/**
 * The voice range profile of one take (glides and held notes, softest and loudest). Throws
 * RangeAnalysisError when the take gives no range.
 */
export function analyseRange(recording: AssessmentRecording, options: RangeOptions = {}): RangeResult {
  const module = options.module ?? defaultModule;
  if (!module)
    throw new Error(
      'analyseRange needs the voice-analyser module: pass options.module or call useRangeModule',
    );
  const { rate } = recording;
  if (!Number.isFinite(rate) || rate < MIN_ASSESSMENT_RATE || rate > MAX_ASSESSMENT_RATE) {
    throw new RangeAnalysisError(
      'bad-rate',
      `The recording's sample rate (${rate} Hz) is outside ${MIN_ASSESSMENT_RATE}-${MAX_ASSESSMENT_RATE} Hz.`,
    );
  }
  const all = mixToMono(recording.samples);
  const mono = all.subarray(0, Math.round(MAX_RANGE_SECONDS * rate));
  if (peakOf(mono) < SILENT_PEAK)
    throw new RangeAnalysisError('silent', 'The recording is silent: sing close to the microphone.');
  if (mono.length / rate < MIN_RANGE_SECONDS) {
    throw new RangeAnalysisError(
      'too-short',
      `The recording lasts ${(mono.length / rate).toFixed(1)} s; sing for a few seconds at least.`,
    );
  }
  const started = performance.now();
  const instance = new WebAssembly.Instance(module, {
    env: {
      abort(): never {
        throw new Error('voice-range wasm aborted');
      },
    },
  });
  if (isPureTone(instance, mono, rate)) throw new RangeAnalysisError('not-a-voice', NOT_A_VOICE);
  const e = instance.exports as unknown as RangeExports;
  e.arenaReset();
  const ptr = e.arenaAlloc(mono.length * 8);
  new Float64Array(e.memory.buffer, ptr, mono.length).set(mono); // view taken after the arena grew
  const status = e.rangeAnalyse(ptr, mono.length, rate);
  if (status === STATUS_TOO_SHORT) {
    throw new RangeAnalysisError(
      'too-short',
      'The recording is too short to measure: sing for a few seconds.',
    );
  }
  const count = e.rangeVoicedCount();
  if (status === STATUS_NO_VOICED_FRAMES || count < MIN_VOICED_FRAMES) {
    throw new RangeAnalysisError(
      'no-voice',
      'No singing voice was heard: sing an "ah" close to the microphone.',
    );
  }
  const f0 = new Float64Array(e.memory.buffer, e.rangeVoicedF0(), count).slice();
  const db = new Float64Array(e.memory.buffer, e.rangeVoicedDb(), count).slice();
  if (isMachineSteady(f0)) throw new RangeAnalysisError('not-a-voice', NOT_A_VOICE);
  const lowestHz = e.rangeLowestHz();
  const highestHz = e.rangeHighestHz();
  const jitter = e.rangeJitterPercent();
  const calibrated = options.calibrationDb !== undefined && Number.isFinite(options.calibrationDb);
  const offset = calibrated ? (options.calibrationDb ?? 0) - FULL_SCALE_SINE_DB : 0;
  const profile = profileOf(f0, db, offset);
  const analysisMs = performance.now() - started;
  return {
    lowestHz,
    highestHz,
    lowestNote: noteName(lowestHz),
    highestNote: noteName(highestHz),
    rangeSemitones: Math.round(120 * Math.log2(highestHz / lowestHz)) / 10,
    profile,
    levels: calibrated ? 'spl' : 'file',
    voicedSeconds: count * RANGE_PITCH.timeStep,
    ...(Number.isFinite(jitter) ? { jitterPercent: jitter } : {}),
    analysisMs,
    engineVersion: RANGE_ENGINE_VERSION,
  };
}
