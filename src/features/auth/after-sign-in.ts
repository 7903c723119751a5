import { apiJson } from '../../lib/api';

/**
 * Spec (sign-in): after success read the member's record; onboarded members go to /intro,
 * everyone else (and any failure to read) to /onboarding-story.
 */
export async function destinationAfterSignIn(userId: string): Promise<'/intro' | '/onboarding-story'> {
  try {
    const user = await apiJson<{ hasCompletedOnboarding?: boolean }>(
      'GET',
      `/api/users/${encodeURIComponent(userId)}`,
    );
    return user?.hasCompletedOnboarding === true ? '/intro' : '/onboarding-story';
  } catch (err) {
    console.error('Could not read the member record after sign-in', err);
    return '/onboarding-story';
  }
}
