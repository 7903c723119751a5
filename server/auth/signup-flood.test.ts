import { afterEach, describe, expect, it, vi } from 'vitest';
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';
import { createTestApp, type TestApp } from '../test-support';
import { hashGateFor, hashGateLimits } from './hash-gate';

let t: TestApp;
afterEach(() => t?.close());

const PASSWORD = 'a long enough password';

const post = (path: string, body: unknown) =>
  t.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: t.deps.keys.anonKey },
    body: JSON.stringify(body),
  });
const signUp = (email: string) => post('/auth/v1/signup', { email, password: PASSWORD });
const signIn = (email: string) => post('/auth/v1/token?grant_type=password', { email, password: PASSWORD });

describe('a flood of sign-ups', () => {
  it('is refused at once beyond the hash queue, and a member still signs in meanwhile', async () => {
    t = await createTestApp({
      autoConfirm: true,
      // Half production's scrypt cost: hashes take real time (each one is still slower than any
      // refusal or sign-in step), and the test stays short. Limits raised as if the flood came
      // from many addresses (one address is already stopped by sign-up's own rate limit).
      passwordHashN: 2 ** 14,
      authRateLimitScale: 1000,
      passwordHashThreads: 4,
      passwordHashQueue: 8,
    });
    expect((await signUp('member@example.org')).status).toBe(200);
    const gate = hashGateFor(t.deps.config);
    const flood = Array.from({ length: 40 }, (_, i) => signUp(`flood${i}@example.org`));
    // The flood has filled its share of the threads and its line.
    await vi.waitFor(() => expect(gate.load().new.waiting).toBe(8), { timeout: scaledTimeout(5000) });

    const extra = await signUp('one.more@example.org');
    // Refused while the line it would have joined is still waiting: it did not wait its turn.
    expect(gate.load().new.waiting).toBeGreaterThan(0);
    expect(extra.status).toBe(503);
    expect(Number(extra.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await extra.json()).msg).toMatch(/busy checking passwords/);

    const member = await signIn('member@example.org');
    expect(member.status).toBe(200);
    expect((await member.json()).access_token).toEqual(expect.any(String));
    // The member did not wait behind the flood's line either.
    expect(gate.load().new.waiting).toBeGreaterThan(0);

    const replies = await Promise.all(flood);
    const statuses = replies.map((r) => r.status);
    const created = statuses.filter((s) => s === 200).length;
    // At least those that were hashing or waiting when the line filled (one more may have found room).
    expect(created).toBeGreaterThanOrEqual(hashGateLimits(t.deps.config).runningNew + 8);
    expect(statuses.filter((s) => s === 503)).toHaveLength(40 - created);
    // A refusal wrote nothing: exactly the member and the accepted sign-ups exist.
    const users = await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM users');
    expect(Number(users?.n)).toBe(1 + created);
  });
});
