import { apiJson } from '../../lib/api';

/**
 * Spec (sign-in): after success read the member's record; onboarded members go to /intro,
 * everyone else (and any failure to read) to /onboarding-story.
 */
export async function destinationAfterSignIn(userId: string): Promise<'/intro' | '/onboarding-story'> {
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
