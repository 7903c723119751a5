// Feedback text and up to two suggestions for one analysis. The words are tied to the score's
// colour (80 / 60, spec section 9), so "Beautiful work" only ever sits next to a green score,
// and the thresholds are on the second-generation measures (dsp/README.md), calibrated on the
// project's real recordings (README: Voice analysis).

export interface FeedbackInput {
  /** 0..100, the overall score shown beside the text. */
  overall: number;
  clarity: number;
  stability: number;
  breathiness: number;
  resonance: number;
  /** 0..1 projection (voice level and tilt). */
  projection: number;
  /** 0..1 share of voiced frames that clipped. */
  clipped: number;
}

export const FEEDBACK = {
  excellent: 'Beautiful work: your voice sounds clear and steady. Enjoy how grounded it feels.',
  good: 'Lovely progress: your voice is coming through clearly. Keep breathing easily and let it flow.',
  soft: 'Your voice is very gentle right now. When you are ready, let a little more sound out; there is room for it.',
  exploring:
    'Thank you for sharing your voice. Every sound you make is a step; stay curious and kind to yourself.',
} as const;

export const SUGGESTIONS = {
  clipped:
    'That was too loud for the microphone: some peaks were cut off. Move back a little or turn the input down.',
  breath: 'Some breath is escaping with the sound. Try a slow, low breath and a gentle hum before speaking.',
  resonance: 'Your voice is ringing nicely. Notice that buzz in your face and chest and let it carry you.',
  stability:
    'Your pitch is wandering a little. Hold one comfortable note on an easy "mmm" for a few breaths.',
  tooSoft: 'Try speaking as if to someone across the room: a bit more breath support will carry your voice.',
} as const;

/** Clipping on more than this share of voiced frames is reported. */
export const CLIPPED_SHARE = 0.02;

export function feedbackText(m: FeedbackInput): string {
  if (m.overall >= 80 && m.clarity >= 0.7 && m.stability >= 0.7) return FEEDBACK.excellent;
  if (m.overall >= 60 && m.clarity >= 0.5 && m.stability >= 0.5) return FEEDBACK.good;
  if (m.projection < 0.35) return FEEDBACK.soft;
  return FEEDBACK.exploring;
}

/** At most two suggestions, most helpful first. */
export function suggestions(m: FeedbackInput): string[] {
  const out: string[] = [];
  if (m.clipped > CLIPPED_SHARE) out.push(SUGGESTIONS.clipped);
  if (m.breathiness > 0.6) out.push(SUGGESTIONS.breath);
  if (m.stability < 0.55) out.push(SUGGESTIONS.stability);
  if (m.projection < 0.45 && m.clipped <= CLIPPED_SHARE) out.push(SUGGESTIONS.tooSoft);
  if (m.resonance > 0.7) out.push(SUGGESTIONS.resonance);
  return out.slice(0, 2);
}
