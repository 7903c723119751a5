import type { QueryClient } from '@tanstack/react-query';
import { supabase, whenSupabaseLoads } from '../../lib/supabase';
import { setUnauthorizedListener } from '../../lib/unauthorized';
import { useAuthStore } from './auth-store';
import { localGuardRecord, recentRefusal, withGuardLock } from './guard-record';
import { createSessionGuard, tokenFingerprint } from './session-guard';

/**
 * Connects the session guard to the real clients: called once when the query client is made,
 * before any screen can send a request.
 */
export function installSessionGuard(queryClient: QueryClient): void {
  const shared = localGuardRecord(localStorage);
  // A page that signed the member out may have been left (a reload, a link) before sign-in
  // could say why: this page says it instead.
  if (recentRefusal(shared, Date.now())) useAuthStore.setState({ signedOutNotice: true });
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
    shared,
    exclusive: withGuardLock,
    now: () => Date.now(),
  });
  setUnauthorizedListener((token) => void guard.report401(token));
  // A new session (signed in again, in any way) closes the story of the refused one.
  whenSupabaseLoads((client) => {
    client.auth.onAuthStateChange((event, session) => {
      const record = shared.read();
      if (
        event === 'SIGNED_IN' &&
        session &&
        record &&
        record.token !== tokenFingerprint(session.access_token)
      ) {
        shared.write(null);
        useAuthStore.setState({ signedOutNotice: false });
      }
    });
  });
}
