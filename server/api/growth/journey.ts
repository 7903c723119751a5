import { gardenStateFor, gardenTierFor, nextGardenTier } from '../../../src/domain/garden';
import { dayNumber } from '../../../src/domain/streaks';
import { tierFor, unlockedFeatures } from '../../../src/domain/tiers';
import {
  practiceMinutesOf,
  presentCompleted,
  type MemberPractice,
  type PracticeEntry,
} from '../practice/ledger';
import { badgeById } from './badges';
import type { GrowthRepository } from './growth-repository';

const FOCUSES = ['find', 'free', 'fine-tune', 'fun'] as const;
const FOCUS_TEXT: Record<string, { title: string; description: string }> = {
  find: { title: 'Find your voice', description: 'Discover how your voice feels and sounds today.' },
  free: { title: 'Free your voice', description: 'Release tension and let your voice move.' },
  'fine-tune': { title: 'Fine-tune your voice', description: 'Refine pitch, tone and control.' },
  fun: { title: 'Have fun with your voice', description: 'Play, explore and enjoy sound.' },
};
const SESSION_MILESTONES = [1, 5, 10, 25, 50, 100, 250];
const STREAK_MILESTONES = [3, 7, 14, 30, 100];

const firstFocus = (categories: readonly string[]): string | null =>
  categories.find((v) => (FOCUSES as readonly string[]).includes(v)) ?? null;
const isoDay = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/**
 * Journey progress (spec community §3), from the member's practice ledger (`practice`, read
 * once by the route). Days are the ledger's local days; the rating average is null because no
 * rating is ever asked for (none is invented).
 */
