import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../test-support';
import {
  authFetch,
  client,
  follow,
  linkIn,
  outbox,
  PASSWORD,
  signedIn,
  signUpConfirmed,
  waitForMail,
} from './test-client';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** The 6-digit code a mail carries next to its link. */
const codeIn = (mail: string) => /Or enter this code: (\d{6})/.exec(mail)?.[1] ?? '';
const tokenOf = (mail: string) => new URL(linkIn(mail)).searchParams.get('token') ?? '';
/** The mail that went to `to`, newest first. */
const mailTo = (to: string) => [...outbox(t)].reverse().find((m) => m.includes(`To: ${to}`)) ?? '';

/** supabase-js as an @supabase/ssr app configures it: PKCE, code verifier kept in its storage. */
function pkceClient(): SupabaseClient {
  const fetchIn = (input: string | URL | Request, init?: RequestInit) =>
    Promise.resolve(
      t.app.fetch(input instanceof Request ? input : new Request(new URL(String(input), TEST_ORIGIN), init)),
    );
  const memory = new Map<string, string>();
  return createClient(TEST_ORIGIN, t.deps.keys.anonKey, {
    global: { fetch: fetchIn as typeof fetch },
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k) => memory.get(k) ?? null,
        setItem: (k, v) => void memory.set(k, v),
        removeItem: (k) => void memory.delete(k),
      },
    },
    realtime: { transport: class {} as never },
  });
}

