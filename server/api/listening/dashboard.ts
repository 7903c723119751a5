import type { MemberPractice } from '../practice/ledger';

export interface Dashboard {
  streaks: { current: number; longest: number };
  user: { totalSessions: number; currentStreak: number; toneTokens: number };
  /** minutes: practice minutes; listeningMinutes: listening-room tracks, kept apart. */
  totals: { minutes: number; listeningMinutes: number; sessions: number };
  /** The member's zone kept on the server and their day in it now (home's daily pick uses it). */
  timeZone: string;
  today: string;
}

/** The dashboard's shape (spec core: streaks; the profile's stats) over the ledger's summary. */
export function buildDashboard({ summary, zone, today }: MemberPractice): Dashboard {
  return {
    streaks: summary.streaks,
    user: {
      totalSessions: summary.sessions,
      currentStreak: summary.streaks.current,
      toneTokens: summary.tokens,
    },
    totals: {
      minutes: summary.minutes,
      listeningMinutes: summary.listeningMinutes,
      sessions: summary.sessions,
    },
    timeZone: zone,
    today,
  };
}
