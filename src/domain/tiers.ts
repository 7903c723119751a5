/** The ten tone-token tiers of the voice journey (spec community §9). */
export interface Tier {
  level: number;
  key: TierKey;
  /** The key in words; the spec names no display texts, so these are derived from the keys. */
  displayName: string;
  requiredTokens: number;
  unlockedFeatures: readonly string[];
  /**
   * The two things this level adds to the member's garden (spec §3: the tier table's
   * gardenElements; §9: "each tier has two garden elements; their names are not shown", so
   * these are ours). Read in order, they grow into one picture: a seed and dew, ground cover,
   * a path, flowers, young trees and water, a forest with its birdsong, an ancient oak by a
   * stream (src/domain/garden.ts places and describes them).
   */
  gardenElements: readonly [string, string];
}

export const TIER_KEYS = [
  'getting_started',
  'finding_your_voice',
  'building_consistency',
  'strengthening',
  'refining',
  'expanding',
  'grounding',
  'projecting',
  'resonating',
  'mastering_flow',
] as const;
export type TierKey = (typeof TIER_KEYS)[number];

const THRESHOLDS = [0, 100, 250, 500, 800, 1250, 1750, 2500, 3500, 4750] as const;

const FEATURES: readonly (readonly string[])[] = [
  ['basic_sessions', 'daily_check_in'],
  ['emotion_tracking', 'voice_notes'],
  ['streak_rewards', 'practice_reminders'],
  ['advanced_sessions', 'vocal_exercises'],
  ['chorus_sharing', 'technique_feedback'],
  ['garden_customization', 'voice_range_tracking'],
  ['echoverse_access', 'mentoring_others'],
  ['custom_challenges', 'performance_mode'],
  ['session_creation', 'community_leadership'],
  ['master_challenges', 'teaching_certification'],
];

const GARDEN_ELEMENTS: readonly (readonly [string, string])[] = [
  ['first seed', 'morning dew'],
  ['clover patch', 'smooth pebbles'],
  ['stepping stones', 'unfurling fern'],
  ['sunflower', 'lavender'],
  ['wild poppies', 'butterfly'],
  ['young birch', 'little pond'],
  ['mossy stone', 'maple tree'],
  ['tall pine', 'songbird'],
  ['wind chimes', 'fireflies'],
  ['ancient oak', 'flowing stream'],
];

const displayNameOf = (key: string) =>
  key
    .split('_')
    .map((w, i) => (i === 0 ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');

export const TIERS: readonly Tier[] = TIER_KEYS.map((key, i) => ({
  level: i + 1,
  key,
  displayName: displayNameOf(key),
  requiredTokens: THRESHOLDS[i] ?? 0,
  unlockedFeatures: FEATURES[i] ?? [],
  gardenElements: GARDEN_ELEMENTS[i] ?? ['', ''],
}));

const FIRST_TIER = TIERS[0] as Tier;

/** The highest tier whose threshold the tokens reach; negative or NaN counts as 0. */
export function tierFor(tokens: number): Tier {
  const t = Number.isFinite(tokens) ? tokens : 0;
  let found = FIRST_TIER;
  for (const tier of TIERS) if (t >= tier.requiredTokens) found = tier;
  return found;
}

export function nextTier(tokens: number): Tier | null {
  return TIERS[tierFor(tokens).level] ?? null;
}

/**
 * Percent of the way from the current tier's threshold to the next one, capped at 100;
 * the last tier has nowhere further to go, so it reads 100.
 */
export function tierProgressPercent(tokens: number): number {
  const current = tierFor(tokens);
  const next = nextTier(tokens);
  if (!next) return 100;
  const t = Number.isFinite(tokens) ? Math.max(0, tokens) : 0;
  const pct = ((t - current.requiredTokens) / (next.requiredTokens - current.requiredTokens)) * 100;
  return Math.min(100, Math.max(0, pct));
}

/** Every feature unlocked up to and including the tier the tokens reach. */
export function unlockedFeatures(tokens: number): string[] {
  const level = tierFor(tokens).level;
  return TIERS.filter((t) => t.level <= level).flatMap((t) => t.unlockedFeatures);
}
