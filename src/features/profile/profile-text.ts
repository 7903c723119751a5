import { TIER_FEATURES } from '../../domain/tier-features';
import { nextTier, tierFor } from '../../domain/tiers';
import { countText, countWord } from '../../lib/plural';

/** Tokens as a whole, non-negative count: the dashboard is trusted, but a bad value must not show. */
const cleanTokens = (tokens: number) => (Number.isFinite(tokens) ? Math.max(0, Math.floor(tokens)) : 0);

/** 'level N: tier name', lower case to match the app's calm voice (e.g. 'level 2: finding your voice'). */
export function levelLine(tokens: number): string {
  const tier = tierFor(cleanTokens(tokens));
  return `level ${tier.level}: ${tier.displayName.toLowerCase()}`;
}

/** The line under the progress bar: 'only N more tokens to level X' or, at the top, 'max level reached!'. */
export function tokensToNextText(tokens: number): string {
  const t = cleanTokens(tokens);
  const next = nextTier(t);
  if (!next) return 'max level reached!';
  const left = next.requiredTokens - t;
  return `only ${left} more ${countWord(left, 'token')} to level ${next.level}`;
}

/**
 * What the next level brings, under the progress bar: 'level 3 opens streak rewards and practice
 * reminders'. Null at the top level, where nothing is left to open.
 */
export function nextUnlockText(tokens: number): string | null {
  const next = nextTier(cleanTokens(tokens));
  if (!next) return null;
  const titles = TIER_FEATURES.filter((f) => f.level === next.level).map((f) => f.title);
  if (titles.length === 0) return null;
  const list = titles.length === 1 ? titles[0] : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
  return `level ${next.level} opens ${list}`;
}

/**
 * 'tuning since {Month year}' from the account's creation instant, in the member's own time
 * zone (a sign-up late on 31 Oct in New York is still October there). Null when unreadable,
 * so the screen leaves the line out rather than showing 'Invalid Date'.
 */
export function tuningSince(createdAt: string | null | undefined, timeZone?: string): string | null {
  if (!createdAt) return null;
  const ms = Date.parse(createdAt);
  if (!Number.isFinite(ms)) return null;
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone }).format(ms);
  return `tuning since ${month}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The local calendar day of an instant as a comparable day number. */
function dayNumber(ms: number, timeZone?: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(ms); // en-CA gives YYYY-MM-DD
  return Math.round(Date.parse(`${parts}T00:00:00Z`) / DAY_MS);
}

/**
 * When a reflection was written, as a member thinks of it: 'today', 'yesterday', 'N days ago'
 * within a week, then a calendar date ('3 Nov 2026'). Empty when the instant is unreadable.
 */
export function reflectionDate(createdAt: string, nowMs: number, timeZone?: string): string {
  const ms = Date.parse(createdAt);
  if (!Number.isFinite(ms)) return '';
  const days = dayNumber(nowMs, timeZone) - dayNumber(ms, timeZone);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return `${countText(days, 'day')} ago`;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(ms);
}

/** The browser's IANA time zone, for the dashboard's day boundaries; UTC when the browser has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
