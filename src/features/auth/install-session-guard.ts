import type { QueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { setUnauthorizedListener } from '../../lib/unauthorized';
import { useAuthStore } from './auth-store';
import { createSessionGuard } from './session-guard';

/**
 * Connects the session guard to the real clients: called once when the query client is made,
 * before any screen can send a request.
 */
export function installSessionGuard(queryClient: QueryClient): void {
  const guard = createSessionGuard({
    currentToken: () => useAuthStore.getState().session?.access_token ?? null,
    refresh: async () => {
      const { data, error } = await (await supabase()).auth.refreshSession();
      return error ? null : (data.session?.access_token ?? null);
    },
    signOutLocally: async () => {
      // The server has already ended this session: only the stored copy is left to remove.
      const { error } = await (await supabase()).auth.signOut({ scope: 'local' });
      if (error) console.warn('Local sign-out failed', error);
      useAuthStore.setState({ session: null, user: null });
    },
    onRefreshed: () => {
      void queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' });
    },
    onSignedOut: () => useAuthStore.setState({ signedOutNotice: true }),
  });
  setUnauthorizedListener((token) => void guard.report401(token));
}
