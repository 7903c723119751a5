/** Pure texts of the expert content screen. */
export const LEARNING_TABS = [
  { key: 'classes', label: 'Classes' },
  { key: 'programs', label: 'Programs' },
  { key: 'mine', label: 'My Learning' },
] as const;
export type LearningTab = (typeof LEARNING_TABS)[number]['key'];

/** Spec 2 §9: the rating shown when a class has none. */
export const DEFAULT_RATING = 4.8;

export const CONTENT_TYPES: Record<string, string> = {
  guided_session: 'Guided session',
  masterclass: 'Masterclass',
  technique: 'Technique',
  workshop: 'Workshop',
};

export const capitalise = (s: string) => (s ? s[0]?.toUpperCase() + s.slice(1).replace(/_/g, ' ') : s);

/** The program button (spec 2 §4): Continue when enrolled, else Premium or Enroll. */
export function programButton(enrolled: boolean, isPremium: boolean): 'Continue' | 'Premium' | 'Enroll' {
  if (enrolled) return 'Continue';
  return isPremium ? 'Premium' : 'Enroll';
}

/**
 * A class's or program's length from the seconds it holds: "17 min", "1 h 10 min" (whole
 * minutes to the nearest, at least one for anything).
 */
export function lengthText(seconds: number): string {
  const minutes = seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0;
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}
