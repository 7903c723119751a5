import { useCallback, useEffect, useRef } from 'react';
import { isHearing, LISTEN_EVENTS, ListenedClock } from './listened-clock';

export interface ListeningClaim {
  /** Whole seconds heard (not seeked over) since the player opened. */
  listenedSec: number;
  /** ISO time listening began; absent when nothing played. */
  startedAt?: string;
}

/**
 * Counts what the member heard on the player's `<audio>` element (listened-clock.ts), across
 * mode switches and "play again", for the completion's `listenedSec` / `startedAt`.
 */
export function useListenedTime(element: HTMLAudioElement | null): () => ListeningClaim {
  const clock = useRef(new ListenedClock());
  useEffect(() => {
    if (!element) return;
    const listened = clock.current;
    const note = () => listened.note(Date.now(), isHearing(element));
    // An element loaded ahead of the tap may be playing already.
    note();
    for (const e of LISTEN_EVENTS) element.addEventListener(e, note);
    return () => {
      for (const e of LISTEN_EVENTS) element.removeEventListener(e, note);
      listened.note(Date.now(), false);
    };
  }, [element]);
  return useCallback(() => {
    const now = Date.now();
    const started = clock.current.startedAtMs();
    return {
      listenedSec: clock.current.listenedSec(now),
      ...(started !== null ? { startedAt: new Date(started).toISOString() } : {}),
    };
  }, []);
}
