import { localDateOf, streaksFrom } from '../../../src/domain/streaks';
import type { CompletionRow } from './repository';

export interface Dashboard {
  streaks: { current: number; longest: number };
  user: { totalSessions: number; currentStreak: number; toneTokens: number };
  totals: { minutes: number; sessions: number };
}

/**
 * Streaks count the member's own calendar days in `timeZone`, recomputed from the UTC instants,
 * so a member who moves zones sees days as they live them now.
 */
export function buildDashboard(
  completions: readonly CompletionRow[],
  timeZone: string,
  nowMs: number,
): Dashboard {
  const dates = completions.map((c) => localDateOf(Date.parse(c.completed_at), timeZone));
  const streaks = streaksFrom(dates, localDateOf(nowMs, timeZone));
  const toneTokens = completions.reduce((n, c) => n + c.tokens_awarded, 0);
  const seconds = completions.reduce((n, c) => n + (c.length_sec ?? 0), 0);
  return {
    streaks,
    user: { totalSessions: completions.length, currentStreak: streaks.current, toneTokens },
    totals: { minutes: Math.round(seconds / 60), sessions: completions.length },
  };
}
