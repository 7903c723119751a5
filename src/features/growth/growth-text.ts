import type { BadgeCategory, BadgeTier } from './growth-api';

export const CATEGORY_TABS: readonly { key: 'all' | BadgeCategory; label: string }[] = [
  { key: 'all', label: 'all' },
  { key: 'first_steps', label: 'first steps' },
  { key: 'consistency', label: 'consistency' },
  { key: 'wellness', label: 'wellness' },
  { key: 'community', label: 'community' },
  { key: 'mastery', label: 'mastery' },
];

/** Spec: tier colours bronze, silver, gold, platinum, other (the fifth tier, legendary). */
export const TIER_STYLE: Record<BadgeTier, { label: string; colour: string }> = {
  awakening: { label: 'bronze', colour: '#b0763f' },
  deepening: { label: 'silver', colour: '#9aa0a6' },
  flowing: { label: 'gold', colour: '#d4a017' },
  transcending: { label: 'platinum', colour: '#6f9fb3' },
  legendary: { label: 'legendary', colour: '#8d7fb8' },
};

export function tierStyle(tier: string) {
  return TIER_STYLE[tier as BadgeTier] ?? { label: tier, colour: 'var(--color-line)' };
}

/** Badge progress percent = unlocked / total, capped at 100 (spec §9). */
export function badgeProgressPercent(unlocked: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((unlocked / total) * 100));
}

export function formatDay(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

/** 'voice_range_tracking' → 'voice range tracking'. */
export const featureLabel = (key: string) => key.replace(/_/g, ' ');
