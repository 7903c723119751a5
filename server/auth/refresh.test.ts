import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { REFRESH_REUSE_WINDOW_MS, REVOKED_TOKEN_RETENTION_MS } from './sessions';
import { authFetch, signedIn, signUpConfirmed } from './test-client';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await signUpConfirmed(t, 'ada@example.com');
});
afterEach(() => t.close());

const refresh = async (token: string) => {
  const res = await authFetch(t, '/token?grant_type=refresh_token', {
    method: 'POST',
    body: JSON.stringify({ refresh_token: token }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
};

describe('POST /auth/v1/token?grant_type=refresh_token', () => {
  it('rotates the refresh token and keeps the session through supabase-js', async () => {
    const { sb, session } = await signedIn(t, 'ada@example.com');
    const { data, error } = await sb.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.session?.user.email).toBe('ada@example.com');
    const claims = JSON.parse(
      Buffer.from(data.session?.access_token.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims.session_id).toBe(
      JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString()).session_id,
    );
    expect((await sb.auth.getUser()).error).toBeNull();
  });

  it('rotates a token presented several times at the same moment exactly once', async () => {
    // On PostgreSQL the requests run on separate pooled connections, as two processes would.
    const { session } = await signedIn(t, 'ada@example.com');
    const results = await Promise.all(Array.from({ length: 4 }, () => refresh(session.refresh_token)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(1);
    const rows = await t.deps.sql.all<{ revoked: number }>(
      `SELECT CASE WHEN revoked_at IS NULL THEN 0 ELSE 1 END AS revoked FROM auth_refresh_tokens
       WHERE session_id IN (SELECT session_id FROM auth_refresh_tokens WHERE parent_id IS NOT NULL) ORDER BY id`,
    );
    // The root revoked once, one child live: no second family member, no ended session.
    expect(rows).toEqual([{ revoked: 1 }, { revoked: 0 }]);
    expect((await refresh(results[0]?.body.refresh_token ?? '')).status).toBe(200);
  });

  it('gives a tab that reuses the parent within 10 s the same current token', async () => {
    const { session } = await signedIn(t, 'ada@example.com');
    const first = await refresh(session.refresh_token);
    t.advance(REFRESH_REUSE_WINDOW_MS - 1000);
    const second = await refresh(session.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).toBe(first.body.refresh_token);
    // The current token still rotates normally afterwards.
    const third = await refresh(first.body.refresh_token ?? '');
    expect(third.status).toBe(200);
  });

  it('treats reuse after the window as theft and ends the whole session', async () => {
    const { session } = await signedIn(t, 'ada@example.com');
    const rotated = await refresh(session.refresh_token);
    t.advance(REFRESH_REUSE_WINDOW_MS + 1000);
    const reused = await refresh(session.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    expect((await refresh(rotated.body.refresh_token ?? '')).body.code).toBe('refresh_token_not_found');
    const user = await authFetch(t, '/user', {
      headers: { authorization: `Bearer ${rotated.body.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('does not end other sessions of the member when one family is revoked', async () => {
    const a = await signedIn(t, 'ada@example.com');
    const b = await signedIn(t, 'ada@example.com');
    await refresh(a.session.refresh_token);
    t.advance(REFRESH_REUSE_WINDOW_MS + 1000);
    await refresh(a.session.refresh_token);
    expect((await refresh(b.session.refresh_token)).status).toBe(200);
  });

  it('answers an unknown or missing refresh token with a 400, not a 500', async () => {
    expect(await refresh('made-up')).toMatchObject({
      status: 400,
      body: { code: 'refresh_token_not_found' },
    });
    const res = await authFetch(t, '/token?grant_type=refresh_token', { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
  });

  it('prunes long-revoked refresh tokens without breaking the live one', async () => {
    const { session } = await signedIn(t, 'ada@example.com');
    const rotated = await refresh(session.refresh_token);
    t.advance(REVOKED_TOKEN_RETENTION_MS + 3600_000);
    await signedIn(t, 'ada@example.com'); // sign-ins run the housekeeping
    const count = await t.deps.sql.get(
      'SELECT count(*) AS n FROM auth_refresh_tokens WHERE revoked_at IS NOT NULL',
    );
    expect(count).toEqual({ n: 0 });
    expect((await refresh(rotated.body.refresh_token ?? '')).status).toBe(200);
  });
});
