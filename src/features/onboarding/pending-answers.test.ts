// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import type { Session } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';

const sendOrQueue = vi.fn<(kind: string, url: string, body: Record<string, unknown>) => Promise<unknown>>();
vi.mock('../../lib/outbox/offline-writes', () => ({
  sendOrQueue: (kind: string, url: string, body: Record<string, unknown>) => sendOrQueue(kind, url, body),
}));

const { useAuthStore } = await import('../auth/auth-store');
const { skipOnboardingOnServer, submitOnboarding } = await import('./complete');
const { hasPendingOnboarding, startPendingOnboardingSync } = await import('./pending-answers');

const ANSWERS = {
  answers: { voice_goals: ['Other'], hoped_feelings: ['Calm'] },
  otherTexts: { voice_goals_other: 'lullabies' },
};

function signIn(id = 'member-1'): void {
  const session = { access_token: 'token', user: { id } } as unknown as Session;
  useAuthStore.setState({ session, user: session.user, loading: false });
}
const settle = () => new Promise((r) => setTimeout(r, 0));

let stop: () => void = () => undefined;
let client: QueryClient;
beforeEach(() => {
  localStorage.clear();
  sendOrQueue.mockReset();
  sendOrQueue.mockResolvedValue({ queued: false, response: {} });
  useAuthStore.setState({ session: null, user: null, loading: false });
  client = new QueryClient();
});
afterEach(() => stop());

describe('onboarding answered while signed out', () => {
  it('keeps a visitor’s answers on the device and sends them once when the visitor signs in', async () => {
    stop = startPendingOnboardingSync(client);
    await submitOnboarding(ANSWERS, client);
    expect(sendOrQueue).not.toHaveBeenCalled();
    expect(hasPendingOnboarding()).toBe(true);

    signIn();
    await settle();
    expect(sendOrQueue).toHaveBeenCalledTimes(1);
    expect(sendOrQueue).toHaveBeenCalledWith('onboarding', '/api/complete-onboarding', ANSWERS);
    expect(hasPendingOnboarding()).toBe(false);

    // A token refresh or a second tab's start sends nothing again.
    useAuthStore.setState({ session: { ...useAuthStore.getState().session! } });
    stop();
    stop = startPendingOnboardingSync(client);
    await settle();
    expect(sendOrQueue).toHaveBeenCalledTimes(1);
  });

  it('sends answers kept in an earlier visit as soon as the app starts with a session', async () => {
    await submitOnboarding(ANSWERS, client);
    signIn();
    stop = startPendingOnboardingSync(client);
    await settle();
    expect(sendOrQueue).toHaveBeenCalledWith('onboarding', '/api/complete-onboarding', ANSWERS);
  });

  it('keeps a visitor’s Skip for Now and tells the account after sign-in', async () => {
    stop = startPendingOnboardingSync(client);
    await skipOnboardingOnServer(client);
    expect(sendOrQueue).not.toHaveBeenCalled();
    signIn();
    await settle();
    expect(sendOrQueue).toHaveBeenCalledWith('onboarding-skip', '/api/onboarding/skip', {});
  });

  it('keeps the answers for a later try when the server fails for a moment, and drops answers it refused', async () => {
    await submitOnboarding(ANSWERS, client);
    sendOrQueue.mockRejectedValueOnce(new ApiRequestError(500, '{"error":"internal"}'));
    signIn();
    stop = startPendingOnboardingSync(client);
    await settle();
    expect(hasPendingOnboarding()).toBe(true);

    sendOrQueue.mockRejectedValueOnce(new ApiRequestError(400, '{"error":"validation_failed"}'));
    stop();
    stop = startPendingOnboardingSync(client);
    await settle();
    expect(hasPendingOnboarding()).toBe(false);
  });
});
