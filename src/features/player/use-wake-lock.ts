import { useEffect, useState } from 'react';

/**
 * Keeps the screen awake while a session plays (spec core §4, member expectations §4).
 * Armed by the first click, touch or key press: the overlay mounts only once a session is opened
 * (its code loads then), so the press that opened it is read from the browser's sticky user
 * activation, and later presses arm it where that is not supported; held while `active`; re-requested when the
 * page becomes visible again, since the browser drops the lock on hide; released on leaving.
 * Unsupported or refused: skipped, logged only.
 */
export function useWakeLock(active: boolean): void {
  const [armed, setArmed] = useState(
    () => typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive === true,
  );

  useEffect(() => {
    if (armed) return;
    const arm = () => setArmed(true);
    const events = ['click', 'touchstart', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, arm, { capture: true, once: true });
    return () => {
      for (const e of events) window.removeEventListener(e, arm, { capture: true });
    };
  }, [armed]);

  useEffect(() => {
    if (!armed || !active || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let left = false;
    const request = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (left) void lock.release();
        else sentinel = lock;
      } catch (err) {
        console.info('Screen wake lock unavailable', err);
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void request();
    };
    void request();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      left = true;
      document.removeEventListener('visibilitychange', onVisible);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => undefined);
    };
  }, [armed, active]);
}
