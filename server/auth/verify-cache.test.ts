import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S, signAccessToken } from './tokens';
import { clearVerifiedTokens, verifyJwtCached } from './verify-cache';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const nowS = 1_800_000_000;
const token = () =>
  signAccessToken(SECRET, {
    userId: 'u1',
    email: 'a@example.com',
    sessionId: 's1',
    userMetadata: {},
    amrMethod: 'password',
    issuer: 'test',
    nowS,
  });

describe('verified-token cache', () => {
  it('answers a repeated token from the cache but still expires it on time', async () => {
    clearVerifiedTokens();
    const jwt = await token();
    const first = await verifyJwtCached(SECRET, jwt, nowS * 1000);
    expect(first.ok).toBe(true);
    // Same object: the second call did no signature work.
    expect(await verifyJwtCached(SECRET, jwt, nowS * 1000 + 5_000)).toBe(first);
    const late = await verifyJwtCached(SECRET, jwt, (nowS + ACCESS_TOKEN_TTL_S) * 1000);
    expect(late).toEqual({ ok: false, reason: 'expired' });
  });

  it('never accepts a token under another secret or a tampered one', async () => {
    clearVerifiedTokens();
    const jwt = await token();
    expect((await verifyJwtCached(SECRET, jwt, nowS * 1000)).ok).toBe(true);
    expect(await verifyJwtCached(`${SECRET}-other`, jwt, nowS * 1000)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const tampered = jwt.slice(0, -2) + (jwt.endsWith('AA') ? 'BB' : 'AA');
    expect(await verifyJwtCached(SECRET, tampered, nowS * 1000)).toEqual({ ok: false, reason: 'invalid' });
  });
});