describe('resend', () => {
  it('mails a fresh confirmation link for an unconfirmed sign-up; the older link stops working', async () => {
    await client(t).auth.signUp({ email: 'ada@example.com', password: PASSWORD });
    const first = await waitForMail(t, 1);
    t.advance(61_000);
    const { error } = await client(t).auth.resend({ type: 'signup', email: 'ada@example.com' });
    expect(error).toBeNull();
    const second = await waitForMail(t, 2);
    expect((await follow(t, linkIn(first))).hash.get('error_code')).toBe('otp_expired');
    expect((await follow(t, linkIn(second))).hash.get('access_token')).toBeTruthy();
  });

  it('answers {} and sends nothing for an unknown or already confirmed address', async () => {
    await signUpConfirmed(t, 'ada@example.com');
    t.advance(61_000);
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      const res = await authFetch(t, '/resend', {
        method: 'POST',
        body: JSON.stringify({ type: 'signup', email }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
    }
    expect(outbox(t)).toHaveLength(1);
  });

  it('refuses an unknown type and limits one mail a minute per address', async () => {
    const bad = await client(t).auth.resend({ type: 'invite' as 'signup', email: 'ada@example.com' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    await client(t).auth.signUp({ email: 'ada@example.com', password: PASSWORD });
    const again = await client(t).auth.resend({ type: 'signup', email: 'ada@example.com' });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });
});

describe('magic link and e-mail code (signInWithOtp)', () => {
  beforeEach(async () => {
    await signUpConfirmed(t, 'ada@example.com');
    t.advance(61_000);
  });

  it('mails a magic link and a 6-digit code; verifyOtp with email and code signs in', async () => {
    expect((await client(t).auth.signInWithOtp({ email: 'ada@example.com' })).error).toBeNull();
    const mail = await waitForMail(t, 2);
    expect(linkIn(mail)).toContain('type=magiclink');
    const sb = client(t);
    const { data, error } = await sb.auth.verifyOtp({
      email: 'ada@example.com',
      token: codeIn(mail),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe('ada@example.com');
    // Used once: the same code and the link are spent.
    const again = await sb.auth.verifyOtp({ email: 'ada@example.com', token: codeIn(mail), type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('signs in with verifyOtp({token_hash, type: "email"}) and by opening the link', async () => {
    await client(t).auth.signInWithOtp({ email: 'ada@example.com' });
    const viaHash = await client(t).auth.verifyOtp({
      token_hash: tokenOf(await waitForMail(t, 2)),
      type: 'email',
    });
    expect(viaHash.error).toBeNull();
    expect(viaHash.data.session?.access_token).toBeTruthy();
    t.advance(61_000);
    await client(t).auth.signInWithOtp({ email: 'ada@example.com' });
    const { status, hash } = await follow(t, linkIn(await waitForMail(t, 3)));
    expect(status).toBe(303);
    expect(hash.get('type')).toBe('magiclink');
    expect(hash.get('access_token')).toBeTruthy();
  });

  it('spends the code after five wrong guesses', async () => {
    await client(t).auth.signInWithOtp({ email: 'ada@example.com' });
    const code = codeIn(await waitForMail(t, 2));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const { error } = await client(t).auth.verifyOtp({
        email: 'ada@example.com',
        token: wrong,
        type: 'email',
      });
      expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
    }
    const late = await client(t).auth.verifyOtp({ email: 'ada@example.com', token: code, type: 'email' });
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('creates an account for a new address, unless shouldCreateUser is false', async () => {
    const refused = await client(t).auth.signInWithOtp({
      email: 'new@example.com',
      options: { shouldCreateUser: false },
    });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect((await client(t).auth.signInWithOtp({ email: 'new@example.com' })).error).toBeNull();
    const mail = await waitForMail(t, 2);
    expect(linkIn(mail)).toContain('type=signup');
    const { data, error } = await client(t).auth.verifyOtp({
      email: 'new@example.com',
      token: codeIn(mail),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });
});

describe('secure e-mail change (updateUser({email}))', () => {
  it('mails both addresses and changes only after both confirmed', async () => {
    await signUpConfirmed(t, 'old@example.com');
    t.advance(61_000);
    const { sb } = await signedIn(t, 'old@example.com');
    const { data, error } = await sb.auth.updateUser({ email: 'New@Example.com' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: 'old@example.com', new_email: 'new@example.com' });
    const toOld = mailTo('old@example.com');
    const toNew = mailTo('new@example.com');
    expect(toOld).toContain('change the email address of your account to new@example.com');
    expect(linkIn(toNew)).toContain('type=email_change');

    // The first side: GoTrue's message, no session, the address unchanged.
    const first = await follow(t, linkIn(toOld));
    expect(first.hash.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.hash.get('access_token')).toBeNull();
    expect((await sb.auth.getUser()).data.user?.email).toBe('old@example.com');

    // The second side, by its code typed in the app.
    const second = await client(t).auth.verifyOtp({
      email: 'new@example.com',
      token: codeIn(toNew),
      type: 'email_change',
    });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe('new@example.com');
    expect(
      (await client(t).auth.signInWithPassword({ email: 'new@example.com', password: PASSWORD })).error,
    ).toBeNull();
    expect(
      (await client(t).auth.signInWithPassword({ email: 'old@example.com', password: PASSWORD })).error,
    ).toMatchObject({ code: 'invalid_credentials' });
  });

  it('answers the first token_hash with the single-confirmation message', async () => {
    await signUpConfirmed(t, 'old@example.com');
    t.advance(61_000);
    const { sb } = await signedIn(t, 'old@example.com');
    await sb.auth.updateUser({ email: 'new@example.com' });
    const res = await authFetch(t, '/verify', {
      method: 'POST',
      body: JSON.stringify({ token_hash: tokenOf(mailTo('new@example.com')), type: 'email_change' }),
    });
    expect(await res.json()).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
  });

  it('refuses an address another member has, and resends the pending mails', async () => {
    await signUpConfirmed(t, 'old@example.com');
    await signUpConfirmed(t, 'taken@example.com');
    t.advance(61_000);
    const { sb } = await signedIn(t, 'old@example.com');
    const taken = await sb.auth.updateUser({ email: 'taken@example.com' });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
    await sb.auth.updateUser({ email: 'new@example.com' });
    const before = outbox(t).length;
    t.advance(61_000);
    expect(
      (await client(t).auth.resend({ type: 'email_change', email: 'old@example.com' })).error,
    ).toBeNull();
    expect(outbox(t).length).toBe(before + 2);
  });
});

describe('PKCE (flowType: "pkce")', () => {
  it('sends ?code= links that exchangeCodeForSession turns into a session, once', async () => {
    const sb = pkceClient();
    const { error } = await sb.auth.signUp({ email: 'ada@example.com', password: PASSWORD });
    expect(error).toBeNull();
    const link = linkIn(await waitForMail(t, 1));
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const { status, location } = await follow(t, link);
    expect(status).toBe(303);
    const code = new URL(location).searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    expect(location).not.toContain('access_token');
    const exchanged = await sb.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe('ada@example.com');
    const replay = await authFetch(t, '/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(replay.status).toBe(404);
    expect(await replay.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  it('refuses a wrong code verifier and an expired code', async () => {
    await signUpConfirmed(t, 'ada@example.com');
    t.advance(61_000);
    const sb = pkceClient();
    await sb.auth.signInWithOtp({ email: 'ada@example.com' });
    const code = new URL((await follow(t, linkIn(await waitForMail(t, 2)))).location).searchParams.get(
      'code',
    );
    const wrong = await authFetch(t, '/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'y'.repeat(50) }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' });
    t.advance(6 * 60_000);
    const late = await sb.auth.exchangeCodeForSession(code ?? '');
    expect(late.error).toMatchObject({ status: 422, code: 'flow_state_expired' });
  });
});

describe('what the service does not offer, in its own error shapes', () => {
  it('answers signInAnonymously with 422 anonymous_provider_disabled', async () => {
    const { error } = await client(t).auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
  });

  it('answers unknown /auth/v1 routes as GoTrue errors', async () => {
    const res = await authFetch(t, '/factors', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.json()).toMatchObject({ code: 'not_found', msg: expect.any(String) });
  });

  it('answers rpc with PGRST202 and unknown /rest/v1 paths with PGRST125', async () => {
    const { error } = await client(t).rpc('add_tokens', { amount: 100 });
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.add_tokens(amount) in the schema cache',
    });
    const res = await t.fetch('/rest/v1/sessions/1', { headers: { apikey: t.deps.keys.anonKey } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'PGRST125',
      details: null,
      hint: null,
      message: 'Invalid path specified in request URL',
    });
  });

  it('lists every external provider as false in /settings, email aside', async () => {
    const res = await authFetch(t, '/settings');
    const body = (await res.json()) as { external: Record<string, boolean> };
    expect(Object.keys(body.external)).toHaveLength(26);
    expect(Object.entries(body.external).filter(([, on]) => on)).toEqual([['email', true]]);
    expect(body.external).toMatchObject({
      google: false,
      apple: false,
      github: false,
      anonymous_users: false,
    });
  });
});
