/**
 * Challenges (issue 30, tier features `custom_challenges` at level 8 and `master_challenges` at
 * level 10; docs/features/challenges.md). The rules the server enforces and the app's form
 * offers, shared so both say the same bounds. Progress is never counted here: the server reads
 * it from the practice ledger (server/api/practice/ledger.ts).
 */

/** What a custom challenge counts: days with a session, practice minutes, or sessions. */
export const CHALLENGE_MEASURES = ['days', 'minutes', 'sessions'] as const;
export type ChallengeMeasure = (typeof CHALLENGE_MEASURES)[number];

/** The catalogue's four focuses: a challenge may count only practice of one of them. */
export const CHALLENGE_FOCUSES = ['find', 'free', 'fine-tune', 'fun'] as const;
export type ChallengeFocus = (typeof CHALLENGE_FOCUSES)[number];

/** A challenge runs from its start day to its end day (both included), at most this many days. */
export const MAX_CHALLENGE_DAYS = 90;
/** How far ahead a challenge may start: a plan for the coming weeks, not for next year. */
export const MAX_START_AHEAD_DAYS = 30;
/** Open challenges a member may hold at once (joined, not met, not ended). */
export const MAX_OPEN_CHALLENGES = 5;
/** An optional name a member gives their challenge ("Summer sing streak"). */
export const MAX_CHALLENGE_NAME = 60;

/** The most a target may ask, per measure; days are also bounded by the challenge's length. */
export const TARGET_BOUNDS: Record<ChallengeMeasure, { min: number; max: number }> = {
  days: { min: 1, max: MAX_CHALLENGE_DAYS },
  minutes: { min: 5, max: 6000 },
  sessions: { min: 1, max: 500 },
};

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since the epoch of a YYYY-MM-DD day (UTC arithmetic: days, not instants). */
function dayIndex(date: string): number {
  const m = DATE.exec(date);
  if (!m) return Number.NaN;
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

/** The day `n` days after `date` (n may be negative). */
export function addDays(date: string, n: number): string {
  return new Date((dayIndex(date) + n) * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `a` to `b` (b − a): 0 for the same day. */
export function daysBetween(a: string, b: string): number {
  return dayIndex(b) - dayIndex(a);
}

/** How many days a challenge from `start` to `end` runs, both days included. */
export function challengeLength(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

export interface ChallengeRule {
  measure: ChallengeMeasure;
  target: number;
  focus: ChallengeFocus | null;
  startDate: string;
  endDate: string;
}

/**
 * What is wrong with a rule, field by field (empty when it is sound), given the member's today.
 * The dates are already real calendar days (the route's schema checks that).
 */
export function challengeRuleProblems(rule: ChallengeRule, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (rule.startDate < today) problems.startDate = 'must not be before today';
  else if (daysBetween(today, rule.startDate) > MAX_START_AHEAD_DAYS)
    problems.startDate = `must be within ${MAX_START_AHEAD_DAYS} days from today`;
  const length = challengeLength(rule.startDate, rule.endDate);
  if (rule.endDate < rule.startDate) problems.endDate = 'must not be before the start date';
  else if (length > MAX_CHALLENGE_DAYS)
    problems.endDate = `a challenge lasts at most ${MAX_CHALLENGE_DAYS} days`;
  const bounds = TARGET_BOUNDS[rule.measure];
  const max = rule.measure === 'days' && length >= 1 ? Math.min(bounds.max, length) : bounds.max;
  if (!Number.isInteger(rule.target) || rule.target < bounds.min || rule.target > max)
    problems.target =
      rule.measure === 'days' && rule.target > length && length >= 1
        ? `must be at most ${length}: there are only ${length} days between the dates`
        : `must be a whole number from ${bounds.min} to ${max}`;
  return problems;
}

/** Where a challenge stands on the member's today. */
export type ChallengeState = 'upcoming' | 'open' | 'met' | 'ended';

/**
 * The state of a challenge with `value` of `target` done: met once the target is reached (even
 * on its last day), upcoming before its start, ended after its last day without the target.
 */
export function challengeState(
  c: { startDate: string; endDate: string; target: number },
  value: number,
  today: string,
): ChallengeState {
  if (value >= c.target) return 'met';
  if (today < c.startDate) return 'upcoming';
  if (today > c.endDate) return 'ended';
  return 'open';
}

/** Days left to practise in an open challenge, today included (1 on its last day). */
export function daysLeft(endDate: string, today: string): number {
  return Math.max(0, daysBetween(today, endDate) + 1);
}

/**
 * Master challenges (level 10): the hardest built-in challenges. Each counts from the day the
 * member reached level 10, so they are challenges to take on, not old practice handed back,
 * and each has its own badge (server/api/growth/badges.ts) when met.
 */
export type MasterChallengeId =
  'streak-30' | 'hundred-in-hundred' | 'thousand-minutes' | 'every-focus-10' | 'monthly-assessments';

export interface MasterChallenge {
  id: MasterChallengeId;
  title: string;
  /** One sentence: what meets it. */
  description: string;
  /** The number that meets it, in `unit`s. */
  target: number;
  unit: { one: string; other: string };
  /** The badge it awards when met. */
  badgeId: string;
  badgeName: string;
}

export const MASTER_CHALLENGES: readonly MasterChallenge[] = [
  {
    id: 'streak-30',
    title: 'thirty days running',
    description: 'Practise a session every day for 30 days in a row.',
    target: 30,
    unit: { one: 'day in a row', other: 'days in a row' },
    badgeId: 'master-streak-30',
    badgeName: 'Unbroken',
  },
  {
    id: 'hundred-in-hundred',
    title: 'a hundred in a hundred',
    description: 'Practise 100 sessions within 100 days.',
    target: 100,
    unit: { one: 'session within 100 days', other: 'sessions within 100 days' },
    badgeId: 'master-hundred-in-hundred',
    badgeName: 'Centurion',
  },
  {
    id: 'thousand-minutes',
    title: 'a thousand minutes',
    description: 'Practise for 1,000 minutes: every minute counts, short practice included.',
    target: 1000,
    unit: { one: 'minute', other: 'minutes' },
    badgeId: 'master-thousand-minutes',
    badgeName: 'Thousand Minutes',
  },
  {
    id: 'every-focus-10',
    title: 'every focus, ten times',
    description: 'Practise 10 sessions of each focus: find, free, fine-tune and fun.',
    target: 40,
    unit: { one: 'session (ten of each focus)', other: 'sessions (ten of each focus)' },
    badgeId: 'master-every-focus',
    badgeName: 'Whole Voice',
  },
  {
    id: 'monthly-assessments',
    title: 'three months of listening',
    description: 'Take the voice assessment at least once a month for three months in a row.',
    target: 3,
    unit: { one: 'month in a row', other: 'months in a row' },
    badgeId: 'master-monthly-assessments',
    badgeName: 'Attentive Ear',
  },
];

/** Sessions of each focus the "every focus" master challenge asks for. */
export const MASTER_FOCUS_SESSIONS = 10;
/** The window of "a hundred in a hundred". */
export const MASTER_WINDOW_DAYS = 100;
