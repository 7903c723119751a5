import crypto from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { invalidJwt, invalidSignature } from './errors';

/**
 * Signed-URL tokens use a key derived from the project secret, not the secret itself, so a
 * URL token can never pass as an access token and vice versa, even if claims were forged alike.
 */
export function urlSigningKey(jwtSecret: string): Uint8Array {
  return new Uint8Array(crypto.createHmac('sha256', jwtSecret).update('storage-url-signing-key').digest());
}

export async function signObjectUrl(
  key: Uint8Array,
  url: string,
  expiresInS: number,
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ url, scope: 'download' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'storage-url-signing-key' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresInS)
    .sign(key);
}

/**
 * Signed URLs whose signature already verified, by key and exact token text: an audio element
 * asks for the same URL again for every Range it reads, and each check through WebCrypto is
 * async with buffer copies (the mixed-load profile, README "Speed"). Only successes are kept,
 * expiry is re-checked on every hit, and the size is bounded.
 */
const MAX_VERIFIED = 5_000;
const verified = new WeakMap<Uint8Array, Map<string, JWTPayload>>();

/** Verifies a signed-URL token for `url` (`<bucket>/<key>`); returns its expiry in seconds. */
export async function verifyObjectUrl(
  key: Uint8Array,
  token: string,
  url: string,
  nowMs: number,
): Promise<number> {
  let byToken = verified.get(key);
  if (!byToken) verified.set(key, (byToken = new Map()));
  let payload = byToken.get(token);
  if (payload) {
    // jose's rule, no clock tolerance: expired when exp <= now.
    if (typeof payload.exp === 'number' && payload.exp <= Math.floor(nowMs / 1000)) {
      byToken.delete(token);
      throw invalidJwt('The provided token has expired.');
    }
  } else {
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(nowMs) }));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ERR_JWT_EXPIRED') throw invalidJwt('The provided token has expired.');
      throw invalidJwt('The provided token is invalid.');
    }
    if (byToken.size >= MAX_VERIFIED) byToken.delete(byToken.keys().next().value as string);
    byToken.set(token, payload);
  }
  if (payload.scope !== 'download' || payload.url !== url || typeof payload.exp !== 'number') {
    throw invalidSignature();
  }
  return payload.exp;
}
