import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Session } from '../sessions/session';

/** The longest a settled but busy page waits for an idle moment before the warm-up starts. */
const IDLE_CAP_MS = 2000;
/** How often the screen is checked for having settled. */
const SETTLE_POLL_MS = 250;

/**
 * A screen that shows `session` to begin (home's recommendation) gets the player ready for it
 * once the screen has settled, so the tap only has to start playing (warm-up.ts says what is done).
 * The warm-up's code downloads then too: it is not part of the screen's own first download.
 */

export function useWarmPlayer(session: Session | null | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    let timer: number | undefined;
    let idleId: number | undefined;
    const start = () => {
      if (cancelled) return;
      import('./warm-up')
        .then((m) => m.warmUpSession(client, session))
        .catch((err: unknown) => console.warn('Could not prepare the player ahead of a tap', err));
    };
    // Only once the screen has settled: its page loaded and none of its reads in flight, then an
    // idle moment (at most IDLE_CAP_MS later). Started in the idle gaps while home was still
    // waiting for its data, the player's code and the audio competed with home's largest paint
    // (signed-in LCP at CPU 4x ~1.5 s later). Safari has no requestIdleCallback.
    const whenSettled = () => {
      if (cancelled) return;
      if (document.readyState !== 'complete' || client.isFetching() > 0) {
        timer = window.setTimeout(whenSettled, SETTLE_POLL_MS);
        return;
      }
      const idle = window.requestIdleCallback as typeof window.requestIdleCallback | undefined;
      if (idle) idleId = idle(start, { timeout: IDLE_CAP_MS });
      else timer = window.setTimeout(start, SETTLE_POLL_MS);
    };
    whenSettled();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      if (idleId !== undefined) window.cancelIdleCallback(idleId);
    };
  }, [client, session]);
}
