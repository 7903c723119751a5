/** Texts the library and the player share. */
export const FOCUS_LABELS: Record<string, string> = {
  find: 'Find your voice',
  free: 'Free your voice',
  'fine-tune': 'Fine-tune',
  fun: 'Just for fun',
};

export const focusLabel = (category: string) => FOCUS_LABELS[category] ?? category;

/** Whole minutes for a plan's length; a plan is always at least a minute. */
export const planMinutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
export const difficultyLabel = (d: string) => capitalise(d);
export const voiceLevelLabel = (v: string) => `${capitalise(v)} voice`;
