import crypto from 'node:crypto';

/** A random opaque token for links and refresh tokens: 256 bits, URL-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: a leaked row cannot be replayed. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Constant-time equality for secrets of any length (lengths are compared via digests). */
export function safeEqual(a: string, b: string): boolean {
  const da = crypto.createHash('sha256').update(a).digest();
  const db = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(da, db);
}

/**
 * The child of a refresh token is derived from the parent with a server-side HMAC rather than
 * drawn at random. We store only hashes, yet within the reuse window a tab presenting the
 * just-rotated parent must receive the *same* active child as the tab that rotated it
 * (GoTrue's REFRESH_TOKEN_REUSE_INTERVAL): re-deriving it from the parent makes that possible.
 */
export function deriveChildToken(secret: string, parent: string): string {
  return crypto.createHmac('sha256', `refresh-token:${secret}`).update(parent).digest('base64url');
}
