import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { onboardingSettled, useMemberProfile } from '../auth/useMemberProfile';
import { hasVisitedApp, markAppVisited, shouldSendToOnboarding } from './gate';

export interface OnboardingGateState {
  /** True while the member's record is being read: render a calm loading state, not content. */
  checking: boolean;
  /** True once the gate has decided to send the member to /onboarding-story. */
  redirecting: boolean;
}

/**
 * The onboarding gate of the spec (home): call it at the top of a member screen.
 *
 *   const gate = useOnboardingGate();
 *   if (gate.checking || gate.redirecting) return <p>loading…</p>;
 *
 * - hasCompletedOnboarding exactly false, app not yet visited in this browser session, path
 *   not /profile, /discover or /community → replaces the route with /onboarding-story;
 * - otherwise marks the app visited (sessionStorage), so the questionnaire is offered once
 *   per browser session at most.
 * On /profile, /discover and /community it only marks the app visited. A visitor (no
 * session) or a failed read never redirects: the gate must not lock anyone out.
 */
export function useOnboardingGate(): OnboardingGateState {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useMemberProfile();
  const known = profile.data ?? undefined;
  const send =
    known !== undefined &&
    shouldSendToOnboarding({
      hasCompletedOnboarding: onboardingSettled(known),
      visitedThisSession: hasVisitedApp(),
      pathname,
    });

  // Only the first read holds the screen back. After a failure (offline), a refetch puts the
  // query back to pending; waiting again would unmount the screen, whose own reads of the
  // record refetch on mount, and the screen would flip between loading and content forever.
  const checking = profile.isPending && profile.fetchStatus !== 'idle' && profile.errorUpdateCount === 0;
  useEffect(() => {
    if (checking) return;
    if (send) navigate('/onboarding-story', { replace: true });
    else markAppVisited();
  }, [send, navigate, checking]);

  useEffect(() => {
    if (profile.isError)
      console.warn('Could not read the member record for the onboarding gate', profile.error);
  }, [profile.isError, profile.error]);
  return { checking, redirecting: send };
}

/** For screens that only mark the app visited (profile, discover, community). */
export function useMarkAppVisited(): void {
  useEffect(() => markAppVisited(), []);
}
