import { useEffect } from 'react';
import { isNetworkFailure } from '../offline/network-store';
import { toast } from '../toast/toast-store';
import { useSessionById } from '../sessions/queries';
import { usePlayerStore } from './player-store';
import { SessionPlayer } from './SessionPlayer';
import { useWakeLock } from './use-wake-lock';

/**
 * Mounted once in the layout: shows the full-screen player over any route while the store
 * has an active session. An id that is not a number, or a session that cannot be read (and is
 * not held already), gives the spec's toast and closes the player again (spec core §8).
 * Its history entry is kept by LazyPlayerOverlay (src/app/lazy-shell.tsx), which stays mounted
 * after a close, when this component is already gone.
 */
export function PlayerOverlay() {
  const id = usePlayerStore((s) => s.activeSessionId);
  const mode = usePlayerStore((s) => s.mode);
  const close = usePlayerStore((s) => s.close);
  const valid = id !== null && Number.isSafeInteger(id) && id > 0;
  const query = useSessionById(valid ? id : null);
  useWakeLock(valid && query.isSuccess);

  useEffect(() => {
    if (id === null || valid) return;
    toast({ title: 'Error', description: 'Invalid session ID', variant: 'destructive' });
    close();
  }, [id, valid, close]);

  // Only a session it does not hold closes the player. One it holds (from a list, a download or
  // restored from the device) may be refreshed, and offline that refresh fails: it kept playing
  // for a few seconds, until supabase-js gave up retrying, and then closed (docs/offline.md).
  const unreadable = query.isError && query.data === undefined;
  useEffect(() => {
    if (!valid || !unreadable) return;
    console.warn('Could not load session', id, query.error);
    // Offline, and no saved list holds this session: say why instead of a bare failure.
    if (!navigator.onLine || isNetworkFailure(query.error))
      toast({
        title: 'This session needs a connection',
        description: 'It is not saved on this device. Open it again when you are back online.',
        variant: 'destructive',
      });
    else toast({ title: 'Could not load session', variant: 'destructive' });
    close();
  }, [valid, id, unreadable, query.error, close]);

  if (!valid || !query.data) return null;
  return (
    <SessionPlayer key={`${query.data.id}-${mode}`} session={query.data} openedAs={mode} onClosed={close} />
  );
}
