/** The four experience levels a session is written for, in ascending order. */
export const SKILL_LEVELS = ['beginner', 'developing', 'skilled', 'professional'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

/** Card border colour per level (spec core §9). */
export const SKILL_LEVEL_COLOURS: Readonly<Record<SkillLevel, string>> = {
  beginner: '#A8C3A1',
  developing: '#D4E157',
  skilled: '#E8A84E',
  professional: '#D97B63',
};

/**
 * Reads a level the way the spec does (trimmed, case-insensitive); catalogue data typed by
 * hand ("Beginner ") still matches. Anything else is null so callers choose their fallback.
 */
export function parseSkillLevel(raw: string | null | undefined): SkillLevel | null {
  if (typeof raw !== 'string') return null;
  const v = raw.trim().toLowerCase();
  return (SKILL_LEVELS as readonly string[]).includes(v) ? (v as SkillLevel) : null;
}

/** Unknown levels fall back to the beginner colour, as unknown levels earn beginner tokens. */
export function skillLevelColour(raw: string | null | undefined): string {
  return SKILL_LEVEL_COLOURS[parseSkillLevel(raw) ?? 'beginner'];
}
