import type { QueryClient } from '@tanstack/react-query';
import { getOutbox, onOutboxChange, refreshPendingCount } from '../../lib/outbox/offline-writes';
import { useAuthStore } from '../auth/auth-store';
import { startPendingOnboardingSync } from '../onboarding/pending-answers';
import { toast } from '../toast/toast-store';

/** A write queued while the server still looked reachable is tried again this soon. */
const AFTER_ENQUEUE_MS = 5_000;

const KIND_TEXT: Record<string, string> = {
  completion: 'A session you completed offline',
  'template-session': 'A session you completed offline',
  echo: 'An echo you sent offline',
  reflection: 'A reflection you shared offline',
  'private-reflection': 'A reflection you saved offline',
  mood: 'A mood entry you saved offline',
  vitals: 'A biometric reading you saved offline',
  goal: 'A voice goal you set offline',
  enrolment: 'Joining a program offline',
  unenrolment: 'Leaving a program offline',
  'circle-practice': "A circle's practice you marked offline",
  'voice-analysis': 'A voice analysis you saved offline',
  'tuning-recording': 'A recording you made offline',
  'class-view': 'A class you opened offline',
  challenge: 'A challenge you set offline',
  'challenge-join': 'Joining a challenge offline',
  'challenge-leave': 'Leaving a challenge offline',
  'challenge-delete': 'Deleting a challenge offline',
  onboarding: 'Your onboarding answers',
  'onboarding-skip': 'Skipping the questionnaire',
};

/**
 * Sends the outbox when it can succeed: at start, when the browser comes back online, when the
 * tab becomes visible again, when a member signs in, and after back-off. Sent writes refresh
 * every query (tokens, streaks, lists); a write the server refused for good is dropped and the
 * member is told. Returns a function that stops it (tests, hot reload).
 */
export function startOfflineSync(client: QueryClient): () => void {
  const outbox = getOutbox();
  // The toast region loads on the first toast; fetch it now, while online, so "Saved — will
  // sync…" can still be shown when the network is gone (the same chunk React.lazy asks for).
  void import('../toast/Toaster').catch((err: unknown) => console.warn('Could not preload toasts', err));
  let timer: number | undefined;

  const schedule = (at: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void flush(), Math.max(1_000, at - Date.now()));
  };
  const flush = async () => {
    window.clearTimeout(timer);
    if (navigator.onLine === false) return; // The 'online' event brings us back.
    try {
      const result = await outbox.flush();
      if (result.nextAttemptAt !== null) schedule(result.nextAttemptAt);
    } catch (err) {
      console.warn('Could not send the offline outbox', err);
    }
  };

  // Sent writes change the member's numbers, so every query is asked again. Another tab may send
  // while this one still counts as offline (the browser brings its tabs back one at a time): the
  // reads would fail at once and keep the old numbers, so this tab asks when it is online.
  let refreshWhenOnline = false;
  const refreshAll = () => {
    if (navigator.onLine === false) {
      refreshWhenOnline = true;
      return;
    }
    refreshWhenOnline = false;
    void client.invalidateQueries();
  };
  const stopListening = onOutboxChange(({ sent, refused, kept }) => {
    if (sent > 0) refreshAll();
    for (const item of refused) {
      toast({
        title: `${KIND_TEXT[item.kind] ?? 'Something you saved offline'} could not be synced`,
        description: 'The server did not accept it, so it was removed from this device.',
        variant: 'destructive',
      });
    }
    // Queued now (nothing sent or refused): try again shortly, as the network may be back.
    if (sent === 0 && refused.length === 0 && !kept) schedule(Date.now() + AFTER_ENQUEUE_MS);
  });
  const onOnline = () => {
    if (refreshWhenOnline) refreshAll();
    void flush();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void flush();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  const stopAuth = useAuthStore.subscribe((s, prev) => {
    if (s.user?.id === prev.user?.id) return;
    void refreshPendingCount();
    void flush();
  });
  void refreshPendingCount().catch((err: unknown) => console.warn('Could not read the outbox', err));
  void flush();
  // A visitor's onboarding answers have no member to queue under until a session begins.
  const stopPendingOnboarding = startPendingOnboardingSync(client);

  return () => {
    stopPendingOnboarding();
    window.clearTimeout(timer);
    stopListening();
    stopAuth();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
