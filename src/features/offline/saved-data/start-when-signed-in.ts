import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../../auth/auth-store';

/**
 * Loads the saving of screen data once a member is signed in (a visitor on the sign-in screen
 * never downloads it), then keeps it running for this page. Returns a stop function.
 */
export function startSavedDataWhenSignedIn(client: QueryClient): () => void {
  let stopped = false;
  let stopSaving: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;
  const load = () => {
    unsubscribe?.();
    void import('./install-saved-data').then((m) => {
      if (!stopped && !stopSaving) stopSaving = m.installSavedData(client);
    });
  };
  if (useAuthStore.getState().user) load();
  else
    unsubscribe = useAuthStore.subscribe((state) => {
      if (state.user) load();
    });
  return () => {
    stopped = true;
    unsubscribe?.();
    stopSaving?.();
  };
}
