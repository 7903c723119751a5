import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { authFetch, client } from './test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the apikey gate on /auth/v1', () => {
  it('answers a missing key with Kong’s 401 body', async () => {
    const res = await t.fetch('/auth/v1/settings');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  });

  it('answers an unknown key with Kong’s 401 body, also through supabase-js', async () => {
    const res = await t.fetch('/auth/v1/settings', { headers: { apikey: 'nope' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
    const { error } = await client(t, 'not-a-key').auth.signInWithPassword({
      email: 'a@b.co',
      password: 'whatever1',
    });
    expect(error).toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('accepts the key as a query parameter and the service-role key', async () => {
    expect((await t.fetch(`/auth/v1/health?apikey=${t.deps.keys.anonKey}`)).status).toBe(200);
    expect(
      (await t.fetch('/auth/v1/health', { headers: { apikey: t.deps.keys.serviceRoleKey } })).status,
    ).toBe(200);
  });

  it('leaves the key set open, cacheable for 10 minutes and empty', async () => {
    const res = await t.fetch('/auth/v1/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await res.json()).toEqual({ keys: [] });
  });
});

describe('settings and health', () => {
  it('describe an email-only service that requires confirmation', async () => {
    const res = await authFetch(t, '/settings');
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const settings = (await res.json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ external: { email: true, phone: false }, mailer_autoconfirm: false });
    expect((await authFetch(t, '/health')).status).toBe(200);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a 400 bad_json, never a 500', async () => {
    for (const path of ['/signup', '/token?grant_type=password', '/recover', '/verify']) {
      const res = await authFetch(t, path, { method: 'POST', body: '{"email": ' });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(await res.json()).toMatchObject({ code: 'bad_json', error_code: 'bad_json' });
    }
  });

  it('answers a body of the wrong shape with validation_failed', async () => {
    for (const body of [
      '[]',
      '"text"',
      '{"email": 42}',
      '{"data": "x", "email": "a@b.co", "password": "12345678"}',
    ]) {
      const res = await authFetch(t, '/signup', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('answers an over-long body with 413 before reading it', async () => {
    const res = await authFetch(t, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(20_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'request_too_large' });
  });

  it('answers over-sized metadata with validation_failed', async () => {
    const res = await authFetch(t, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.co', password: '12345678', data: { first_name: 'x'.repeat(101) } }),
    });
    expect(res.status).toBe(400);
  });
});
