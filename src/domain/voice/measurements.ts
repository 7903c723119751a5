// What the feedback table reads: the summary of one recording's analysis frames. The tuning
// room, /voice-analysis and the template player all build this from the same accumulator
// (src/features/tuning/recording-summary.ts), so their advice comes from the same numbers.

/** Below this many voiced frames (about a quarter of a second of the worklet's) there is nothing to judge. */
export const MIN_VOICED_FRAMES = 12;

/**
 * Is it a voice at all? Known only right after a recording (stored analyses were judged then
 * and never hold a non-voice sound), so it is optional.
 */
export interface PresenceMeasures {
  /** Frames with sound at all: level above -46 dBFS (volume 0.08), as dsp/summary.ts counts them. */
  soundFrames: number;
  voicedFrames: number;
  /**
   * Median over voiced frames of spectral centroid / f0. A pure tone has all its energy at f0
   * (1.00-1.06 measured, with reverb); a voice's harmonics and formants put it at 2-15 times f0.
   */
  centroidRatio: number | null;
  /**
   * Median pitch drift around held notes, cents, vibrato removed (the analyser's `wobble`);
   * null when too few frames of held notes were measured.
   */
  wobbleCents: number | null;
  /** Share of voiced frames with a recognised vibrato (4-8 Hz). */
  vibratoShare: number;
}

/** One recording's measures. Quality measures are means over voiced frames, 0..1. */
export interface VoiceMeasurements {
  /** 0..100, the overall score shown beside the headline. */
  overall: number;
  clarity: number;
  stability: number;
  breathiness: number;
  resonance: number;
  /** Projection (voice level and tilt) over voiced frames that did not clip. */
  projection: number;
  /** Share of voiced frames that clipped (peak at the converter's rail). */
  clippedShare: number;
  presence?: PresenceMeasures;
}

/** A stored analysis (percentages, as the cards show them) in the table's units. */
export function measurementsFromPercentages(a: {
  overall: number;
  clarity: number;
  stability: number;
  breathiness: number;
  resonance: number;
  projection: number;
  clippedShare?: number;
}): VoiceMeasurements {
  return {
    overall: a.overall,
    clarity: a.clarity / 100,
    stability: a.stability / 100,
    breathiness: a.breathiness / 100,
    resonance: a.resonance / 100,
    projection: a.projection / 100,
    clippedShare: a.clippedShare ?? 0,
  };
}
