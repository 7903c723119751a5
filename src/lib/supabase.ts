import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './runtime-config';
import { storageKeys } from './storage-keys';
import { observedFetch } from './unauthorized';

let client: SupabaseClient | null = null;

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

/** Created once at boot, before the router touches the URL, so email links' sessions are read. */
export function initSupabase(choice: BackendChoice): SupabaseClient {
  client = createClient(choice.url, choice.anonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
    // A revoked session must end in sign-in, not in a loop of refused reads (issue 8).
    global: { fetch: observedFetch },
  });
  return client;
}

export function supabase(): SupabaseClient {
  if (!client) throw new Error('The Supabase client is used before initSupabase() ran.');
  return client;
}
