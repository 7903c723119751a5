import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from './auth-store';

/** GET /api/auth/me (server/api/accounts/routes.ts). */
export interface MemberProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  hasCompletedOnboarding: boolean;
  /** Kept on the server (issue 8): a skip counts on every device. */
  onboardingState?: 'pending' | 'skipped' | 'completed';
}

/** Finished or skipped, on any device: the questionnaire is not offered again. */
export function onboardingSettled(
  profile: Pick<MemberProfile, 'hasCompletedOnboarding' | 'onboardingState'>,
): boolean {
  return profile.hasCompletedOnboarding || profile.onboardingState === 'skipped';
}

export const ME_PATH = '/api/auth/me';

/**
 * The signed-in member's record, through the app's default query reader. The user id is part
 * of the key so a different member signing in never sees the previous member's record.
 * Disabled (data undefined) for a visitor.
 */
export function useMemberProfile() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery<MemberProfile | null>({
    queryKey: [ME_PATH, userId],
    enabled: userId !== null,
  });
}
