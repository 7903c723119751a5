import { apiJson } from '../../lib/api';
import { storageKeys } from '../../lib/storage-keys';
import { hasVisitedApp } from '../onboarding/gate';
import { onboardingSettled, type MemberProfile } from './useMemberProfile';

export interface LandingInput {
  /** undefined when the record could not be read. */
  hasCompletedOnboarding: boolean | undefined;
  /** The local 'onboarding complete' flag (set by finishing or skipping onboarding here). */
  localFlag: boolean;
  visitedThisSession: boolean;
}

/**
 * Where a member who is already signed in goes from `/` (a restored session, or the landing
 * of a verification link). Onboarded members see the intro splash, which leads home. So that
 * 'Skip for Now' does not loop back into the questionnaire, a local completion flag or an
 * earlier visit in this browser session also counts; everyone else is offered onboarding.
 */
export function landingForSignedIn({
  hasCompletedOnboarding,
  localFlag,
  visitedThisSession,
}: LandingInput): '/intro' | '/onboarding-story' {
  if (hasCompletedOnboarding === true || localFlag || visitedThisSession) return '/intro';
  return '/onboarding-story';
}

export async function resolveSignedInLanding(): Promise<'/intro' | '/onboarding-story'> {
  let hasCompletedOnboarding: boolean | undefined;
  try {
    hasCompletedOnboarding = onboardingSettled(await apiJson<MemberProfile>('GET', '/api/auth/me'));
  } catch (err) {
    console.warn('Could not read the member record for the landing', err);
  }
  return landingForSignedIn({
    hasCompletedOnboarding,
    localFlag: localStorage.getItem(storageKeys.onboardingComplete) === 'true',
    visitedThisSession: hasVisitedApp(),
  });
}
