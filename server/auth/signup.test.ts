import type { AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support';
import type { AuthContext } from './context';
import { LINK_TTL_MS } from './links';
import { createAuthRepository } from './repository';
import { createUser } from './signup';
import { client, follow, linkIn, outbox, PASSWORD, signUpConfirmed, waitForMail } from './test-client';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const signUp = (email: string, password = PASSWORD, redirect?: string) =>
  client(t).auth.signUp({
    email,
    password,
    options: { data: { first_name: 'Ada', last_name: 'Lovelace' }, emailRedirectTo: redirect },
  });

describe('POST /auth/v1/signup', () => {
  it('returns the new user without a session and mails a verification link', async () => {
    const { data, error } = await signUp('Ada@Example.com');
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email: 'ada@example.com',
      aud: 'authenticated',
      role: 'authenticated',
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.user_metadata).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    const mail = await waitForMail(t, 1);
    expect(mail).toContain('To: ada@example.com');
    expect(linkIn(mail)).toMatch(/type=signup/);
  });

  it('stores only a hash of the link token, never the token itself', async () => {
    await signUp('ada@example.com');
    const token = new URL(linkIn(await waitForMail(t, 1))).searchParams.get('token') ?? '';
    const rows = await t.deps.sql.all<{ token_hash: string }>('SELECT token_hash FROM auth_one_time_tokens');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(token);
    const stored = await t.deps.sql.get<{ password_hash: string }>('SELECT password_hash FROM users');
    expect(stored?.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  it("hashes at production's cost (scrypt N=2^15) when the config sets none, and signs in with it", async () => {
    // Every other test runs at testConfig's 2^10; the server's own config never sets a cost.
    expect(loadConfig({}).passwordHashN).toBeUndefined();
    const production = await createTestApp({ passwordHashN: undefined });
    try {
      await signUpConfirmed(production, 'ada@example.com');
      const stored = await production.deps.sql.get<{ password_hash: string }>(
        'SELECT password_hash FROM users',
      );
      expect(stored?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      const { error } = await client(production).auth.signInWithPassword({
        email: 'ada@example.com',
        password: PASSWORD,
      });
      expect(error).toBeNull();
      const wrong = await client(production).auth.signInWithPassword({
        email: 'ada@example.com',
        password: 'not the password',
      });
      expect(wrong.error?.message).toBe('Invalid login credentials');
    } finally {
      await production.close();
    }
  });

  it('answers a confirmed address with an obfuscated user and sends no mail', async () => {
    const realId = await signUpConfirmed(t, 'ada@example.com');
    t.advance(61_000);
    const { data, error } = await signUp('ada@example.com', 'another password');
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(realId);
    expect(data.user?.identities).toEqual([]);
    expect(outbox(t)).toHaveLength(1);
  });

  it('re-sends the link for an unconfirmed address, at most once a minute', async () => {
    await signUp('ada@example.com');
    const again = await signUp('ada@example.com');
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    t.advance(61_000);
    const resent = await signUp('ada@example.com');
    expect(resent.error).toBeNull();
    expect(resent.data.user?.identities).toHaveLength(1);
    const second = await waitForMail(t, 2);
    // Only the newest link works.
    const first = outbox(t)[0] ?? '';
    expect((await follow(t, linkIn(first))).hash.get('error_code')).toBe('otp_expired');
    expect((await follow(t, linkIn(second))).hash.get('access_token')).toBeTruthy();
  });

  it('rejects a password shorter than 8 characters as weak, with the reason', async () => {
    const { error } = await signUp('ada@example.com', 'short');
    expect(error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(error?.message).toBe('Password should be at least 8 characters.');
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
  });

  it('rejects a password longer than 72 characters', async () => {
    const { error } = await signUp('ada@example.com', 'x'.repeat(73));
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error?.message).toBe('Password cannot be longer than 72 characters');
  });

  it('rejects an over-long or malformed email address', async () => {
    for (const email of [`${'a'.repeat(250)}@example.com`, 'not-an-email', '']) {
      const { error } = await signUp(email);
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    expect(outbox(t)).toHaveLength(0);
  });

  it('limits sign-ups per IP address with 429 over_request_rate_limit', async () => {
    for (let i = 0; i < 30; i++) expect((await signUp(`user${i}@example.com`)).error).toBeNull();
    expect((await signUp('one-more@example.com')).error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
  });

  it('signs the member in at once when AUTH_AUTOCONFIRM is on, and says 422 for a taken address', async () => {
    const auto = await createTestApp({ autoConfirm: true });
    try {
      const first = await client(auto).auth.signUp({ email: 'ada@example.com', password: PASSWORD });
      expect(first.error).toBeNull();
      expect(first.data.session?.access_token).toBeTruthy();
      expect(first.data.user?.email_confirmed_at).toBeTruthy();
      const taken = await client(auto).auth.signUp({ email: 'ada@example.com', password: PASSWORD });
      expect(taken.error).toMatchObject({ status: 422, code: 'user_already_exists' });
    } finally {
      await auto.close();
    }
  });
});

describe('two server processes creating one address', () => {
  it('answers 422 user_already_exists, not a 500, when the other process inserted it first', async () => {
    // The handler's "no such address" read comes before an await; the unique index decides,
    // also when the second address differs only in case (COLLATE NOCASE / CITEXT).
    const ctx = { deps: t.deps, repo: createAuthRepository(t.deps.sql) } as AuthContext;
    await createUser(ctx, 'race@example.com', 'hash', {}, null);
    await expect(createUser(ctx, 'race@example.com', 'hash', {}, null)).rejects.toMatchObject({
      status: 422,
      code: 'user_already_exists',
    });
    await expect(createUser(ctx, 'Race@Example.COM', 'hash', {}, null)).rejects.toMatchObject({
      status: 422,
      code: 'user_already_exists',
    });
  });
});

describe('GET /auth/v1/verify (the mail link)', () => {
  it('confirms the email and redirects 303 with the session in the fragment', async () => {
    await signUp('ada@example.com', PASSWORD, 'http://localhost:8787/home');
    const { status, location, hash } = await follow(t, linkIn(await waitForMail(t, 1)));
    expect(status).toBe(303);
    expect(location.startsWith('http://localhost:8787/home#')).toBe(true);
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('type')).toBe('signup');
    expect(hash.get('expires_in')).toBe('3600');
    const sb = client(t);
    const { data, error } = await sb.auth.setSession({
      access_token: hash.get('access_token') ?? '',
      refresh_token: hash.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const signIn = await client(t).auth.signInWithPassword({ email: 'ada@example.com', password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('refuses a link followed a second time, in the fragment', async () => {
    await signUp('ada@example.com');
    const link = linkIn(await waitForMail(t, 1));
    await follow(t, link);
    const { status, hash } = await follow(t, link);
    expect(status).toBe(303);
    expect(hash.get('error')).toBe('access_denied');
    expect(hash.get('error_code')).toBe('otp_expired');
    expect(hash.get('error_description')).toBe('Email link is invalid or has expired');
    expect(hash.get('access_token')).toBeNull();
  });

  it('refuses a link older than 24 hours and leaves the email unconfirmed', async () => {
    await signUp('ada@example.com');
    const link = linkIn(await waitForMail(t, 1));
    t.advance(LINK_TTL_MS + 1000);
    const { hash } = await follow(t, link);
    expect(hash.get('error_code')).toBe('otp_expired');
    const signIn = await client(t).auth.signInWithPassword({ email: 'ada@example.com', password: PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('sends a foreign redirect_to back to the site instead', async () => {
    await signUp('ada@example.com', PASSWORD, 'https://evil.example/steal');
    const link = linkIn(await waitForMail(t, 1));
    expect(link).not.toContain('evil');
    const tampered = link.replace(
      /redirect_to=[^&]+/,
      `redirect_to=${encodeURIComponent('https://evil.example/x')}`,
    );
    const { location, hash } = await follow(t, tampered);
    expect(location.startsWith('http://localhost:8787/#')).toBe(true);
    expect(hash.get('access_token')).toBeTruthy();
  });

  it('redirects to an origin on the allow-list', async () => {
    const other = await createTestApp({ redirectAllowList: ['https://app.example.com/**'] });
    try {
      await client(other).auth.signUp({
        email: 'ada@example.com',
        password: PASSWORD,
        options: { emailRedirectTo: 'https://app.example.com/welcome' },
      });
      const { location } = await follow(other, linkIn(await waitForMail(other, 1)));
      expect(location.startsWith('https://app.example.com/welcome#access_token=')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('needs no apikey and answers a garbage token with otp_expired', async () => {
    const res = await t.fetch('/auth/v1/verify?token=nonsense&type=signup', { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('error_code=otp_expired');
  });

  it('answers an unknown link type with invalid_request', async () => {
    const { hash } = await follow(t, '/auth/v1/verify?token=x&type=invite');
    expect(hash.get('error')).toBe('invalid_request');
    expect(hash.get('error_code')).toBe('validation_failed');
  });
});

describe('POST /auth/v1/verify (verifyOtp with token_hash)', () => {
  it('signs the member in and fires SIGNED_IN', async () => {
    await signUp('ada@example.com');
    const token = new URL(linkIn(await waitForMail(t, 1))).searchParams.get('token') ?? '';
    const sb = client(t);
    const events: string[] = [];
    sb.auth.onAuthStateChange((e) => void events.push(e));
    const { data, error } = await sb.auth.verifyOtp({ token_hash: token, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe('ada@example.com');
    expect(events).toContain('SIGNED_IN');
    const again = await client(t).auth.verifyOtp({ token_hash: token, type: 'signup' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });
});
