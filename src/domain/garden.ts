import { TIERS, tierFor } from './tiers';

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

/** How each garden tier is said in a sentence ("a sprouting garden"). */
export const GARDEN_TIER_PHRASE: Record<GardenTierKey, string> = {
  seedling: 'a seedling garden',
  sprout: 'a sprouting garden',
  blossom: 'a blossoming garden',
  grove: 'a garden growing into a grove',
  forest: 'a garden grown into a forest',
  ancient: 'an ancient garden',
};

/**
 * The twenty garden elements, two per level, in the tier table's order (their names live in
 * src/domain/tiers.ts; a test keeps the two lists equal). `kind` says where in the scene an
 * element may stand: a member who rearranges their garden swaps elements of one kind only, so
 * an oak never lands in a flower's place.
 */
export const GARDEN_ELEMENT_KEYS = [
  'first_seed',
  'morning_dew',
  'clover_patch',
  'smooth_pebbles',
  'stepping_stones',
  'unfurling_fern',
  'sunflower',
  'lavender',
  'wild_poppies',
  'butterfly',
  'young_birch',
  'little_pond',
  'mossy_stone',
  'maple_tree',
  'tall_pine',
  'songbird',
  'wind_chimes',
  'fireflies',
  'ancient_oak',
  'flowing_stream',
] as const;
export type GardenElementKey = (typeof GARDEN_ELEMENT_KEYS)[number];

/** plant: low, in the front beds; stone: on the ground; water; tree: the back row; air: above. */
export type GardenKind = 'plant' | 'stone' | 'water' | 'tree' | 'air';
export const GARDEN_KINDS: readonly GardenKind[] = ['tree', 'water', 'stone', 'plant', 'air'];

const KIND_OF: Record<GardenElementKey, GardenKind> = {
  first_seed: 'plant',
  morning_dew: 'plant',
  clover_patch: 'plant',
  smooth_pebbles: 'stone',
  stepping_stones: 'stone',
  unfurling_fern: 'plant',
  sunflower: 'plant',
  lavender: 'plant',
  wild_poppies: 'plant',
  butterfly: 'air',
  young_birch: 'tree',
  little_pond: 'water',
  mossy_stone: 'stone',
  maple_tree: 'tree',
  tall_pine: 'tree',
  songbird: 'air',
  wind_chimes: 'stone',
  fireflies: 'air',
  ancient_oak: 'tree',
  flowing_stream: 'water',
};

export interface GardenElement {
  key: GardenElementKey;
  name: string;
  level: number;
  kind: GardenKind;
}

export const gardenElementKeyOf = (name: string) => name.replace(/ /g, '_');

export const GARDEN_ELEMENTS: readonly GardenElement[] = TIERS.flatMap((tier) =>
  tier.gardenElements.map((name) => {
    const key = gardenElementKeyOf(name) as GardenElementKey;
    return { key, name, level: tier.level, kind: KIND_OF[key] };
  }),
);

const ELEMENT_BY_KEY = new Map(GARDEN_ELEMENTS.map((e) => [e.key, e]));

export function gardenElement(key: GardenElementKey): GardenElement {
  const e = ELEMENT_BY_KEY.get(key);
  if (!e) throw new Error(`Unknown garden element ${key}`);
  return e;
}

/** Every element grown by `level` (1-10), in the tier table's order. */
export function gardenElementsAt(level: number): GardenElement[] {
  return GARDEN_ELEMENTS.filter((e) => e.level <= level);
}

/** What the garden of a member with `tokens` (read from the practice ledger) holds, and what comes next. */
export interface GardenState {
  tier: GardenTierKey;
  level: number;
  elements: GardenElement[];
  /** The next level's two elements and the tone tokens still to earn, or null at level 10. */
  next: { level: number; elements: GardenElement[]; tokensToGo: number } | null;
}

export function gardenStateFor(tokens: number): GardenState {
  const t = Number.isFinite(tokens) ? Math.max(0, Math.floor(tokens)) : 0;
  const level = tierFor(t).level;
  const nextTier = TIERS[level];
  return {
    tier: gardenTierFor(t),
    level,
    elements: gardenElementsAt(level),
    next: nextTier
      ? {
          level: nextTier.level,
          elements: GARDEN_ELEMENTS.filter((e) => e.level === nextTier.level),
          tokensToGo: nextTier.requiredTokens - t,
        }
      : null,
  };
}

