import type { Session } from '@supabase/supabase-js';

/**
 * The session supabase-js keeps in this browser, read as it stored it, or null. Used only when
 * the client answers "no session" while still keeping one: its access token expired and the
 * refresh could not reach the server (offline). supabase-js removes the stored session when a
 * refresh is refused or the member signs out, so a stored session means it is still theirs.
 */
export function storedSession(storage: Storage): Session | null {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key || !key.startsWith('sb-') || !key.endsWith('-auth-token')) continue;
    try {
      const value = JSON.parse(storage.getItem(key) ?? 'null') as Partial<Session> | null;
      if (value && typeof value.access_token === 'string' && typeof value.user?.id === 'string')
        return value as Session;
    } catch {
      // not a session: look further
    }
  }
  return null;
}

/**
 * What the app uses when the client reports no session: the stored one while the server cannot
 * be reached (the member stays signed in offline, on their saved screens and downloads, and the
 * client refreshes the token when the network is back), otherwise none.
 */
export function sessionWhileUnreachable(reported: Session | null, storage: Storage): Session | null {
  return reported ?? storedSession(storage);
}
