import type { SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './runtime-config';
import { storageKeys } from './storage-keys';
import { observedFetch } from './unauthorized';

export interface BackendChoice {
  url: string;
  anonKey: string;
  /** True when the operator pointed the app at another Supabase-compatible backend (/admin). */
  external: boolean;
}

/**
 * The built-in server by default (same origin, its anon key). The admin page can store the URL
 * and key of another Supabase-compatible backend and switch to it; the client code is the same.
 */
export function chooseBackend(config: RuntimeConfig, storage: Storage, origin: string): BackendChoice {
  const enabled = storage.getItem(storageKeys.backendEnabled) === 'true';
  const url = storage.getItem(storageKeys.backendUrl);
  const key = storage.getItem(storageKeys.backendAnonKey);
  if (enabled && url && key) return { url, anonKey: key, external: true };
  return { url: origin, anonKey: config.anonKey, external: false };
}

/**
 * supabase-js (with auth, PostgREST, storage and realtime) is a large download, so it is not
 * part of the first screen's code: it is imported the first time something needs it (a stored
 * session at boot, an email link, a sign-in form being used, a member screen reading data).
 */
let choice: BackendChoice | null = null;
let loading: Promise<SupabaseClient> | null = null;
let loaded: SupabaseClient | null = null;
const listeners: ((client: SupabaseClient) => void)[] = [];

/** Set once at boot, before anything loads the client. */
export function configureSupabase(backend: BackendChoice): void {
  choice = backend;
}

/** The client, created on first use; later calls share it. */
export function supabase(): Promise<SupabaseClient> {
  if (loaded) return Promise.resolve(loaded);
  if (!choice)
    return Promise.reject(new Error('The Supabase client is used before configureSupabase() ran.'));
  const backend = choice;
  loading ??= import('@supabase/supabase-js').then(({ createClient }) => {
    loaded = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
      // A revoked session must end in sign-in, not in a loop of refused reads (issue 8).
      global: { fetch: observedFetch },
    });
    for (const listener of listeners.splice(0)) listener(loaded);
    return loaded;
  });
  return loading;
}

/**
 * Whether a table read (postgrest-js) may retry a failed request. postgrest-js retries a failed
 * GET three times (1, 2, then 4 s) before it answers, even when the browser knows it has no
 * network: an offline screen with nothing saved waited 7 s to say it needs a connection, and a
 * saved session's refresh kept the player waiting as long. Offline a read fails at once, as the
 * app's own queries do (src/lib/query-client.ts); online a passing failure keeps its retries.
 * Pass it to every read: `.select(...).retry(retryTableReads())`.
 */
export function retryTableReads(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Runs `listener` when the client is created (at once if it already is). */
export function whenSupabaseLoads(listener: (client: SupabaseClient) => void): void {
  if (loaded) listener(loaded);
  else listeners.push(listener);
}

/** Starts the download early (e.g. when a member focuses a sign-in field) without waiting. */
export function preloadSupabase(): void {
  void supabase().catch((err: unknown) => console.error('Could not load the sign-in client', err));
}

/**
 * True when supabase-js has a session stored in this browser. Its default key is
 * `sb-<first label of the backend host>-auth-token`; any such key counts, so a session stored
 * for another backend also loads the client (which then decides).
 */
export function hasStoredSession(storage: Storage): boolean {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key && key.startsWith('sb-') && key.endsWith('-auth-token')) return true;
  }
  return false;
}
