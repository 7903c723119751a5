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