/** "a, b and c". */
export function listInWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The garden in words, for the picture's accessible name: "A sprouting garden: first seed,
 * morning dew, clover patch and smooth pebbles. Next, at level 3: stepping stones and unfurling
 * fern, 150 tone tokens to go."
 */
export function describeGarden(state: GardenState): string {
  const grown = `${capitalise(GARDEN_TIER_PHRASE[state.tier])}: ${listInWords(state.elements.map((e) => e.name))}.`;
  if (!state.next) return `${grown} Everything has grown.`;
  const n = state.next;
  const tokens = `${n.tokensToGo} tone ${n.tokensToGo === 1 ? 'token' : 'tokens'} to go`;
  return `${grown} Next, at level ${n.level}: ${listInWords(n.elements.map((e) => e.name))}, ${tokens}.`;
}

/** The designed arrangements a member may choose (garden customisation, level 6). */
export const GARDEN_LAYOUTS = [
  { key: 'open', name: 'open meadow', summary: 'Trees frame a wide meadow; the water lies in the middle.' },
  { key: 'path', name: 'winding path', summary: 'A path winds through the beds to the trees.' },
  {
    key: 'clearing',
    name: 'quiet clearing',
    summary: 'Trees gather round a clearing with the water at its heart.',
  },
] as const;
export type GardenLayoutKey = (typeof GARDEN_LAYOUTS)[number]['key'];

/** The designed colour sets; each has a day look and a night look (prefers-color-scheme). */
export const GARDEN_PALETTES = [
  { key: 'meadow', name: 'meadow' },
  { key: 'dawn', name: 'dawn' },
  { key: 'dusk', name: 'dusk' },
  { key: 'autumn', name: 'autumn' },
] as const;
export type GardenPaletteKey = (typeof GARDEN_PALETTES)[number]['key'];

export const GARDEN_LAYOUT_KEYS = GARDEN_LAYOUTS.map((l) => l.key) as [GardenLayoutKey, ...GardenLayoutKey[]];
export const GARDEN_PALETTE_KEYS = GARDEN_PALETTES.map((p) => p.key) as [
  GardenPaletteKey,
  ...GardenPaletteKey[],
];

/**
 * A member's garden as they arranged it. `order` lists all twenty elements: within each kind,
 * the elements take that kind's places in the layout in this order, so swapping two elements
 * of a kind in the list swaps their places in the picture.
 */
export interface GardenChoice {
  layout: GardenLayoutKey;
  palette: GardenPaletteKey;
  order: GardenElementKey[];
}

export const DEFAULT_GARDEN_CHOICE: GardenChoice = {
  layout: 'open',
  palette: 'meadow',
  order: [...GARDEN_ELEMENT_KEYS],
};

/** Null when `order` holds every element exactly once; otherwise what is wrong, in words. */
export function orderProblem(order: readonly string[]): string | null {
  if (order.length !== GARDEN_ELEMENT_KEYS.length)
    return `must list all ${GARDEN_ELEMENT_KEYS.length} garden elements once each`;
  const seen = new Set<string>();
  for (const k of order) {
    if (!ELEMENT_BY_KEY.has(k as GardenElementKey)) return `${k} is not a garden element`;
    if (seen.has(k)) return `${k} is listed twice`;
    seen.add(k);
  }
  return null;
}

/** The elements of one kind in the order they take that kind's places. */
export function elementsOfKindInOrder(
  order: readonly GardenElementKey[],
  kind: GardenKind,
): GardenElementKey[] {
  return order.filter((k) => KIND_OF[k] === kind);
}

/** `order` with `a` and `b` exchanged; unchanged unless both are elements of one kind. */
export function swapElements(
  order: readonly GardenElementKey[],
  a: GardenElementKey,
  b: GardenElementKey,
): GardenElementKey[] {
  if (a === b || KIND_OF[a] !== KIND_OF[b]) return [...order];
  return order.map((k) => (k === a ? b : k === b ? a : k));
}
