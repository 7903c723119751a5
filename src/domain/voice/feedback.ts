// Feedback text and up to two suggestions for one analysis (spec section 9 thresholds).
// The spec gives the thresholds but not the words; these are written to be warm and concrete.

export interface FeedbackInput {
  clarity: number;
  stability: number;
  breathiness: number;
  resonance: number;
  /** 0..1 level. */
  volume: number;
}

export const FEEDBACK = {
  excellent: 'Beautiful work: your voice sounds clear and steady. Enjoy how grounded it feels.',
  good: 'Lovely progress: your voice is coming through clearly. Keep breathing easily and let it flow.',
  soft: 'Your voice is very gentle right now. When you are ready, let a little more sound out; there is room for it.',
  exploring:
    'Thank you for sharing your voice. Every sound you make is a step; stay curious and kind to yourself.',
} as const;

export const SUGGESTIONS = {
  breath: 'Some breath is escaping with the sound. Try a slow, low breath and a gentle hum before speaking.',
  resonance: 'Your voice is ringing nicely. Notice that buzz in your face and chest and let it carry you.',
  stability:
    'Your pitch is wandering a little. Hold one comfortable note on an easy "mmm" for a few breaths.',
  tooSoft: 'Try speaking as if to someone across the room: a bit more breath support will carry your voice.',
  tooLoud: 'You have plenty of power. Ease back a little so your voice can stay relaxed and free.',
} as const;

export function feedbackText(m: FeedbackInput): string {
  if (m.clarity > 0.7 && m.stability > 0.7) return FEEDBACK.excellent;
  if (m.clarity > 0.5 && m.stability > 0.5) return FEEDBACK.good;
  if (m.volume < 0.2) return FEEDBACK.soft;
  return FEEDBACK.exploring;
}

/** At most two suggestions, most helpful first. */
export function suggestions(m: FeedbackInput): string[] {
  const out: string[] = [];
  if (m.breathiness > 0.6) out.push(SUGGESTIONS.breath);
  if (m.stability < 0.4) out.push(SUGGESTIONS.stability);
  if (m.volume < 0.3) out.push(SUGGESTIONS.tooSoft);
  else if (m.volume > 0.8) out.push(SUGGESTIONS.tooLoud);
  if (m.resonance > 0.7) out.push(SUGGESTIONS.resonance);
  return out.slice(0, 2);
}
