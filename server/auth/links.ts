import crypto from 'node:crypto';
import { type AuthContext, isoNow } from './context';
import { AuthError } from './errors';
import { linkMail, linkTypeOf, verifyLink, type LinkType, type MailKind } from './mail/templates';
import type { MailMessage } from './mail/mailer';
import type { OneTimeTokenRow, UserRow } from './repository';
import { hashToken, randomToken, safeEqual } from './secrets';

/** GoTrue's MAILER_OTP_EXP default: a mail link (and its code) works for one day. */
export const LINK_TTL_MS = 24 * 3600 * 1000;
/** Wrong codes a token survives; then it is spent, so six digits cannot be guessed. */
export const MAX_CODE_ATTEMPTS = 5;
/** Link tokens of PKCE clients carry GoTrue's prefix, so /verify answers with ?code=. */
export const PKCE_PREFIX = 'pkce_';

export interface PkceRequest {
  challenge: string;
  method: 's256' | 'plain';
}

export interface IssueOptions {
  /** Another recipient than the account's address (the new address of an e-mail change). */
  to?: string;
  newEmail?: string;
  pkce?: PkceRequest | null;
}

const codeHash = (userId: string, kind: MailKind, code: string) => hashToken(`${userId}:${kind}:${code}`);

/**
 * Creates a single-use link token and 6-digit code (replacing any earlier one of the same kind,
 * so only the newest mail works) and returns the mail to send. Only hashes are stored. A PKCE
 * request also records the flow state the link's auth code will belong to.
 */
export function issueLink(
  ctx: AuthContext,
  user: UserRow,
  kind: MailKind,
  redirectTo: string,
  opts: IssueOptions = {},
): MailMessage {
  const token = (opts.pkce ? PKCE_PREFIX : '') + randomToken();
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const now = isoNow(ctx.deps);
  const expires = new Date(ctx.deps.now() + LINK_TTL_MS).toISOString();
  const type = linkTypeOf(kind);
  ctx.repo.transaction(() => {
    ctx.repo.deleteOneTimeTokens(user.id, kind);
    ctx.repo.insertOneTimeToken(user.id, kind, hashToken(token), codeHash(user.id, kind, code), now, expires);
    ctx.repo.markMailSent(user.id, kind, now);
    if (opts.pkce) {
      ctx.flows.insertFlow(crypto.randomUUID(), user.id, type, opts.pkce.challenge, opts.pkce.method, now);
    }
  });
  const link = verifyLink(ctx.deps.config.publicUrl, token, type, redirectTo);
  return linkMail({
    to: opts.to ?? user.email,
    kind,
    link,
    code,
    validHours: LINK_TTL_MS / 3600_000,
    newEmail: opts.newEmail,
  });
}

export const linkExpired = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
export const codeInvalid = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** Which stored kinds a link or verifyOtp `type` may spend. */
export function kindsFor(type: string): MailKind[] {
  switch (type) {
    case 'signup':
      return ['signup'];
    case 'recovery':
      return ['recovery'];
    case 'magiclink':
      return ['magiclink'];
    case 'email':
      return ['signup', 'magiclink'];
    case 'email_change':
      return ['email_change_current', 'email_change_new'];
    default:
      throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
  }
}

export interface Spent {
  userId: string;
  kind: MailKind;
}

/** Deletes the token and, for links that prove the account's own mailbox, confirms the address. */
function spend(ctx: AuthContext, row: OneTimeTokenRow): Spent {
  ctx.repo.deleteOneTimeToken(row.id);
  if (row.type === 'signup' || row.type === 'magiclink' || row.type === 'recovery') {
    ctx.repo.confirmEmail(row.user_id, isoNow(ctx.deps));
  }
  return { userId: row.user_id, kind: row.type };
}

/** Spends a link token (token_hash): works once; expired or unknown is GoTrue's otp_expired. */
export function consumeLink(ctx: AuthContext, token: string, type: LinkType | 'email'): Spent {
  const kinds = kindsFor(type);
  return ctx.repo.transaction(() => {
    const row = ctx.repo.oneTimeTokenByHash(hashToken(token));
    if (!row || !kinds.includes(row.type)) throw linkExpired();
    if (Date.parse(row.expires_at) <= ctx.deps.now()) throw linkExpired();
    return spend(ctx, row);
  });
}

/**
 * Spends the 6-digit code of `user`'s newest mail of one of `kinds`; null when it does not
 * match. A wrong code counts against every candidate token; after MAX_CODE_ATTEMPTS the token
 * is gone. Run inside the caller's transaction, which must commit also on a mismatch.
 */
export function consumeCode(ctx: AuthContext, user: UserRow, kinds: MailKind[], code: string): Spent | null {
  const rows = kinds.flatMap((k) => ctx.repo.oneTimeTokensOf(user.id, k));
  const live = rows.filter((r) => Date.parse(r.expires_at) > ctx.deps.now() && r.code_hash);
  const match = live.find((r) => safeEqual(r.code_hash ?? '', codeHash(user.id, r.type, code)));
  if (match) return spend(ctx, match);
  for (const r of live) {
    if (r.failed_attempts + 1 >= MAX_CODE_ATTEMPTS) ctx.repo.deleteOneTimeToken(r.id);
    else ctx.repo.oneTimeTokenFailed(r.id);
  }
  return null;
}
