import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store';

/** GET /api/streak-rewards (server/api/practice/routes.ts): level 3 and up. */
export interface StreakRewardsAnswer {
  today: string;
  currentStreak: number;
  longestStreak: number;
  milestones: { days: number; bonus: number; reachedThisRun: boolean }[];
  /** Every reward earned, newest first: the milestone, its bonus, the run's first day and the day earned. */
  earned: { days: number; bonus: number; runStart: string; localDate: string }[];
  next: { days: number; bonus: number; daysToGo: number } | null;
}

/** Read by the default reader (it GETs key[0]); the member in the key keeps saved data apart. */
export function useStreakRewards() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery<StreakRewardsAnswer>({
    queryKey: ['/api/streak-rewards', userId],
    enabled: userId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
