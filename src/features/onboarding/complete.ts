import type { QueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '../../lib/outbox/offline-writes';
import { storageKeys } from '../../lib/storage-keys';
import { useAuthStore } from '../auth/auth-store';
import { markAppVisited } from './gate';
import { keepOnboardingForLater } from './pending-store';

/** The local 'onboarding complete' flag; also the way 'Skip for Now' ends onboarding. */
export function markOnboardingCompleteLocally(): void {
  localStorage.setItem(storageKeys.onboardingComplete, 'true');
  // Finishing or skipping counts as this session's visit, so the home gate does not ask again.
  markAppVisited();
}

export function saveQuestionnaireLocally(payload: unknown): void {
  localStorage.setItem(storageKeys.onboardingAnswers, JSON.stringify(payload));
}

/**
 * POST /api/onboarding/skip: 'Skip for Now' is kept with the account, so another device or
 * browser does not offer the questionnaire again. Never blocks the way on: a failure is logged.
 */
export async function skipOnboardingOnServer(queryClient: QueryClient): Promise<void> {
  // A visitor's skip waits on the device and is kept with the account at sign-in.
  if (!useAuthStore.getState().session) return keepOnboardingForLater({ kind: 'skip' });
  try {
    // Offline it waits in the outbox (the local flag above already lets the member in).
    const sent = await sendOrQueue('onboarding-skip', '/api/onboarding/skip', {});
    if (!sent.queued) await queryClient.invalidateQueries();
  } catch (err) {
    console.warn('Could not keep the skip with the account', err);
  }
}

/**
 * POST /api/complete-onboarding (server/api/accounts): sets hasCompletedOnboarding. Cached
 * queries (the member record above all) are refreshed afterwards, as the spec asks.
 * Returns false (logged) on failure: onboarding never blocks the way into the app. A visitor's
 * answers are kept for the first session (pending-answers.ts).
 */
export async function submitOnboarding(payload: unknown, queryClient: QueryClient): Promise<boolean> {
  if (!useAuthStore.getState().session) {
    // A visitor's answers wait on the device and are sent once a session begins.
    keepOnboardingForLater({ kind: 'answers', payload: payload as Record<string, unknown> });
    return true;
  }
  try {
    // Offline the answers wait in the outbox and are sent once; the member goes on meanwhile.
    const sent = await sendOrQueue(
      'onboarding',
      '/api/complete-onboarding',
      payload as Record<string, unknown>,
    );
    if (!sent.queued) await queryClient.invalidateQueries();
    return true;
  } catch (err) {
    console.warn('Could not save the onboarding answers', err);
    return false;
  }
}
