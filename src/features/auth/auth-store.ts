import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { create } from 'zustand';
import { sessionWhileUnreachable } from './offline-session';

export interface AuthState {
  session: Session | null;
  user: User | null;
  /** True until the stored session has been read once at start. */
  loading: boolean;
  lastEvent: AuthChangeEvent | null;
  /**
   * True from PASSWORD_RECOVERY until the password is changed or the member signs out. Kept
   * apart from lastEvent because INITIAL_SESSION can follow the recovery event at boot.
   */
  passwordRecovery: boolean;
  /** Set when the server ended the session (revoked elsewhere): sign-in says so once. */
  signedOutNotice: boolean;
}

export const useAuthStore = create<AuthState>(() => ({
  session: null,
  user: null,
  loading: true,
  lastEvent: null,
  passwordRecovery: false,
  signedOutNotice: false,
}));

/**
 * Reads the session once, then follows the client's auth events (signed in, token refreshed,
 * signed out, password recovery, user updated), which set session and user and end loading.
 * Returns the unsubscribe function.
 */
export function startAuthSync(client: SupabaseClient): () => void {
  const { data } = client.auth.onAuthStateChange((event, reported) => {
    // At start, offline with an expired token, the client reports no session but keeps it.
    const session = event === 'INITIAL_SESSION' ? sessionWhileUnreachable(reported, localStorage) : reported;
    const recovery =
      event === 'PASSWORD_RECOVERY'
        ? true
        : event === 'USER_UPDATED' || event === 'SIGNED_OUT'
          ? false
          : useAuthStore.getState().passwordRecovery;
    useAuthStore.setState({
      session,
      user: session?.user ?? null,
      loading: false,
      lastEvent: event,
      passwordRecovery: recovery,
    });
  });
  // Offline, the client may spend 30 s trying to refresh an expired token before it answers:
  // the member's saved screens and downloads need no token, so show them at once.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const stored = sessionWhileUnreachable(null, localStorage);
    if (stored) useAuthStore.setState({ session: stored, user: stored.user, loading: false });
  }
  client.auth
    .getSession()
    .then(({ data, error }) => {
      // A refresh that could not reach the server is not a sign-out (see offline-session.ts).
      // (By name: importing supabase-js's own check would put the library on the first screen.)
      const unreachable = error?.name === 'AuthRetryableFetchError';
      if (error && !unreachable) console.error('Could not read the stored session', error);
      const session = unreachable ? sessionWhileUnreachable(data.session, localStorage) : data.session;
      useAuthStore.setState({ session, user: session?.user ?? null, loading: false });
    })
    .catch((err: unknown) => {
      console.error('Could not read the stored session', err);
      useAuthStore.setState({ loading: false });
    });
  return () => data.subscription.unsubscribe();
}

export const selectUser = (s: AuthState) => s.user;
export const selectAccessToken = (s: AuthState) => s.session?.access_token ?? null;

/** First name from the user metadata (either spelling the spec names), or null. */
export function firstNameOf(user: User | null): string | null {
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  const name = meta.firstName ?? meta.first_name;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}
