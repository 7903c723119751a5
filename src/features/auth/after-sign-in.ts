import { apiJson } from '../../lib/api';
import { hasPendingOnboarding } from '../onboarding/pending-store';

/**
 * Spec (sign-in): after success read the member's record; onboarded members go to /intro,
 * everyone else (and any failure to read) to /onboarding-story. A visitor who answered (or
 * skipped) the questionnaire before signing in is not asked again: the kept answers are on their
 * way to the account. Read that before signing in (the sign-in itself starts sending them).
 */
export async function destinationAfterSignIn(
  userId: string,
  answeredAsVisitor: boolean = hasPendingOnboarding(),
): Promise<'/intro' | '/onboarding-story'> {
  if (answeredAsVisitor) return '/intro';
  try {
    const user = await apiJson<{ hasCompletedOnboarding?: boolean; onboardingState?: string }>(
      'GET',
      `/api/users/${encodeURIComponent(userId)}`,
    );
    // A skip kept on the server counts too, so no other device asks again (issue 8).
    const settled = user?.hasCompletedOnboarding === true || user?.onboardingState === 'skipped';
    return settled ? '/intro' : '/onboarding-story';
  } catch (err) {
    console.error('Could not read the member record after sign-in', err);
    return '/onboarding-story';
  }
}
