// The voice range profile's public contract (issue 31): what `analyseRange` (dsp/range.ts) takes
// and returns, shared by the CLI, the benchmark and the in-app guided range check. Free of Wasm
// and Node imports, so the app can import the types alone.
//
// The method (docs/voice-range.md): the voice range profile, or phonetogram, of the Union of
// European Phoniatricians (Schutte & Seidner 1983): the softest and loudest sustained "ah" across
// the range, F0 in semitones against level in dB. The pitch track is Praat's `To Pitch (ac)`
// with RANGE_PITCH settings; levels are Praat's `To Intensity` (RANGE_INTENSITY_MIN_PITCH_HZ,
// mean not subtracted), read at each voiced frame.

/** One semitone of the profile: the softest and loudest voiced frame sung there. */
export interface RangeProfilePoint {
  /** The nearest semitone as a MIDI note number (60 = C4, 69 = A4 = 440 Hz). */
  semitone: number;
  /** Level of the softest voiced frame at this semitone, dB (see RangeResult.levels). */
  minDb: number;
  /** Level of the loudest voiced frame at this semitone, dB. */
  maxDb: number;
}

export interface RangeResult {
  /** 2nd percentile of the voiced frames' F0 (Praat's `Get quantile`: 0.02), Hz. */
  lowestHz: number;
  /** 98th percentile, Hz. */
  highestHz: number;
  /** Nearest note names in scientific pitch notation, e.g. "G2", "C#5". */
  lowestNote: string;
  highestNote: string;
  /** 12 log2(highestHz / lowestHz), to 0.1. */
  rangeSemitones: number;
  /** The phonetogram, lowest semitone first; semitones with fewer than RANGE_MIN_FRAMES frames are left out. */
  profile: RangeProfilePoint[];
  /**
   * What the levels are: Praat's intensity of the samples taken as pascals ("file", the CLI's),
   * dB SPL with a device calibration ("spl"), or dB against the take's loudest frame
   * ("relative", 0 = loudest, uncalibrated in the app).
   */
  levels: 'file' | 'spl' | 'relative';
  /** Seconds of voiced frames the profile rests on. */
  voicedSeconds: number;
  /**
   * Jitter (local), percent, of the whole take's pulses on the range pitch track (`To PointProcess
   * (cc)` from the sound and that pitch, `Get jitter (local): 0, 0, 0.0001, 0.02, 1.3`); absent
   * when too few regular pulses. Glides raise it: the DSI takes the assessment vowel's jitter.
   */
  jitterPercent?: number;
  analysisMs: number;
  engineVersion: string;
}

/** Fewer voiced frames than this at a semitone: not drawn or counted (a glide passes in a blink). */
export const RANGE_MIN_FRAMES = 3;

/**
 * The settings of the range analysis (docs/voice-range.md), Praat's commands with these
 * arguments: `To Pitch (ac): 0.01, 55, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 1100` (a bass's
 * A1 to a soprano's C#6; Praat raises the 15 candidates to ceiling / floor = 20), `To Intensity:
 * 100, 0, "no"` (a 64 ms window every 8 ms) read with `Get value at time: t, "linear"`.
 */
export const RANGE_PITCH = {
  timeStep: 0.01,
  floorHz: 55,
  ceilingHz: 1100,
  maxCandidates: 15,
  silenceThreshold: 0.03,
  voicingThreshold: 0.45,
  octaveCost: 0.01,
  octaveJumpCost: 0.35,
  voicedUnvoicedCost: 0.14,
} as const;
export const RANGE_INTENSITY_MIN_PITCH_HZ = 100;

/**
 * dB that Praat's intensity gives a full-scale sine (amplitude 1 read as 1 Pa): its mean square
 * 0.5 Pa^2 re (2e-5 Pa)^2, 10 log10(0.5 / 4e-10) = 90.97 dB. A device calibration says what a
 * full-scale sine reads in dB SPL there, so SPL = file dB - FULL_SCALE_SINE_DB + calibrationDb.
 */
export const FULL_SCALE_SINE_DB = 10 * Math.log10(0.5 / (2e-5 * 2e-5));

export type RangeErrorCode = 'silent' | 'too-short' | 'no-voice' | 'not-a-voice' | 'bad-rate';

/** Why a take gives no range; `message` is a sentence a member can act on. */
export class RangeAnalysisError extends Error {
  override name = 'RangeAnalysisError';
  constructor(
    readonly code: RangeErrorCode,
    message: string,
  ) {
    super(message);
  }
}
