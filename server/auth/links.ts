import crypto from 'node:crypto';
import { type AuthContext, inTransaction, isoNow } from './context';
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
export async function issueLink(
  ctx: AuthContext,
  user: UserRow,
  kind: MailKind,
  redirectTo: string,
  opts: IssueOptions = {},
): Promise<MailMessage> {
  const token = (opts.pkce ? PKCE_PREFIX : '') + randomToken();
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const now = isoNow(ctx.deps);
  const expires = new Date(ctx.deps.now() + LINK_TTL_MS).toISOString();
  const type = linkTypeOf(kind);
  await inTransaction(ctx, async ({ repo, flows }) => {
    await repo.deleteOneTimeTokens(user.id, kind);
    await repo.insertOneTimeToken(
      user.id,
      kind,
      hashToken(token),
      codeHash(user.id, kind, code),
      now,
      expires,
    );
    await repo.markMailSent(user.id, kind, now);
    if (opts.pkce) {
      await flows.insertFlow(crypto.randomUUID(), user.id, type, opts.pkce.challenge, opts.pkce.method, now);
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

/**
 * Deletes the token and, for links that prove the account's own mailbox, confirms the address.
 * The delete is the spend: null when another request spent the same token first.
 */
async function spend(ctx: AuthContext, row: OneTimeTokenRow): Promise<Spent | null> {
  if ((await ctx.repo.deleteOneTimeToken(row.id)) !== 1) return null;
  if (row.type === 'signup' || row.type === 'magiclink' || row.type === 'recovery') {
    await ctx.repo.confirmEmail(row.user_id, isoNow(ctx.deps));
  }
  return { userId: row.user_id, kind: row.type };
}

/**
 * Spends a link token (token_hash): works once; expired or unknown is GoTrue's otp_expired.
 * Pass the context of the caller's transaction when more must happen in it.
 */
export function consumeLink(ctx: AuthContext, token: string, type: LinkType | 'email'): Promise<Spent> {
  const kinds = kindsFor(type);
  return inTransaction(ctx, async (tx) => {
    const row = await tx.repo.oneTimeTokenByHash(hashToken(token));
    if (!row || !kinds.includes(row.type)) throw linkExpired();
    if (Date.parse(row.expires_at) <= ctx.deps.now()) throw linkExpired();
    const spent = await spend(tx, row);
    if (!spent) throw linkExpired();
    return spent;
  });
}

/**
 * Spends the 6-digit code of `user`'s newest mail of one of `kinds`; null when it does not
 * match. A wrong code counts against every candidate token; after MAX_CODE_ATTEMPTS the token
 * is gone. Run inside the caller's transaction (ctx is its context), which must commit also
 * on a mismatch.
 */
export async function consumeCode(
  ctx: AuthContext,
  user: UserRow,
  kinds: MailKind[],
  code: string,
): Promise<Spent | null> {
  const rows: OneTimeTokenRow[] = [];
  for (const k of kinds) rows.push(...(await ctx.repo.oneTimeTokensOf(user.id, k)));
  const live = rows.filter((r) => Date.parse(r.expires_at) > ctx.deps.now() && r.code_hash);
  const match = live.find((r) => safeEqual(r.code_hash ?? '', codeHash(user.id, r.type, code)));
  if (match) return spend(ctx, match);
  for (const r of live) await ctx.repo.oneTimeTokenFailed(r.id, MAX_CODE_ATTEMPTS);
  return null;
}
