import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { authFetch, client, PASSWORD, signedIn, signUpConfirmed } from './test-client';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await signUpConfirmed(t, 'ada@example.com');
});
afterEach(() => t.close());

const userWith = async (token: string) => {
  const res = await authFetch(t, '/user', { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const apiMe = (token: string) => t.fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('GET /auth/v1/user', () => {
  it('returns the member for a valid access token', async () => {
    const { sb } = await signedIn(t, 'ada@example.com');
    const { data, error } = await sb.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: 'ada@example.com', user_metadata: { first_name: 'Ada' } });
  });

  it('answers 401 no_authorization without a bearer token', async () => {
    const res = await authFetch(t, '/user', { headers: { authorization: '' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('refuses the anon key as a user token', async () => {
    expect(await userWith(t.deps.keys.anonKey)).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
  });

  it('refuses a token whose payload was tampered with', async () => {
    const { session } = await signedIn(t, 'ada@example.com');
    const [h, p, s] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
    const forged = `${h}.${b64({ ...claims, sub: crypto.randomUUID() })}.${s}`;
    expect(await userWith(forged)).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    expect((await apiMe(forged)).status).toBe(401);
  });

  it('refuses an unsigned alg:none token', async () => {
    const { session } = await signedIn(t, 'ada@example.com');
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString());
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect(await userWith(none)).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    expect((await apiMe(none)).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const { session } = await signedIn(t, 'ada@example.com');
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString());
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect(await userWith(foreign)).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
  });

  it('refuses an expired access token, and /api says the sign-in expired', async () => {
    const { session } = await signedIn(t, 'ada@example.com');
    t.advance(3601_000);
    const res = await userWith(session.access_token);
    expect(res).toMatchObject({ status: 403, body: { code: 'bad_jwt' } });
    expect(String(res.body.message)).toContain('expired');
    const api = await apiMe(session.access_token);
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ message: 'Your sign-in has expired. Please sign in again.' });
  });
});

describe('PUT /auth/v1/user', () => {
  it('changes the password, which then works for sign-in while the old one does not', async () => {
    const { sb } = await signedIn(t, 'ada@example.com');
    const events: string[] = [];
    sb.auth.onAuthStateChange((e) => void events.push(e));
    const { error } = await sb.auth.updateUser({ password: 'a brand new secret' });
    expect(error).toBeNull();
    expect(events).toContain('USER_UPDATED');
    const old = await client(t).auth.signInWithPassword({ email: 'ada@example.com', password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await client(t).auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'a brand new secret',
    });
    expect(fresh.error).toBeNull();
  });

  it('signs out the member’s other devices when the password changes', async () => {
    const other = await signedIn(t, 'ada@example.com');
    const { sb } = await signedIn(t, 'ada@example.com');
    await sb.auth.updateUser({ password: 'a brand new secret' });
    expect((await userWith(other.session.access_token)).body.code).toBe('session_not_found');
    expect((await sb.auth.getUser()).error).toBeNull();
  });

  it('refuses the same password, a weak one and an over-long one', async () => {
    const { sb } = await signedIn(t, 'ada@example.com');
    expect((await sb.auth.updateUser({ password: PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'same_password',
    });
    const weak = await sb.auth.updateUser({ password: 'short' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(weak.error?.message).toBe('Password should be at least 8 characters.');
    expect((await sb.auth.updateUser({ password: 'y'.repeat(73) })).error).toMatchObject({ status: 400 });
  });

  it('merges metadata updates into user_metadata and the profile names', async () => {
    const { sb, session } = await signedIn(t, 'ada@example.com');
    const { data, error } = await sb.auth.updateUser({ data: { first_name: 'Augusta', mood: 'calm' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ first_name: 'Augusta', last_name: 'Lovelace', mood: 'calm' });
    const me = (await (await apiMe(session.access_token)).json()) as { firstName: string };
    expect(me.firstName).toBe('Augusta');
  });
});

describe('POST /auth/v1/logout', () => {
  it('with scope local ends only this session, answering 204', async () => {
    const a = await signedIn(t, 'ada@example.com');
    const b = await signedIn(t, 'ada@example.com');
    const res = await authFetch(t, '/logout?scope=local', {
      method: 'POST',
      headers: { authorization: `Bearer ${a.session.access_token}` },
    });
    expect(res.status).toBe(204);
    expect(await userWith(a.session.access_token)).toMatchObject({
      status: 403,
      body: { code: 'session_not_found' },
    });
    expect((await apiMe(a.session.access_token)).status).toBe(401);
    expect((await userWith(b.session.access_token)).status).toBe(200);
  });

  it('with scope global (the default) ends every session of the member', async () => {
    const a = await signedIn(t, 'ada@example.com');
    const b = await signedIn(t, 'ada@example.com');
    const events: string[] = [];
    a.sb.auth.onAuthStateChange((e) => void events.push(e));
    expect((await a.sb.auth.signOut()).error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    for (const s of [a, b]) {
      expect((await userWith(s.session.access_token)).body.code).toBe('session_not_found');
      expect((await apiMe(s.session.access_token)).status).toBe(401);
    }
    const refresh = await authFetch(t, '/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: b.session.refresh_token }),
    });
    expect(refresh.status).toBe(400);
  });

  it('with scope others keeps this session and ends the rest', async () => {
    const a = await signedIn(t, 'ada@example.com');
    const b = await signedIn(t, 'ada@example.com');
    expect((await a.sb.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await userWith(a.session.access_token)).status).toBe(200);
    expect((await userWith(b.session.access_token)).body.code).toBe('session_not_found');
  });

  it('answers 204 again for a session that already ended, and a global logout still ends the rest', async () => {
    const a = await signedIn(t, 'ada@example.com');
    const b = await signedIn(t, 'ada@example.com');
    const bearer = { authorization: `Bearer ${a.session.access_token}` };
    expect((await authFetch(t, '/logout?scope=local', { method: 'POST', headers: bearer })).status).toBe(204);
    expect((await authFetch(t, '/logout?scope=global', { method: 'POST', headers: bearer })).status).toBe(
      204,
    );
    expect((await userWith(b.session.access_token)).body.code).toBe('session_not_found');
  });

  it('refuses an unknown scope', async () => {
    const a = await signedIn(t, 'ada@example.com');
    const res = await authFetch(t, '/logout?scope=everyone', {
      method: 'POST',
      headers: { authorization: `Bearer ${a.session.access_token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
  });
});
