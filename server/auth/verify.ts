import type { Context } from 'hono';
import { z } from 'zod';
import type { AuthContext } from './context';
import { API_VERSION, AuthError } from './errors';
import { boundedString } from './fields';
import { consumeLink } from './links';
import type { LinkType } from './mail/templates';
import { safeRedirect } from './redirect';
import { authBody, clientIp, limitRequests } from './request';
import { startSession, type SessionJson } from './sessions';

const LINK_TYPES = ['signup', 'recovery'] as const;

function parseLink(token: string | undefined, type: string | undefined): { token: string; type: LinkType } {
  if (!type || !(LINK_TYPES as readonly string[]).includes(type)) {
    throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  }
  if (!token) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
  return { token, type: type as LinkType };
}

async function verifyLinkToken(
  ctx: AuthContext,
  c: Context,
  token: string,
  type: LinkType,
): Promise<SessionJson> {
  limitRequests(ctx.limits.verifyPerIp, clientIp(c, ctx.deps.config.trustProxy));
  const userId = consumeLink(ctx, token, type);
  return startSession(ctx, userId, type === 'recovery' ? 'recovery' : 'otp');
}

/**
 * GET /verify, opened from the mail (reference §2.7): always a 303 back into the app, with the
 * session or the error in the URL fragment where supabase-js's detectSessionInUrl reads it.
 */
export async function verifyGet(ctx: AuthContext, c: Context): Promise<Response> {
  const q = c.req.query();
  const target = safeRedirect(ctx.deps.config, q.redirect_to);
  c.header('X-Supabase-Api-Version', API_VERSION);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  let fragment: URLSearchParams;
  try {
    const link = parseLink(q.token, q.type);
    const s = await verifyLinkToken(ctx, c, link.token, link.type);
    fragment = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      sb: '',
      token_type: s.token_type,
      type: link.type,
    });
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    fragment = new URLSearchParams({
      error: err.status === 403 ? 'access_denied' : err.status >= 500 ? 'server_error' : 'invalid_request',
      error_code: err.code,
      error_description: err.message,
      sb: '',
    });
  }
  return c.redirect(`${target}#${fragment.toString()}`, 303);
}

const verifyPostSchema = z.object({
  token_hash: boundedString.optional(),
  token: boundedString.optional(),
  type: boundedString.optional(),
});

/** POST /verify (verifyOtp with token_hash): the same link token, answered with a Session. */
export async function verifyPost(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, verifyPostSchema);
  // Six-digit email codes are not offered (mails carry links only), so only token_hash counts.
  const link = parseLink(body.token_hash, body.type);
  return c.json(await verifyLinkToken(ctx, c, link.token, link.type));
}
