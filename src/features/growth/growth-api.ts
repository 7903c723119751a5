import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { SAVED_OFFLINE_TITLE, sendOrQueue } from '../../lib/outbox/offline-writes';
import { onlineOnly } from '../../lib/outbox/online-only';
import type { GoalMetricKey } from '../../domain/voice/goal-targets';
import type { GardenState } from '../../domain/garden';
import { toast } from '../toast/toast-store';
import { useAuthStore } from '../auth/auth-store';

/** Shapes of server/api/growth (types only; src never imports server code). */
export type BadgeCategory = 'first_steps' | 'consistency' | 'wellness' | 'community' | 'mastery';
export type BadgeTier = 'awakening' | 'deepening' | 'flowing' | 'transcending' | 'legendary';
export interface Badge {
  id: string;
  name: string;
  description: string;
  category: BadgeCategory;
  tier: BadgeTier;
  iconName: string;
  unlocks: string;
  target: number;
}
export interface UserAchievement {
  id: number;
  badgeId: string;
  unlockedAt: string;
}
export interface NewBadge {
  id: string;
  name: string;
  description: string;
  category: string;
  tier: string;
}
export interface Journey {
  user: {
    gardenTier: string;
    nextGardenTier: { key: string; requiredTokens: number; tokensToGo: number } | null;
    toneTokens: number;
    level: number;
    tierName: string;
    unlockedFeatures: string[];
    /** The garden's elements grown by this level and the next level's (src/domain/garden.ts). */
    garden?: GardenState;
  };
  journeyStats: {
    totalJourneys: number;
    completedJourneys: number;
    currentJourney: {
      category: string;
      title: string;
      description: string;
      completedSessions: number;
      totalSessions: number;
    } | null;
    totalSessions: number;
    completedSessions: number;
    streakDays: number;
    longestStreak: number;
    averageRating: number | null;
    /** Practice minutes (partial practice and tuning-room recordings included, listening not). */
    totalMinutes: number;
    /** Listening-room minutes, shown apart: listening is not practice. */
    listeningMinutes: number;
    weeklyProgress: { week: string; sessions: number; minutes: number; percent: number }[];
    /**
     * type: completion, partial (practice under half the plan), pitch, analysis (a tuning-room
     * recording), listening, reward (a streak reward), badge, reflection.
     */
    recentActivity: { type: string; title: string; at: string }[];
    milestones: { id: string; title: string; category: string; achievedAt: string }[];
  };
  timeZone: string;
  /** The sessions of the member's practice ledger, newest first (kind: catalogue or template). */
  completions: {
    kind: 'catalogue' | 'template';
    sessionId: number;
    title: string;
    completedAt: string;
    localDate: string;
    minutes: number;
    category: string | null;
  }[];
}
export interface CalendarDay {
  date: string;
  hasSession: boolean;
  sessionCount: number;
  /** Recordings in the tuning room that day (practice minutes, kept scores or not). */
  recordings: number;
  /** Streak rewards earned that day. */
  streakRewards: { days: number; bonus: number }[];
  /** The day's best kept recording score; null when none was kept. */
  qualityScore: number | null;
  emotionalState: string | null;
  badgesEarned: string[];
  notes: string[];
}
export interface CalendarBadge {
  id: string;
  name: string;
  description: string;
  icon: string;
  tier: BadgeTier;
  unlockedAt: string;
}
export interface CalendarMonth {
  month: string;
  today: string;
  timeZone: string;
  days: CalendarDay[];
  badges: CalendarBadge[];
  recentAchievements: CalendarBadge[];
  streak: { current: number; longest: number };
}
export type GoalMetric = GoalMetricKey;
export interface VoiceGoal {
  id: number;
  targetMetric: GoalMetric;
  targetValue: number;
  targetDate: string;
  createdAt: string;
  /**
   * 'assessment': the target is in the metric's unit (AVQI, CPPS dB, seconds). 'retired-blend':
   * set on the 0-100 blends voice health showed before issue 21; nothing measured today compares.
   */
  scale: 'assessment' | 'retired-blend';
}

export const useUserId = () => useAuthStore((s) => s.user?.id ?? null);

/** Growth pages read fresh on every visit: their data changes with events anywhere in the app. */
const fresh = { staleTime: 0, refetchOnMount: 'always' as const };

export function useBadges() {
  return useQuery<Badge[]>({ queryKey: ['/api/achievement-badges'], ...fresh });
}

export function useMyAchievements() {
  const userId = useUserId();
  return useQuery<UserAchievement[]>({
    queryKey: [`/api/users/${userId ?? ''}/achievements`],
    enabled: userId !== null,
    ...fresh,
  });
}

export function useJourney() {
  const userId = useUserId();
  return useQuery<Journey>({
    queryKey: [`/api/users/${userId ?? ''}/journey-progress`],
    enabled: userId !== null,
    ...fresh,
  });
}

/**
 * GET /api/users/{id}/practice-week (server/api/growth/practice-week.ts): one week of practice
 * for voice health's weekly tab, summed on the server from the practice ledger and the kept
 * analyses. `start`/`end` are the member's local days, inclusive.
 */
export interface PracticeWeek {
  start: string;
  end: string;
  sessions: number;
  practiceMinutes: number;
  recordingMinutes: number;
  /** All practice minutes of the week (recordings included), rounded once. */
  minutes: number;
  /** Listening-room minutes, apart: listening is not practice. */
  listeningMinutes: number;
  recordings: number;
}

export const practiceWeekKey = (userId: string, back: number) =>
  `/api/users/${userId}/practice-week?back=${back}`;

export function usePracticeWeek(back: number) {
  const userId = useUserId();
  return useQuery<PracticeWeek>({
    queryKey: [practiceWeekKey(userId ?? '', back)],
    enabled: userId !== null,
    ...fresh,
  });
}

export function useCalendar(month: string | null) {
  const userId = useUserId();
  return useQuery<CalendarMonth>({
    queryKey: [`/api/users/${userId ?? ''}/calendar${month ? `?month=${month}` : ''}`],
    enabled: userId !== null,
    ...fresh,
  });
}

export function useGoals() {
  const userId = useUserId();
  return useQuery<VoiceGoal[]>({
    queryKey: ['/api/voice-goals', userId],
    queryFn: () => apiJson('GET', '/api/voice-goals'),
    enabled: userId !== null,
    ...fresh,
  });
}

export interface NewGoal {
  metric: GoalMetric;
  targetValue: number;
  targetDate: string;
}

/** Sent once with an Idempotency-Key, or kept in the outbox offline (shown as waiting to sync). */
export function useAddGoal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (goal: NewGoal) => {
      const sent = await sendOrQueue('goal', '/api/voice-goals', { ...goal });
      if (sent.queued)
        toast({ title: SAVED_OFFLINE_TITLE, description: 'Your goal is saved once it is sent.' });
      return sent;
    },
    onSuccess: (sent) => (sent.queued ? undefined : qc.invalidateQueries({ queryKey: ['/api/voice-goals'] })),
  });
}

/** Removing a goal needs the server's list: refused in words while offline (docs/offline-writes.md). */
export function useDeleteGoal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      onlineOnly('Removing a goal', () => apiJson<null>('DELETE', `/api/voice-goals/${id}`)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/api/voice-goals'] }),
  });
}
