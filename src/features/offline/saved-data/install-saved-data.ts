import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../../auth/auth-store';
import { startSavedData } from './persist-queries';

/** Saved screen data follows the signed-in member: their own record is restored, nobody else's. */
export function installSavedData(client: QueryClient): () => void {
  return startSavedData(client, {
    current: () => useAuthStore.getState().user?.id ?? null,
    subscribe: (listener) =>
      useAuthStore.subscribe((state, prev) => {
        const id = state.user?.id ?? null;
        if (id !== (prev.user?.id ?? null)) listener(id);
      }),
  });
}
