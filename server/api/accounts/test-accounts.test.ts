import { afterEach, describe, expect, it } from 'vitest';
import { client } from '../../auth/test-client';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support';

let t: TestApp;
afterEach(() => t.close());

/** The socket Hono's node adapter would hand the app, from `remoteAddress`. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

/** A request as the node server passes it on: with the caller's socket (loopback by default). */
const create = (
  body: unknown,
  { address = '127.0.0.1' as string | null, headers = {} as Record<string, string> } = {},
) =>
  Promise.resolve(
    t.app.fetch(
      new Request(new URL('/api/dev/test-accounts', TEST_ORIGIN), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
      address === null ? undefined : from(address),
    ),
  );
const userCount = async () =>
  Number((await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM users'))?.n ?? 0);
const account = {
  email: 'test+ab12@example.com',
  password: 'tune-ab12-Pw1',
  firstName: 'Test',
  lastName: 'Member',
};

describe('POST /api/dev/test-accounts', () => {
  it('gives an account that signs in at once in demo mode, although confirmation is on', async () => {
    t = await createTestApp({ demoMode: true, autoConfirm: false });
    expect(t.deps.config.demoMode).toBe(true);
    const res = await create(account);
    expect(res.status).toBe(201);
    const { data, error } = await client(t).auth.signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Test', last_name: 'Member' });
  });

  it('does not exist outside demo mode', async () => {
    t = await createTestApp({ demoMode: false });
    expect((await create(account)).status).toBe(404);
  });

  it('refuses addresses a real person could own, naming the field, and writes nothing', async () => {
    t = await createTestApp({ demoMode: true });
    const res = await create({ ...account, email: 'someone@gmail.com' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('email');
    const count = await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM users');
    expect(count?.n).toBe(0);
  });

  it('refuses a short password and answers 409 for a taken address', async () => {
    t = await createTestApp({ demoMode: true });
    expect((await create({ ...account, password: 'short' })).status).toBe(400);
    expect((await create(account)).status).toBe(201);
    expect((await create({ ...account, email: 'TEST+AB12@example.com' })).status).toBe(409);
  });

  it('refuses a caller from another machine with words, and creates nothing', async () => {
    t = await createTestApp({ demoMode: true });
    const res = await create(account, { address: '203.0.113.9' });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/only from this machine .* or with the service role key/);
    expect(await userCount()).toBe(0);
  });

  it('refuses a request with no socket at all (nobody vouches for its address)', async () => {
    t = await createTestApp({ demoMode: true });
    expect((await create(account, { address: null })).status).toBe(403);
    expect(await userCount()).toBe(0);
  });

  it('takes IPv6 loopback, and an operator elsewhere who sends the service role key', async () => {
    t = await createTestApp({ demoMode: true });
    expect((await create(account, { address: '::1' })).status).toBe(201);
    const asOperator = { authorization: `Bearer ${t.deps.keys.serviceRoleKey}` };
    const other = { ...account, email: 'test+cd34@example.com' };
    expect((await create(other, { address: '203.0.113.9', headers: asOperator })).status).toBe(201);
    const asAnon = { authorization: `Bearer ${t.deps.keys.anonKey}` };
    const third = { ...account, email: 'test+ef56@example.com' };
    expect((await create(third, { address: '203.0.113.9', headers: asAnon })).status).toBe(403);
    expect(await userCount()).toBe(2);
  });

  it('behind a trusted proxy, believes only the loopback the proxy itself reports', async () => {
    t = await createTestApp({ demoMode: true, trustProxy: true });
    // The proxy is on loopback, so the socket says nothing about the caller.
    expect((await create(account)).status).toBe(403);
    const viaProxy = (xff: string) => ({ headers: { 'x-forwarded-for': xff } });
    expect((await create(account, viaProxy('203.0.113.9'))).status).toBe(403);
    // The first entry is whatever the client sent; only the proxy's own (last) one counts.
    expect((await create(account, viaProxy('127.0.0.1, 203.0.113.9'))).status).toBe(403);
    expect(await userCount()).toBe(0);
    expect((await create(account, viaProxy('127.0.0.1'))).status).toBe(201);
  });

  it('makes at most as many accounts per address as sign-up allows, then 429 with Retry-After', async () => {
    // A scale of 0.1 makes sign-up's 30 an hour into 3, as AUTH_RATE_LIMIT_SCALE would.
    t = await createTestApp({ demoMode: true, authRateLimitScale: 0.1 });
    for (const n of [1, 2, 3]) {
      expect((await create({ ...account, email: `test+n${n}@example.com` })).status).toBe(201);
    }
    const refused = await create({ ...account, email: 'test+n4@example.com' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/Too many test accounts from this address/);
    expect(await userCount()).toBe(3);
    t.advance(60 * 60_000 + 1000);
    expect((await create({ ...account, email: 'test+n5@example.com' })).status).toBe(201);
  });
});
