import { localDateOf } from '../../../src/domain/streaks';
import type { MemberPractice } from '../practice/ledger';
import { badgeById } from './badges';
import type { GrowthRepository, MoodFact } from './growth-repository';

/**
 * "feeling …" for a day, from the member's own words: the chips of the day's latest mood entry
 * (wellness), else a word for its mood score; a day without a mood entry has no feeling.
 */
export function feelingOf(mood: MoodFact | undefined): string | null {
  if (!mood) return null;
  const emotions = JSON.parse(mood.emotions) as string[];
  if (emotions.length > 0) return emotions.slice(0, 2).join(' and ').toLowerCase();
  if (mood.mood_score >= 8) return 'great';
  if (mood.mood_score >= 6) return 'good';
  if (mood.mood_score >= 4) return 'okay';
  return 'low';
}

/**
 * Days of a YYYY-MM month, in the member's zone; score = the day's best kept recording. Practice
 * days, recordings, streak rewards and streaks are the ledger's (`practice`): a session counts on
 * the local day it counted for, as on every other screen.
 */
export async function buildCalendar(
  repo: GrowthRepository,
  userId: string,
  month: string,
  practice: MemberPractice,
) {
  const { zone: timeZone, today, summary } = practice;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const completionDates = practice.entries.filter((e) => e.counted).map((e) => e.localDate);
  // Recordings in the tuning room are practice on the ledger, kept numbers or not (issue 30).
  const recordingDates = practice.entries.filter((e) => e.kind === 'recording').map((e) => e.localDate);
  const rewards = practice.entries.filter((e) => e.kind === 'reward');
  const moods = await repo.moods(userId);
  const achievements = await repo.achievements(userId);
  const reflections = await repo.reflections(userId);
  const analyses = await repo.analyses(userId);
  const dateOf = (iso: string) => localDateOf(Date.parse(iso), timeZone);

  const days = Array.from({ length: daysInMonth }, (_, i) => {
    const date = `${month}-${String(i + 1).padStart(2, '0')}`;
    const sessionCount = completionDates.filter((d) => d === date).length;
    const recordings = recordingDates.filter((d) => d === date).length;
    const scores = analyses.filter((a) => dateOf(a.recorded_at) === date).map((a) => a.score);
    const notes = reflections.filter((r) => dateOf(r.created_at) === date).map((r) => r.reflection_text);
    return {
      date,
      hasSession: sessionCount > 0,
      sessionCount,
      /** Recordings in the tuning room that day (on the ledger); the score only when kept. */
      recordings,
      streakRewards: rewards
        .filter((e) => e.localDate === date)
        .map((e) => ({ days: e.itemId, bonus: e.earned })),
      qualityScore: scores.length ? Math.round(Math.max(...scores)) : null,
      emotionalState: feelingOf(moods.find((m) => dateOf(m.recorded_at) === date)),
      badgesEarned: achievements.filter((a) => dateOf(a.unlocked_at) === date).map((a) => a.badge_id),
      notes,
    };
  });
  const badges = achievements.flatMap((a) => {
    const badge = badgeById.get(a.badge_id);
    return badge
      ? [
          {
            id: badge.id,
            name: badge.name,
            description: badge.description,
            icon: badge.iconName,
            tier: badge.tier,
            unlockedAt: a.unlocked_at,
          },
        ]
      : [];
  });
  return {
    month,
    today,
    timeZone,
    days,
    badges,
    recentAchievements: badges.slice(0, 3),
    streak: summary.streaks,
  };
}
