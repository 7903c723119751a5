/**
 * The journey page's garden tiers (spec community §4: seedling → ancient). The spec names the
 * order but no thresholds; these follow the level thresholds (src/domain/tiers.ts) so a garden
 * grows with the levels: sprout at level 2, blossom at 4, grove at 6, forest at 8, ancient at 10.
 */
export const GARDEN_TIERS = [
  { key: 'seedling', requiredTokens: 0 },
  { key: 'sprout', requiredTokens: 100 },
  { key: 'blossom', requiredTokens: 500 },
  { key: 'grove', requiredTokens: 1250 },
  { key: 'forest', requiredTokens: 2500 },
  { key: 'ancient', requiredTokens: 4750 },
] as const;

export type GardenTierKey = (typeof GARDEN_TIERS)[number]['key'];

export function gardenTierFor(tokens: number): GardenTierKey {
  let found: GardenTierKey = 'seedling';
  for (const t of GARDEN_TIERS) if (tokens >= t.requiredTokens) found = t.key;
  return found;
}

/** The next garden tier and the tokens it takes, or null at ancient. */
export function nextGardenTier(
  tokens: number,
): { key: GardenTierKey; requiredTokens: number; tokensToGo: number } | null {
  const next = GARDEN_TIERS.find((t) => t.requiredTokens > tokens);
  return next
    ? { key: next.key, requiredTokens: next.requiredTokens, tokensToGo: next.requiredTokens - tokens }
    : null;
}
