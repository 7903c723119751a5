/**
 * What a write earned, as its answer says (issue 30: every completion screen lists the badges
 * and streak rewards just earned). Parsed by hand: these run on the player and the tuning room.
 */
export interface EarnedBadge {
  id: string;
  name: string;
  description: string;
  tier: string;
}

export interface EarnedStreakReward {
  days: number;
  bonus: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The `newBadges` of an answer (server/api/achievements/award.ts); anything malformed is left out. */
export function badgesOf(raw: unknown): EarnedBadge[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((b: unknown) => {
    if (typeof b !== 'object' || b === null) return [];
    const r = b as Record<string, unknown>;
    if (typeof r.id !== 'string' || typeof r.name !== 'string') return [];
    return [{ id: r.id, name: r.name, description: text(r.description), tier: text(r.tier) }];
  });
}

/** The `streakRewards` of a completion's or a template save's answer. */
export function streakRewardsOf(raw: unknown): EarnedStreakReward[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((x: unknown) => {
    if (typeof x !== 'object' || x === null) return [];
    const r = x as Record<string, unknown>;
    return typeof r.days === 'number' && typeof r.bonus === 'number'
      ? [{ days: r.days, bonus: r.bonus }]
      : [];
  });
}

/** One badge in words: "First Sound (awakening): You recorded your voice in the tuning room." */
export function badgeText(b: EarnedBadge): string {
  const tier = b.tier ? ` (${b.tier})` : '';
  return b.description ? `${b.name}${tier}: ${b.description}` : `${b.name}${tier}`;
}

/** What a queued write says about badges: they come with the answer, so not yet. */
export const QUEUED_BADGES_TEXT =
  'Any badges you earn with it will appear in your achievements when it is sent.';

/** A short sentence for a toast: "New badge: First Sound. 7-day streak: +25 tone tokens." */
export function earnedSentence(
  badges: readonly EarnedBadge[],
  rewards: readonly EarnedStreakReward[],
): string {
  const parts = [
    ...badges.map((b) => `New badge: ${b.name} (${b.description || b.tier}).`),
    ...rewards.map((r) => `${r.days}-day streak reward: +${r.bonus} tone tokens.`),
  ];
  return parts.join(' ');
}
