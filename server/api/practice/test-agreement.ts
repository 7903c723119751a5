import { expect } from 'vitest';
import type { TestApp } from '../../test-support';
import { mintToken, type TestMember } from '../../rest/test-members';
import { readMetric } from '../growth/metrics';

/** Template 1 of the seed: "Morning Voice Wake-Up", 405 s, beginner voice level (20 tokens). */
export const MORNING = 1;
export const MORNING_SEC = 405;

interface Dashboard {
  streaks: { current: number; longest: number };
  user: { totalSessions: number; currentStreak: number; toneTokens: number };
  totals: { minutes: number; listeningMinutes: number; sessions: number };
}
interface CalendarDay {
  sessionCount: number;
  hasSession: boolean;
  recordings: number;
}
interface CalendarMonth {
  month: string;
  streak: { current: number; longest: number };
  days: CalendarDay[];
}
export interface Journey {
  user: { toneTokens: number };
  journeyStats: {
    totalSessions: number;
    streakDays: number;
    longestStreak: number;
    totalMinutes: number;
    listeningMinutes: number;
    currentJourney: unknown;
    weeklyProgress: { sessions: number }[];
    recentActivity: { type: string; title: string }[];
  };
  completions: unknown[];
}
interface Week {
  sessions: number;
  recordings: number;
  listeningMinutes: number;
}

/**
 * A member's view of the practice API in server tests (ledger.test.ts, rewards.test.ts): the
 * writes, and every number each route reports, so a test can ask that all routes agree.
 * `app` is read on each call (the app is made in `beforeAll`).
 */
export function practiceClient(app: () => TestApp) {
  async function call(who: TestMember, url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${await mintToken(app(), who)}`);
    if (init.body) headers.set('Content-Type', 'application/json');
    return app().fetch(`/api${url}`, { ...init, headers });
  }
  async function get<T = unknown>(who: TestMember, url: string): Promise<T> {
    const res = await call(who, url);
    expect(res.status, url).toBe(200);
    return (await res.json()) as T;
  }
  const post = (who: TestMember, url: string, body: unknown, key?: string) =>
    call(who, url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: key ? { 'Idempotency-Key': key } : {},
    });
  const saveTemplate = (who: TestMember, extra: Record<string, unknown> = {}, key?: string) =>
    post(
      who,
      '/sessions',
      {
        templateId: MORNING,
        duration: MORNING_SEC,
        audioData: { maxLevel: 0.4, completed: true },
        timeZone: 'Europe/London',
        ...extra,
      },
      key,
    );
  const complete = (who: TestMember, sessionId: number, extra: Record<string, unknown> = {}, key?: string) =>
    post(who, '/session-completions', { sessionId, timeZone: 'Europe/London', ...extra }, key);
  /** A recording in the tuning room, kept numbers or not. */
  const record = (who: TestMember, recordedAt: string, durationSec: number, key?: string) =>
    post(who, '/practice/recordings', { recordedAt, durationSec }, key);

  /**
   * Every number each route reports about one member's practice, grouped by what it means, so a
   * group with two different values is two screens telling the member different things.
   */
  async function numbersOf(who: TestMember) {
    const dash = await get<Dashboard>(who, `/users/${who.id}/dashboard?tz=UTC`);
    // The zone a request names does not change the member's days: another tz, the same answer.
    expect(await get(who, `/users/${who.id}/dashboard?tz=Pacific/Kiritimati`)).toEqual(dash);
    const journey = await get<Journey>(who, `/users/${who.id}/journey-progress`);
    const list = await get<{ kind: string; title: string; localDate: string }[]>(
      who,
      `/users/${who.id}/completed-sessions`,
    );
    const current = await get<CalendarMonth>(who, `/users/${who.id}/calendar`);
    const months = new Set([current.month, ...list.map((e) => e.localDate.slice(0, 7))]);
    const calendars = await Promise.all(
      [...months].map((m) => get<CalendarMonth>(who, `/users/${who.id}/calendar?month=${m}`)),
    );
    const calendarDays = calendars.flatMap((c) => c.days);
    // Tests span a few days: this week and the one before hold all of it.
    const weeks = [
      await get<Week>(who, `/users/${who.id}/practice-week?back=0`),
      await get<Week>(who, `/users/${who.id}/practice-week?back=1`),
    ];
    const metric = (key: Parameters<typeof readMetric>[2]) => readMetric(app().deps.sql, who.id, key);
    return {
      sessions: {
        dashboard: dash.user.totalSessions,
        dashboardTotals: dash.totals.sessions,
        journey: journey.journeyStats.totalSessions,
        journeyList: journey.completions.length,
        completedList: list.length,
        calendar: calendarDays.reduce((n, d) => n + d.sessionCount, 0),
        badges: await metric('sessions'),
      },
      // The last fortnight or so: the journey's four weeks and the weekly tab's last two weeks
      // agree while the test's practice is all recent (older practice is in neither).
      recentSessions: {
        weekly: journey.journeyStats.weeklyProgress.reduce((n, w) => n + w.sessions, 0),
        practiceWeek: weeks.reduce((n, w) => n + w.sessions, 0),
      },
      tokens: { dashboard: dash.user.toneTokens, journey: journey.user.toneTokens },
      streak: {
        dashboard: dash.streaks.current,
        dashboardUser: dash.user.currentStreak,
        journey: journey.journeyStats.streakDays,
        calendar: current.streak.current,
      },
      longest: {
        dashboard: dash.streaks.longest,
        journey: journey.journeyStats.longestStreak,
        calendar: current.streak.longest,
        badges: await metric('longestStreak'),
      },
      minutes: {
        dashboard: dash.totals.minutes,
        journey: journey.journeyStats.totalMinutes,
        badges: await metric('practiceMinutes'),
      },
      listeningMinutes: {
        dashboard: dash.totals.listeningMinutes,
        journey: journey.journeyStats.listeningMinutes,
      },
      recordings: {
        calendar: calendarDays.reduce((n, d) => n + d.recordings, 0),
        practiceWeek: weeks.reduce((n, w) => n + w.recordings, 0),
        badges: await metric('analyses'),
      },
      days: {
        calendar: calendarDays.filter((d) => d.hasSession).length,
        badges: await metric('practiceDays'),
      },
    };
  }

  /** Fails naming the group and the routes when two routes disagree; returns the agreed values. */
  async function agreed(who: TestMember) {
    const numbers = await numbersOf(who);
    const out: Record<string, number> = {};
    for (const [what, byRoute] of Object.entries(numbers)) {
      const values = new Set(Object.values(byRoute));
      expect(values.size, `${what} differs between routes: ${JSON.stringify(byRoute)}`).toBe(1);
      out[what] = [...values][0] as number;
    }
    return out as { [K in keyof typeof numbers]: number };
  }

  return { call, get, post, saveTemplate, complete, record, numbersOf, agreed };
}
