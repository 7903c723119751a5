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
  analysisMs: number;
  engineVersion: string;
}

/** Fewer voiced frames than this at a semitone: not drawn or counted (a glide passes in a blink). */
export const RANGE_MIN_FRAMES = 3;
