import type { Context } from 'hono';
import { z } from 'zod';
import { type AuthContext, inTransaction } from './context';
import { confirmEmailChange, SINGLE_CONFIRMATION } from './email-change';
import { API_VERSION, AuthError } from './errors';
import { boundedString, normalizeEmail } from './fields';
import { codeInvalid, consumeCode, consumeLink, kindsFor, PKCE_PREFIX, type Spent } from './links';
import type { LinkType } from './mail/templates';
import { issueAuthCode } from './pkce';
import { safeRedirect } from './redirect';
import type { UserRow } from './repository';
import { authBody, clientIp, limitRequests } from './request';
import { startSession, type SessionJson } from './sessions';

const LINK_TYPES = ['signup', 'recovery', 'magiclink', 'email_change'] as const;

function requireType(type: string | undefined, allowEmail: boolean): LinkType | 'email' {
  if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  if ((LINK_TYPES as readonly string[]).includes(type) || (allowEmail && type === 'email')) {
    return type as LinkType | 'email';
  }
  throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
}

/** What spending a token leads to: a session, or (first side of an e-mail change) a message. */
type Outcome = { kind: 'session'; userId: string; type: string } | { kind: 'half' };

/** Runs in the spending transaction (tx is its context). */
async function afterSpend(tx: AuthContext, spent: Spent, type: string): Promise<Outcome> {
  if (spent.kind === 'email_change_current' || spent.kind === 'email_change_new') {
    if ((await confirmEmailChange(tx, spent.userId)) === 'half') return { kind: 'half' };
  }
  return { kind: 'session', userId: spent.userId, type };
}

const amrOf = (type: string) => (type === 'recovery' ? 'recovery' : 'otp');

/**
 * GET /verify, opened from the mail (reference §2.7): always a 303 back into the app. Implicit
 * links carry the session (or the error) in the URL fragment where detectSessionInUrl reads it;
 * PKCE links (token `pkce_…`) carry `?code=` for exchangeCodeForSession instead.
 */
export async function verifyGet(ctx: AuthContext, c: Context): Promise<Response> {
  const q = c.req.query();
  const target = new URL(safeRedirect(ctx.deps.config, q.redirect_to));
  const pkce = (q.token ?? '').startsWith(PKCE_PREFIX);
  c.header('X-Supabase-Api-Version', API_VERSION);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  let fragment: URLSearchParams;
  try {
    const type = requireType(q.type, false);
    if (!q.token) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
    await limitRequests(ctx.limits.verifyPerIp, clientIp(c, ctx.deps.config.trustProxy));
    const token = q.token;
    const outcome = await inTransaction(ctx, async (tx) => {
      const result = await afterSpend(tx, await consumeLink(tx, token, type), type);
      if (result.kind === 'session' && pkce)
        return { ...result, code: await issueAuthCode(tx, result.userId, type as LinkType) };
      return { ...result, code: null };
    });
    if (outcome.kind === 'half') {
      fragment = new URLSearchParams({ message: SINGLE_CONFIRMATION, sb: '' });
      if (pkce) target.searchParams.set('message', SINGLE_CONFIRMATION);
    } else if (outcome.code) {
      target.searchParams.set('code', outcome.code);
      return c.redirect(target.toString(), 303);
    } else {
      const s = await startSession(ctx, outcome.userId, amrOf(type));
      fragment = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        sb: '',
        token_type: s.token_type,
        type,
      });
    }
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    const error =
      err.status === 403 ? 'access_denied' : err.status >= 500 ? 'server_error' : 'invalid_request';
    fragment = new URLSearchParams({ error, error_code: err.code, error_description: err.message, sb: '' });
    if (pkce) {
      target.searchParams.set('error', error);
      target.searchParams.set('error_code', err.code);
      target.searchParams.set('error_description', err.message);
    }
  }
  target.hash = fragment.toString();
  return c.redirect(target.toString(), 303);
}

const verifyPostSchema = z.object({
  token_hash: boundedString.optional(),
  token: boundedString.optional(),
  type: boundedString.optional(),
  email: boundedString.optional(),
  phone: boundedString.optional(),
});

/** The account a typed code belongs to; for an e-mail change, the new address works too. */
async function codeOwner(
  ctx: AuthContext,
  email: string,
  type: string,
): Promise<{ user: UserRow; kinds: ReturnType<typeof kindsFor> }> {
  const current = await ctx.repo.userByEmail(email);
  if (type === 'email_change') {
    if (current?.email_change) return { user: current, kinds: ['email_change_current'] };
    const pending = await ctx.flows.userByPendingEmail(email);
    if (pending) return { user: pending, kinds: ['email_change_new'] };
    throw codeInvalid();
  }
  if (!current) throw codeInvalid();
  return { user: current, kinds: kindsFor(type) };
}

/**
 * POST /verify: verifyOtp with {token_hash, type} (the link's token) or {email, token, type}
 * (the 6-digit code from the same mail). Answers a Session, or GoTrue's single-confirmation
 * message for the first side of an e-mail change.
 */
export async function verifyPost(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, verifyPostSchema);
  const type = requireType(body.type, true);
  await limitRequests(ctx.limits.verifyPerIp, clientIp(c, ctx.deps.config.trustProxy));
  if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  let outcome: Outcome;
  if (body.token_hash && !body.token && !body.email) {
    const hash = body.token_hash;
    outcome = await inTransaction(ctx, async (tx) => afterSpend(tx, await consumeLink(tx, hash, type), type));
  } else if (body.token && body.email && !body.token_hash) {
    const email = normalizeEmail(body.email);
    const code = body.token.trim();
    const { user, kinds } = await codeOwner(ctx, email, type);
    const result = await inTransaction(ctx, async (tx) => {
      const spent = await consumeCode(tx, user, kinds, code);
      return spent ? afterSpend(tx, spent, type) : null;
    });
    if (!result) throw codeInvalid();
    outcome = result;
  } else {
    throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  }
  if (outcome.kind === 'half') return c.json({ msg: SINGLE_CONFIRMATION, code: '200' });
  const session: SessionJson = await startSession(ctx, outcome.userId, amrOf(type));
  return c.json(session);
}
