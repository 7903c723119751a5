import { storageKeys } from '../../lib/storage-keys';

/** Visiting these never sends a member to onboarding, and counts as having visited the app. */
export const GATE_EXEMPT_PATHS = ['/profile', '/discover', '/community'] as const;

export interface GateInput {
  /** From GET /api/auth/me; undefined while unknown (not signed in, or not loaded yet). */
  hasCompletedOnboarding: boolean | undefined;
  /** The 'app visited' flag of this browser session. */
  visitedThisSession: boolean;
  pathname: string;
}

/**
 * Spec (home, onboarding gate): go to /onboarding-story only when hasCompletedOnboarding is
 * exactly false, the app was not yet visited in this browser session, and the path is not
 * profile, discover or community. Anything else (including "unknown") lets the member stay.
 */
export function shouldSendToOnboarding({
  hasCompletedOnboarding,
  visitedThisSession,
  pathname,
}: GateInput): boolean {
  if (hasCompletedOnboarding !== false) return false;
  if (visitedThisSession) return false;
  return !isGateExempt(pathname);
}

export function isGateExempt(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (GATE_EXEMPT_PATHS as readonly string[]).includes(path);
}

/** The 'app visited' flag lives in sessionStorage: it ends with the browser session. */
export function hasVisitedApp(session: Storage = sessionStorage): boolean {
  return session.getItem(storageKeys.appVisited) === 'true';
}

export function markAppVisited(session: Storage = sessionStorage): void {
  session.setItem(storageKeys.appVisited, 'true');
}
