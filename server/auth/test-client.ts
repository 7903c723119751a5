import fs from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { TEST_ORIGIN, type TestApp } from '../test-support';

/** Realtime is never used by these tests; Node 20 has no WebSocket for supabase-js to find. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in tests');
  }
}

/**
 * The unmodified supabase-js client wired to the in-process app. Same as `t.supabase()` but
 * with a stand-in realtime transport, because createClient throws on Node 20 without one.
 */
export function client(t: TestApp, key = t.deps.keys.anonKey): SupabaseClient {
  const fetchIn = (input: string | URL | Request, init?: RequestInit) =>
    Promise.resolve(
      t.app.fetch(input instanceof Request ? input : new Request(new URL(String(input), TEST_ORIGIN), init)),
    );
  return createClient(TEST_ORIGIN, key, {
    global: { fetch: fetchIn as typeof fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
  });
}

/** All mails in the outbox, oldest first. */
export function outbox(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

/** Waits for the n-th mail (mails like recovery are sent in the background). */
export async function waitForMail(t: TestApp, count: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = outbox(t);
    const mail = mails[count - 1];
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`mail ${count} never arrived`);
}

export function linkIn(mail: string): string {
  const m = /http:\/\/localhost:8787\/auth\/v1\/verify\?\S+/.exec(mail);
  if (!m) throw new Error(`no verify link in mail:\n${mail}`);
  return m[0];
}

/** Follows a link without following the redirect, and returns the 303's parsed fragment. */
export async function follow(
  t: TestApp,
  link: string,
): Promise<{ status: number; location: string; hash: URLSearchParams }> {
  const res = await t.fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  return { status: res.status, location, hash: new URLSearchParams(location.split('#')[1] ?? '') };
}

export const PASSWORD = 'correct horse battery';

/** Signs up through supabase-js and follows the confirmation link; returns the user's id. */
export async function signUpConfirmed(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const before = outbox(t).length;
  const { data, error } = await client(t).auth.signUp({
    email,
    password,
    options: { data: { first_name: 'Ada', last_name: 'Lovelace' } },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  const { status } = await follow(t, linkIn(await waitForMail(t, before + 1)));
  if (status !== 303) throw new Error(`verify answered ${status}`);
  return data.user.id;
}

/** A signed-in supabase-js client for a confirmed member. */
export async function signedIn(t: TestApp, email: string, password = PASSWORD) {
  const sb = client(t);
  const { data, error } = await sb.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { sb, session: data.session };
}

/** A raw request to the auth service with the anon key, for checking exact wire details. */
export function authFetch(t: TestApp, pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', t.deps.keys.anonKey);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return t.fetch(`/auth/v1${pathAndQuery}`, { ...init, headers });
}
