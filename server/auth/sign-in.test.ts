import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { authFetch, client, PASSWORD, signUpConfirmed } from './test-client';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const signIn = (email: string, password = PASSWORD) => client(t).auth.signInWithPassword({ email, password });

describe('POST /auth/v1/token?grant_type=password', () => {
  it('returns a one-hour session whose access token carries Supabase claims', async () => {
    const id = await signUpConfirmed(t, 'ada@example.com');
    const { data, error } = await signIn('ADA@example.com');
    expect(error).toBeNull();
    const s = data.session;
    expect(s).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(s?.user.id).toBe(id);
    const claims = JSON.parse(
      Buffer.from(s?.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      email: 'ada@example.com',
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: claims.iat }]);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(s?.refresh_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('gives the same error for a wrong password and an unknown email', async () => {
    await signUpConfirmed(t, 'ada@example.com');
    const wrong = await signIn('ada@example.com', 'not the password');
    const unknown = await signIn('nobody@example.com');
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('refuses an unconfirmed email only once the password matched', async () => {
    await client(t).auth.signUp({ email: 'ada@example.com', password: PASSWORD });
    expect((await signIn('ada@example.com')).error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
    });
    expect((await signIn('ada@example.com', 'wrong password')).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('sends the service message in both error formats with the API version header', async () => {
    const res = await authFetch(t, '/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: 'x@example.com', password: 'whatever1' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
      message: 'Invalid login credentials',
    });
  });

  it('answers an unknown grant type with unsupported_grant_type', async () => {
    const res = await authFetch(t, '/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    });
  });

  it('backs off after five failures for the same address and email, then lets the right password in', async () => {
    await signUpConfirmed(t, 'target@example.com');
    for (let i = 0; i < 5; i++)
      expect((await signIn('target@example.com', `guess-${i}-x`)).error?.status).toBe(400);
    const limited = await signIn('target@example.com');
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(limited.error?.message).toMatch(/try again in 15 seconds/);
    t.advance(15_001);
    expect((await signIn('target@example.com')).error).toBeNull();
  });

  it('doubles the wait with each further failure', async () => {
    await signUpConfirmed(t, 'target@example.com');
    for (let i = 0; i < 5; i++) await signIn('target@example.com', 'wrong-password-x');
    t.advance(15_001);
    expect((await signIn('target@example.com', 'wrong-again-x')).error?.status).toBe(400);
    const res = await authFetch(t, '/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: 'target@example.com', password: PASSWORD }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
  });

  it('counts failures only: many right passwords from one address are never refused', async () => {
    await signUpConfirmed(t, 'target@example.com');
    for (let i = 0; i < 31; i++) expect((await signIn('target@example.com')).error).toBeNull();
  });

  it("never refuses the owner's right password because of a stranger's failures", async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      await signUpConfirmed(proxied, 'owner@example.com');
      const attempt = (ip: string, password: string) =>
        authFetch(proxied, '/token?grant_type=password', {
          method: 'POST',
          headers: { 'x-forwarded-for': ip },
          body: JSON.stringify({ email: 'owner@example.com', password }),
        });
      // Ten wrong passwords from the attacker's address, then more from other addresses.
      for (let i = 0; i < 10; i++) await attempt('203.0.113.9', `guess-${i}-wrong`);
      for (let i = 0; i < 6; i++) await attempt(`198.51.100.${i}`, 'still-wrong-x');
      expect((await attempt('203.0.113.9', PASSWORD)).status).toBe(429);
      const owner = await attempt('192.0.2.1', PASSWORD);
      expect(owner.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('limits sign-in attempts per IP address across emails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await signIn(`user${i}@example.com`, 'password-x')).error?.status ?? 0);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('keys the per-IP limit on X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const attempt = (i: number, ip: string) =>
        authFetch(proxied, '/token?grant_type=password', {
          method: 'POST',
          headers: { 'x-forwarded-for': `1.2.3.4, ${ip}` },
          body: JSON.stringify({ email: `user${i}@example.com`, password: 'password-x' }),
        });
      for (let i = 0; i < 30; i++) expect((await attempt(i, '10.0.0.1')).status).toBe(400);
      expect((await attempt(30, '10.0.0.1')).status).toBe(429);
      expect((await attempt(31, '10.0.0.2')).status).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});
