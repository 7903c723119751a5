import { useEffect } from 'react';

/**
 * Keeps the screen on while a live session is shown, so a phone on the table does not lock
 * mid-step. Re-acquired when the tab becomes visible again (the browser releases it on hide);
 * silently absent where the Screen Wake Lock API is not supported or refused.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      try {
        const next = await navigator.wakeLock.request('screen');
        if (stopped) void next.release();
        else lock = next;
      } catch {
        // refused (battery saver, hidden tab): the session works without it
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void acquire();
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release().catch(() => {});
    };
  }, [active]);
}
