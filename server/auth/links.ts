import { type AuthContext, isoNow } from './context';
import { AuthError } from './errors';
import { linkMail, verifyLink, type LinkType } from './mail/templates';
import type { MailMessage } from './mail/mailer';
import type { UserRow } from './repository';
import { hashToken, randomToken } from './secrets';

/** GoTrue's MAILER_OTP_EXP default: a mail link works for one day. */
export const LINK_TTL_MS = 24 * 3600 * 1000;

/**
 * Creates a single-use link token (replacing any earlier one of the same type, so only the
 * newest mail works) and returns the mail to send. Only the token's hash is stored.
 */
export function issueLink(ctx: AuthContext, user: UserRow, type: LinkType, redirectTo: string): MailMessage {
  const token = randomToken();
  const now = isoNow(ctx.deps);
  const expires = new Date(ctx.deps.now() + LINK_TTL_MS).toISOString();
  ctx.repo.transaction(() => {
    ctx.repo.deleteOneTimeTokens(user.id, type);
    ctx.repo.insertOneTimeToken(user.id, type, hashToken(token), now, expires);
    ctx.repo.markMailSent(user.id, type, now);
  });
  const link = verifyLink(ctx.deps.config.publicUrl, token, type, redirectTo);
  return linkMail(user.email, type, link, LINK_TTL_MS / 3600_000);
}

export const linkExpired = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');

/**
 * Spends a link token: deleted on use, so it works once; an expired one is refused (and stays
 * useless). Following any link proves the mailbox, so it also confirms the email address.
 */
export function consumeLink(ctx: AuthContext, token: string, type: LinkType): string {
  const now = isoNow(ctx.deps);
  return ctx.repo.transaction(() => {
    const row = ctx.repo.oneTimeTokenByHash(hashToken(token));
    if (!row || row.type !== type) throw linkExpired();
    if (Date.parse(row.expires_at) <= ctx.deps.now()) throw linkExpired();
    ctx.repo.deleteOneTimeToken(row.id);
    ctx.repo.confirmEmail(row.user_id, now);
    return row.user_id;
  });
}
