import { storageKeys } from '../../lib/storage-keys';

/**
 * What a visitor answered on /onboarding-story (or that they skipped it) before there was a
 * session. The outbox needs a member to queue under, so these wait on the device until a
 * session begins and are then sent once through the normal API (issue 30: they were lost).
 */
export type PendingOnboarding = { kind: 'answers'; payload: Record<string, unknown> } | { kind: 'skip' };

export function keepOnboardingForLater(pending: PendingOnboarding, storage: Storage = localStorage): void {
  storage.setItem(storageKeys.onboardingPending, JSON.stringify(pending));
}

export function hasPendingOnboarding(storage: Storage = localStorage): boolean {
  return storage.getItem(storageKeys.onboardingPending) !== null;
}

/** Reads and removes it in one synchronous step, so two callers never both send it. */
export function takePending(storage: Storage): PendingOnboarding | null {
  const raw = storage.getItem(storageKeys.onboardingPending);
  storage.removeItem(storageKeys.onboardingPending);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as PendingOnboarding;
    return parsed.kind === 'answers' || parsed.kind === 'skip' ? parsed : null;
  } catch {
    return null;
  }
}
