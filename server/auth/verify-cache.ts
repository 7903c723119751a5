import { verifyJwt, type VerifyResult } from './tokens';

/**
 * Verified tokens, so the same JWT is not checked through WebCrypto (async, with buffer copies)
 * on every request: supabase-js sends the anon key as the bearer of every signed-out call, and a
 * member's access token is reused for up to an hour. Keyed by secret and exact token text, so a
 * hit is the same bytes whose signature already verified; expiry and not-before are re-checked
 * against the request's clock on every hit. Only successes are kept (a forged token never fills
 * the cache), and its size is bounded.
 */
const MAX_ENTRIES = 5_000;
const verified = new Map<string, Extract<VerifyResult, { ok: true }>>();

export async function verifyJwtCached(secret: string, token: string, nowMs: number): Promise<VerifyResult> {
  const cacheKey = `${secret}\u0000${token}`;
  const hit = verified.get(cacheKey);
  if (hit && stillValid(hit.claims, nowMs)) return hit;
  const result = await verifyJwt(secret, token, nowMs);
  if (result.ok) {
    if (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, result);
  } else if (hit) {
    verified.delete(cacheKey);
  }
  return result;
}

/** jose's rules with no clock tolerance: expired when exp <= now, not yet valid when nbf > now. */
function stillValid(claims: Record<string, unknown>, nowMs: number): boolean {
  const now = Math.floor(nowMs / 1000);
  if (typeof claims.exp === 'number' && claims.exp <= now) return false;
  if (typeof claims.nbf === 'number' && claims.nbf > now) return false;
  return true;
}

/** For tests that rotate secrets or count verifications. */
export function clearVerifiedTokens(): void {
  verified.clear();
}
