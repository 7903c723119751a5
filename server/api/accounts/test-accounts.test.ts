import { afterEach, describe, expect, it } from 'vitest';
import { client } from '../../auth/test-client';
import { createTestApp, type TestApp } from '../../test-support';

let t: TestApp;
afterEach(() => t.close());

const create = (body: unknown) =>
  t.fetch('/api/dev/test-accounts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
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
});
