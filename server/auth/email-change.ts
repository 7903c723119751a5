import type { Context } from 'hono';
import { constraintKind } from '../db/sql';
import { type AuthContext, isoNow } from './context';
import { AuthError } from './errors';
import { issueLink, linkExpired, type PkceRequest } from './links';
import type { MailMessage } from './mail/mailer';
import type { MailKind } from './mail/templates';
import { safeRedirect } from './redirect';
import type { UserRow } from './repository';
import { limitMail } from './request';

/** GoTrue's answer when only one of the two addresses has confirmed so far. */
export const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

const sendAll = async (ctx: AuthContext, mails: Parameters<AuthContext['mailer']['send']>[0][]) => {
  try {
    for (const m of mails) await ctx.mailer.send(m);
  } catch (err) {
    ctx.deps.logger.error('auth: email change mail failed', { error: (err as Error).message });
    throw new AuthError(500, 'unexpected_failure', 'Error sending email change email');
  }
};

/**
 * Secure e-mail change (GoTrue's MAILER_SECURE_EMAIL_CHANGE_ENABLED): the new address waits in
 * users.email_change, and mails go to both addresses. The address changes only when both
 * links (or codes) have been used, so neither a thief with the session nor a typo can move
 * the account to a mailbox its owner does not control.
 */
export async function startEmailChange(
  ctx: AuthContext,
  c: Context,
  user: UserRow,
  newEmail: string,
  pkce: PkceRequest | null,
): Promise<void> {
  if (await ctx.repo.userByEmail(newEmail)) throw emailExists();
  await limitMail(ctx.limits.mailPerEmail, user.email);
  await ctx.flows.setEmailChange(user.id, newEmail, isoNow(ctx.deps));
  await sendAll(
    ctx,
    await mailsFor(ctx, c, user, newEmail, ['email_change_current', 'email_change_new'], pkce),
  );
}

/** POST /resend {type:'email_change'}: the mails of the sides not yet confirmed, again. */
export async function resendEmailChange(
  ctx: AuthContext,
  c: Context,
  user: UserRow,
  pkce: PkceRequest | null,
) {
  if (!user.email_change) return;
  const pending: MailKind[] = [];
  for (const k of ['email_change_current', 'email_change_new'] as const) {
    if (user.email_change_confirm_status === 0 || (await ctx.repo.oneTimeTokensOf(user.id, k)).length > 0)
      pending.push(k);
  }
  await sendAll(ctx, await mailsFor(ctx, c, user, user.email_change, pending, pkce));
}

async function mailsFor(
  ctx: AuthContext,
  c: Context,
  user: UserRow,
  newEmail: string,
  kinds: readonly MailKind[],
  pkce: PkceRequest | null,
): Promise<MailMessage[]> {
  const redirect = safeRedirect(ctx.deps.config, c.req.query('redirect_to'));
  const mails: MailMessage[] = [];
  for (const [i, kind] of kinds.entries()) {
    mails.push(
      await issueLink(ctx, user, kind, redirect, {
        to: kind === 'email_change_new' ? newEmail : user.email,
        newEmail,
        // One flow state is enough: whichever link completes the change gets the auth code.
        pkce: i === 0 ? pkce : null,
      }),
    );
  }
  return mails;
}

/**
 * Called after one e-mail change token was spent (in the same transaction): the first side
 * only marks the change half-confirmed; the second applies it and answers `done`.
 */
export async function confirmEmailChange(ctx: AuthContext, userId: string): Promise<'half' | 'done'> {
  const user = await ctx.repo.userById(userId);
  if (!user?.email_change) throw linkExpired();
  const now = isoNow(ctx.deps);
  if (user.email_change_confirm_status === 0) {
    // Conditional, so the two sides confirmed at the same moment cannot both stop at 'half'.
    if ((await ctx.flows.markEmailChangeHalfConfirmed(userId, now)) === 1) return 'half';
  }
  const owner = await ctx.repo.userByEmail(user.email_change);
  if (owner && owner.id !== userId) throw emailExists();
  try {
    await ctx.flows.applyEmailChange(userId, now);
  } catch (err) {
    // Another account took the address since the check above: the unique index decides.
    if (constraintKind(err) === 'unique') throw emailExists();
    throw err;
  }
  await ctx.repo.deleteOneTimeTokens(userId, 'email_change_current');
  await ctx.repo.deleteOneTimeTokens(userId, 'email_change_new');
  return 'done';
}
