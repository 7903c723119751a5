// The voice assessment's public contract (issue 21): what `analyseAssessment` (dsp/assessment.ts)
// takes and returns, shared by the CLI, the benchmark and the in-app guided check. Kept in its
// own file, free of Wasm and Node imports, so the app can import the types alone.

/** One recording as decoded audio: one Float32Array per channel, all of the same length. */
export interface AssessmentRecording {
  samples: Float32Array[];
  /** Samples per second; the engine accepts 16 000-96 000. */
  rate: number;
}

/**
 * The Acoustic Voice Quality Index 03.01 and its six measures, in Praat's units, as Praat's
 * published method computes them (see docs/voice-assessment-engine.md).
 */
export interface AssessmentResult {
  /** The index (about -5 to 10): above 2.43 (AVQI_BOUNDARY) the validation studies saw dysphonia. */
  avqi: number;
  /** Smoothed cepstral peak prominence, dB. */
  cpps: number;
  /** Harmonics-to-noise ratio as Praat's voice report gives it, dB. */
  hnr: number;
  /** Shimmer (local), percent. */
  shimmerPercent: number;
  /** Shimmer (local, dB). */
  shimmerDb: number;
  /** Long-term average spectrum slope: mean energy 0-1 kHz minus 1-10 kHz, dB. */
  ltasSlope: number;
  /** The same slope of the LTAS trend line (1 Hz-10 kHz), dB. */
  ltasTilt: number;
  /** Milliseconds spent inside the engine (mixing, filtering and every measure). */
  analysisMs: number;
  /** Identifies the engine build that produced the numbers (stored with each assessment). */
  engineVersion: string;
  /**
   * Jitter (local), percent, of the sustained vowel alone: Praat's `To PointProcess (periodic,
   * cc): 50, 400` and `Get jitter (local): 0, 0, 0.0001, 0.02, 1.3` on the vowel's last 3 s after
   * the method's 34 Hz high-pass (the part AVQI analyses), i.e. the voice report's jitter of the
   * vowel: the Dysphonia Severity Index's (src/domain/voice/dsi.ts). Always set by this engine
   * (ASSESSMENT_ENGINE_VERSION 6 on); not one of the AVQI's six measures; absent only when too few regular pulses
   * (a very rough vowel) or on results stored by older engines.
   */
  jitterPercent?: number;
}

export type AssessmentErrorCode =
  'vowel-too-short' | 'no-voiced-speech' | 'silent' | 'not-a-voice' | 'bad-rate';

/** Why a pair of recordings cannot be assessed; `message` is a sentence a member can act on. */
export class AssessmentError extends Error {
  override name = 'AssessmentError';
  constructor(
    readonly code: AssessmentErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The shortest sustained vowel the engine accepts, seconds (the method uses its last 3 s). */
export const MIN_VOWEL_SECONDS = 2;
export const MIN_ASSESSMENT_RATE = 16000;
export const MAX_ASSESSMENT_RATE = 96000;