export async function buildJourney(repo: GrowthRepository, userId: string, practice: MemberPractice) {
  const { entries, summary, today, zone } = practice;
  // Sessions (entries that counted) make the journey; partial practice adds its minutes.
  const sessions = entries.filter((e) => e.counted);
  const achievements = await repo.achievements(userId);
  const reflections = await repo.reflections(userId);
  const analyses = await repo.analyses(userId);
  const toneTokens = summary.tokens;

  // Weeks run Sunday to Saturday, as the calendar; the current week is the last of four.
  const todayN = dayNumber(today);
  const weekday = new Date(todayN * 86_400_000).getUTCDay();
  const thisWeek = todayN - weekday;
  const inWeek = (list: readonly PracticeEntry[], start: number) =>
    list.filter((e) => {
      const d = dayNumber(e.localDate);
      return d >= start && d < start + 7;
    });
  const weeklyProgress = [3, 2, 1, 0].map((back) => {
    const start = thisWeek - back * 7;
    const count = inWeek(sessions, start).length;
    return {
      week: isoDay(start),
      sessions: count,
      minutes: practiceMinutesOf(inWeek(entries, start)),
      percent: Math.min(100, Math.round((count / 7) * 100)),
    };
  });

  const byFocus = new Map<string, { sessions: number; distinct: Set<string> }>();
  for (const e of sessions) {
    const focus = firstFocus(e.categories);
    if (!focus) continue;
    const entry = byFocus.get(focus) ?? { sessions: 0, distinct: new Set<string>() };
    entry.sessions++;
    entry.distinct.add(`${e.kind}:${e.itemId}`);
    byFocus.set(focus, entry);
  }
  const sizes = new Map((await repo.focusSizes()).map((r) => [r.focus, r.n]));
  const top = [...byFocus.entries()].sort((a, b) => b[1].sessions - a[1].sessions)[0];
  const currentJourney = top
    ? {
        category: top[0],
        ...(FOCUS_TEXT[top[0]] ?? { title: top[0], description: '' }),
        completedSessions: top[1].distinct.size,
        totalSessions: sizes.get(top[0]) ?? top[1].distinct.size,
      }
    : null;

  const milestones = milestonesOf(sessions);
  // A kept recording's score joins its ledger entry (same instant); without it, the fact alone.
  const scoreAt = new Map(analyses.map((a) => [new Date(a.recorded_at).toISOString(), a.score]));
  const recentActivity = [
    ...entries.map((e) => activityOf(e, scoreAt.get(e.practisedAt))),
    ...achievements.map((a) => ({
      type: 'badge',
      title: `earned ${badgeById.get(a.badge_id)?.name ?? a.badge_id}`,
      at: a.unlocked_at,
    })),
    ...reflections.map((r) => ({
      type: 'reflection',
      title: `reflected on ${r.session_title}`,
      at: r.created_at,
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 5);

  const tier = tierFor(toneTokens);
  return {
    user: {
      gardenTier: gardenTierFor(toneTokens),
      nextGardenTier: nextGardenTier(toneTokens),
      toneTokens,
      level: tier.level,
      tierName: tier.displayName,
      unlockedFeatures: unlockedFeatures(toneTokens),
      // The garden's elements grown by this level (the tier table's gardenElements) and the
      // next level's, with the tokens still to earn: what the journey's picture draws.
      garden: gardenStateFor(toneTokens),
    },
    journeyStats: {
      totalJourneys: FOCUSES.filter((f) => (sizes.get(f) ?? 0) > 0).length,
      completedJourneys: FOCUSES.filter(
        (f) => (sizes.get(f) ?? 0) > 0 && (byFocus.get(f)?.distinct.size ?? 0) >= (sizes.get(f) ?? 0),
      ).length,
      currentJourney,
      totalSessions: summary.sessions,
      completedSessions: new Set(sessions.map((e) => `${e.kind}:${e.itemId}`)).size,
      streakDays: summary.streaks.current,
      longestStreak: summary.streaks.longest,
      averageRating: null as number | null,
      totalMinutes: summary.minutes,
      /** Listening-room minutes, shown apart: listening is not practice. */
      listeningMinutes: summary.listeningMinutes,
      weeklyProgress,
      recentActivity,
      milestones: milestones.slice(0, 3),
    },
    timeZone: zone,
    completions: sessions.map((e) => ({ ...presentCompleted(e), category: firstFocus(e.categories) })),
  };
}

/** One line of recent activity for a ledger entry. */
function activityOf(
  e: PracticeEntry,
  score: number | undefined,
): { type: string; title: string; at: string } {
  const at = e.practisedAt;
  switch (e.kind) {
    case 'pitch':
      return { type: 'pitch', title: `matched the note: ${e.title}`, at };
    case 'recording':
      return {
        type: 'analysis',
        title:
          score === undefined
            ? 'recorded in the tuning room'
            : `recorded in the tuning room: ${Math.round(score)}/100`,
        at,
      };
    case 'listening':
      return { type: 'listening', title: `listened to ${e.title}`, at };
    case 'reward':
      return { type: 'reward', title: `${e.itemId}-day streak reward: +${e.earned} tone tokens`, at };
    default:
      return e.counted
        ? { type: 'completion', title: `completed ${e.title}`, at }
        : { type: 'partial', title: `practised part of ${e.title}`, at };
  }
}

/** Session-count and streak milestones with the day each was reached, newest first. */
function milestonesOf(sessions: readonly PracticeEntry[]) {
  const out: { id: string; title: string; category: string; achievedAt: string }[] = [];
  const chronological = sessions.map((e) => ({ at: e.practisedAt, date: e.localDate })).reverse();
  chronological.forEach((c, i) => {
    if (SESSION_MILESTONES.includes(i + 1))
      out.push({
        id: `sessions-${i + 1}`,
        title: i === 0 ? 'first session' : `${i + 1} sessions`,
        category: 'sessions',
        achievedAt: c.at,
      });
  });
  let run = 0;
  let prev = Number.NaN;
  const seen = new Set<number>();
  for (const c of [...chronological].sort((a, b) => a.date.localeCompare(b.date))) {
    const d = dayNumber(c.date);
    if (d === prev) continue;
    run = d === prev + 1 ? run + 1 : 1;
    prev = d;
    if (STREAK_MILESTONES.includes(run) && !seen.has(run)) {
      seen.add(run);
      out.push({ id: `streak-${run}`, title: `${run}-day streak`, category: 'streak', achievedAt: c.at });
    }
  }
  return out.sort((a, b) => b.achievedAt.localeCompare(a.achievedAt));
}
