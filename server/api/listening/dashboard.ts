import type { PracticeSummary } from '../practice/ledger';

export interface Dashboard {
  streaks: { current: number; longest: number };
  user: { totalSessions: number; currentStreak: number; toneTokens: number };
  totals: { minutes: number; sessions: number };
}

/** The dashboard's shape (spec core: streaks; the profile's stats) over the ledger's summary. */
export function buildDashboard(summary: PracticeSummary): Dashboard {
  return {
    streaks: summary.streaks,
    user: {
      totalSessions: summary.sessions,
      currentStreak: summary.streaks.current,
      toneTokens: summary.tokens,
    },
    totals: { minutes: summary.minutes, sessions: summary.sessions },
  };
}
