// The Acoustic Voice Quality Index, version 03.01 (Barsties & Maryn 2015, "The improvement of
// internal consistency of the Acoustic Voice Quality Index", Am J Otolaryngol 36(5)): a weighted
// sum of six acoustic measures of a sustained vowel joined to the voiced part of read speech,
// rescaled to 0-10. Scores above 2.43 separated dysphonic from typical voices in the validation
// studies (Barsties & Maryn 2016, Ann Otol Rhinol Laryngol 125(7)). See docs/voice-assessment-engine.md.
// The engine (dsp/) measures; this module only combines, so the result screen, the CLI and
// the agreement benchmark share one formula.

export interface AvqiMeasures {
  /** Smoothed cepstral peak prominence, dB. */
  cpps: number;
  /** Harmonics-to-noise ratio as Praat's voice report gives it, dB. */
  hnr: number;
  /** Shimmer (local), percent. */
  shimmerPercent: number;
  /** Shimmer (local, dB). */
  shimmerDb: number;
  /** Slope of the long-term average spectrum: energy 0-1 kHz minus 1-10 kHz, dB. */
  ltasSlope: number;
  /** The same slope of the LTAS's trend line (1 Hz-10 kHz), dB. */
  ltasTilt: number;
}

/** The published boundary between typical (at or below) and dysphonic voices. */
export const AVQI_BOUNDARY = 2.43;

export function avqiFromMeasures(m: AvqiMeasures): number {
  return (
    (4.152 -
      0.177 * m.cpps -
      0.006 * m.hnr -
      0.037 * m.shimmerPercent +
      0.941 * m.shimmerDb +
      0.01 * m.ltasSlope +
      0.093 * m.ltasTilt) *
    2.8902
  );
}
