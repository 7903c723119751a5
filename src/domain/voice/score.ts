// Overall voice score (spec section 9): mean of clarity, stability, resonance and projection,
// all as percentages. Projection is the analyser's own measure (voice level and spectral
// tilt, dsp/README.md), no longer the spec's volume x 120, which measured microphone gain.

/** 0..1 measures as the analyser reports them (means over voiced frames). */
export interface VoiceMeasures {
  clarity: number;
  stability: number;
  resonance: number;
  projection: number;
}

export interface ScoreBreakdown {
  clarity: number;
  stability: number;
  resonance: number;
  projection: number;
}

export interface VoiceScore {
  /** 0..100, rounded. */
  overall: number;
  /** Each area as a rounded percentage 0..100. */
  breakdown: ScoreBreakdown;
}

export type ScoreColour = 'green' | 'yellow' | 'red';

const percent = (v: number): number => Math.min(100, Math.max(0, v * 100));

export function overallScore(m: VoiceMeasures): VoiceScore {
  const parts = {
    clarity: percent(m.clarity),
    stability: percent(m.stability),
    resonance: percent(m.resonance),
    projection: percent(m.projection),
  };
  const mean = (parts.clarity + parts.stability + parts.resonance + parts.projection) / 4;
  return {
    overall: Math.round(mean),
    breakdown: {
      clarity: Math.round(parts.clarity),
      stability: Math.round(parts.stability),
      resonance: Math.round(parts.resonance),
      projection: Math.round(parts.projection),
    },
  };
}

/** Spec colour thresholds: 80 or more green, 60 or more yellow, below that red. */
export function scoreColour(score: number): ScoreColour {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  return 'red';
}
