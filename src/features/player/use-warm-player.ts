import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Session } from '../sessions/session';

/**
 * A screen that shows `session` to begin (home's recommendation) gets the player ready for it
 * once the browser is idle, so the tap only has to start playing (warm-up.ts says what is done).
 * The warm-up's code downloads then too: it is not part of the screen's own first download.
 */
/** The longest a busy page waits before the warm-up starts anyway. */
const IDLE_CAP_MS = 4000;

export function useWarmPlayer(session: Session | null | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!session) return;
    let cancelled = false;
    const start = () => {
      if (cancelled) return;
      import('./warm-up')
        .then((m) => m.warmUpSession(client, session))
        .catch((err: unknown) => console.warn('Could not prepare the player ahead of a tap', err));
    };
    // After the screen's own work (its first paint and data): with a 1 s cap, a slow phone
    // (CPU 4x) started downloading and running the player's code while home was still rendering,
    // and home's largest paint came later. Safari has no requestIdleCallback.
    const idle = window.requestIdleCallback as typeof window.requestIdleCallback | undefined;
    if (idle) {
      const id = window.requestIdleCallback(start, { timeout: IDLE_CAP_MS });
      return () => {
        cancelled = true;
        window.cancelIdleCallback(id);
      };
    }
    const id = window.setTimeout(start, 1000);
    return () => {
      cancelled = true;
      window.clearTimeout(id);
    };
  }, [client, session]);
}
