import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { authFetch, client, follow, linkIn, outbox, signUpConfirmed, waitForMail } from './test-client';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await signUpConfirmed(t, 'ada@example.com');
  t.advance(61_000); // past the one-mail-a-minute limit the signup mail used
});
afterEach(() => t.close());

const recover = (email: string) =>
  client(t).auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:8787/reset-password' });

describe('POST /auth/v1/recover', () => {
  it('answers {} for a member and for an unknown address alike', async () => {
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      const res = await authFetch(t, '/recover', { method: 'POST', body: JSON.stringify({ email }) });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
    }
    await waitForMail(t, 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(outbox(t)).toHaveLength(2); // the signup mail and one recovery mail, none for the stranger
  });

  it('lets the recovery link sign in with PASSWORD_RECOVERY and then change the password', async () => {
    expect((await recover('ada@example.com')).error).toBeNull();
    const link = linkIn(await waitForMail(t, 2));
    expect(link).toContain('type=recovery');
    const token = new URL(link).searchParams.get('token') ?? '';
    const sb = client(t);
    const events: string[] = [];
    sb.auth.onAuthStateChange((e) => void events.push(e));
    const { error } = await sb.auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await sb.auth.updateUser({ password: 'my new password' })).error).toBeNull();
    const signIn = await client(t).auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'my new password',
    });
    expect(signIn.error).toBeNull();
  });

  it('redirects the followed recovery link to the reset page with type=recovery', async () => {
    await recover('ada@example.com');
    const { status, location, hash } = await follow(t, linkIn(await waitForMail(t, 2)));
    expect(status).toBe(303);
    expect(location.startsWith('http://localhost:8787/reset-password#')).toBe(true);
    expect(hash.get('type')).toBe('recovery');
    const claims = JSON.parse(
      Buffer.from(hash.get('access_token')?.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims.amr[0].method).toBe('recovery');
  });

  it('voids an unused recovery link once the password was changed', async () => {
    await recover('ada@example.com');
    const link = linkIn(await waitForMail(t, 2));
    const sb = client(t);
    await sb.auth.signInWithPassword({ email: 'ada@example.com', password: 'correct horse battery' });
    await sb.auth.updateUser({ password: 'changed elsewhere' });
    expect((await follow(t, link)).hash.get('error_code')).toBe('otp_expired');
  });

  it('allows one mail per address per minute, for members and strangers alike', async () => {
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      expect((await recover(email)).error).toBeNull();
      const again = await recover(email);
      expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect(again.error?.message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      );
    }
    t.advance(61_000);
    expect((await recover('ada@example.com')).error).toBeNull();
  });

  it('asks for an email when there is none', async () => {
    const res = await authFetch(t, '/recover', { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Password recovery requires an email',
    });
  });
});
