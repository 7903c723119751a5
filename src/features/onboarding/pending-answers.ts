import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api';
import { sendOrQueue } from '../../lib/outbox/offline-writes';
import { useAuthStore } from '../auth/auth-store';
import { hasPendingOnboarding, keepOnboardingForLater, takePending } from './pending-store';

export { hasPendingOnboarding, keepOnboardingForLater };

/**
 * Sends what a visitor kept, when there is a session. Offline it goes into the outbox (sent once
 * with an Idempotency-Key); a server failing for a moment keeps it on the device for the next
 * start or sign-in; answers the server refused (4xx) are dropped, as the outbox drops them.
 */
export async function sendPendingOnboarding(
  client: QueryClient,
  storage: Storage = localStorage,
): Promise<void> {
  if (!useAuthStore.getState().session) return;
  const pending = takePending(storage);
  if (!pending) return;
  try {
    const sent =
      pending.kind === 'answers'
        ? await sendOrQueue('onboarding', '/api/complete-onboarding', pending.payload)
        : await sendOrQueue('onboarding-skip', '/api/onboarding/skip', {});
    if (!(sent as { queued?: boolean }).queued) await client.invalidateQueries();
  } catch (err) {
    const refused =
      err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 401;
    if (!refused && !hasPendingOnboarding(storage)) keepOnboardingForLater(pending, storage);
    console.warn('Could not keep the onboarding answers with the account', err);
  }
}

/** At start and whenever a member signs in, sends what a visitor kept. Returns the stop function. */
export function startPendingOnboardingSync(client: QueryClient): () => void {
  void sendPendingOnboarding(client);
  return useAuthStore.subscribe((s, prev) => {
    if (s.user && s.user.id !== prev.user?.id) void sendPendingOnboarding(client);
  });
}
