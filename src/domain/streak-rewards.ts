import { dayNumber } from './streaks';

/**
 * Streak rewards (tier feature `streak_rewards`, level 3; docs/features/streak-rewards.md):
 * bonus tone tokens when a streak reaches a milestone, once per streak run. Shared by the server,
 * which awards them, and the screen, which lists them.
 */
export interface StreakMilestone {
  /** Consecutive practice days. */
  days: number;
  /** Bonus tone tokens. */
  bonus: number;
}

export const STREAK_MILESTONES: readonly StreakMilestone[] = [
  { days: 3, bonus: 10 },
  { days: 7, bonus: 25 },
  { days: 14, bonus: 50 },
  { days: 30, bonus: 100 },
  { days: 60, bonus: 150 },
  { days: 100, bonus: 250 },
];

const isoDay = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

export interface ReachedMilestone extends StreakMilestone {
  /** The run's first day: a milestone is earned once per run. */
  runStart: string;
}

/**
 * The milestones that a new practice day `day` makes the member reach, given the practice days
 * they had before it (any order, duplicates allowed). Nothing when `day` was already a practice
 * day. A day written late (queued offline) can join two runs: a milestone is new only when
 * neither part had reached it already, so joining runs never pays a milestone twice.
 */
export function milestonesReached(daysBefore: readonly string[], day: string): ReachedMilestone[] {
  const before = new Set(daysBefore.map(dayNumber));
  const d = dayNumber(day);
  if (before.has(d)) return [];
  let start = d;
  while (before.has(start - 1)) start--;
  let end = d;
  while (before.has(end + 1)) end++;
  const length = end - start + 1;
  const longestPart = Math.max(d - start, end - d);
  return STREAK_MILESTONES.filter((m) => m.days > longestPart && m.days <= length).map((m) => ({
    ...m,
    runStart: isoDay(start),
  }));
}

/** The next milestone above a current streak, with the days still to go; null past the last. */
export function nextMilestone(current: number): (StreakMilestone & { daysToGo: number }) | null {
  const next = STREAK_MILESTONES.find((m) => m.days > current);
  return next ? { ...next, daysToGo: next.days - current } : null;
}

/** "7-day streak: +25 tone tokens" — the one wording of a reward on every screen. */
export const streakRewardText = (m: StreakMilestone): string =>
  `${m.days}-day streak: +${m.bonus} tone tokens`;
