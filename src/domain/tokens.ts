import { parseSkillLevel, type SkillLevel } from './skill-levels';

/** Tone tokens earned by completing a session, by its skill level (spec core §9). */
export const TONE_TOKENS_BY_LEVEL: Readonly<Record<SkillLevel, number>> = {
  beginner: 20,
  developing: 25,
  skilled: 30,
  professional: 40,
};

/** What an unknown or missing level earns: the beginner value. */
export const DEFAULT_TONE_TOKENS = 20;

export function toneTokensFor(level: string | null | undefined): number {
  const parsed = parseSkillLevel(level);
  return parsed ? TONE_TOKENS_BY_LEVEL[parsed] : DEFAULT_TONE_TOKENS;
}
