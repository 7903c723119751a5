import crypto from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { type AuthContext, isoNow } from './context';
import { resendEmailChange } from './email-change';
import { AuthError } from './errors';
import { boundedString, metadataSchema, normalizeEmail } from './fields';
import { issueLink, type PkceRequest } from './links';
import type { MailKind } from './mail/templates';
import { hashPassword } from './passwords';
import { pkceFields, pkceRequest } from './pkce';
import { safeRedirect } from './redirect';
import type { UserRow } from './repository';
import { authBody, clientIp, limitMail, limitRequests } from './request';
import { createUser } from './signup';

const phoneDisabled = () => new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');

async function sendLink(
  ctx: AuthContext,
  c: Context,
  user: UserRow,
  kind: MailKind,
  pkce: PkceRequest | null,
): Promise<void> {
  const mail = await issueLink(ctx, user, kind, safeRedirect(ctx.deps.config, c.req.query('redirect_to')), {
    pkce,
  });
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.deps.logger.error('auth: link mail failed', { kind, error: (err as Error).message });
    throw new AuthError(500, 'unexpected_failure', 'Error sending magic link');
  }
}

const otpSchema = z.object({
  email: boundedString.optional(),
  phone: boundedString.optional(),
  data: metadataSchema.nullish(),
  create_user: z.boolean().optional(),
  ...pkceFields,
});

/**
 * POST /otp: signInWithOtp. The mail carries a link and a 6-digit code (verifyOtp type
 * 'email'). A confirmed member gets a magic link; an unknown address becomes an account
 * (unless create_user is false: GoTrue's 422 otp_disabled) that the same mail confirms.
 */
export async function otp(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, otpSchema);
  if (body.phone) throw phoneDisabled();
  await limitRequests(ctx.limits.signUpPerIp, clientIp(c, ctx.deps.config.trustProxy));
  if (!body.email?.trim()) throw new AuthError(400, 'validation_failed', 'One of email or phone must be set');
  const email = normalizeEmail(body.email);
  const pkce = pkceRequest(body);
  let user = await ctx.repo.userByEmail(email);
  if (!user && body.create_user === false) {
    throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
  }
  await limitMail(ctx.limits.mailPerEmail, email);
  if (!user) {
    // No password was chosen: a random one nobody knows, until the member sets their own.
    const hash = await hashPassword(crypto.randomBytes(32).toString('base64url'), ctx.deps.config);
    user = await createUser(ctx, email, hash, body.data ?? {}, null);
  }
  await sendLink(ctx, c, user, user.email_confirmed_at ? 'magiclink' : 'signup', pkce);
  return c.json({});
}

const resendSchema = z.object({
  type: boundedString.optional(),
  email: boundedString.optional(),
  phone: boundedString.optional(),
  ...pkceFields,
});

/**
 * POST /resend {type:'signup'|'email_change', email}: the confirmation mail again. Answers `{}`
 * whether or not there was anything to send, so it tells a stranger nothing (as GoTrue).
 */
export async function resend(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, resendSchema);
  const type = body.type ?? '';
  if (type === 'sms' || type === 'phone_change') throw phoneDisabled();
  if (type !== 'signup' && type !== 'email_change') {
    throw new AuthError(
      400,
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  if (body.phone) throw phoneDisabled();
  if (!body.email?.trim()) {
    throw new AuthError(400, 'validation_failed', 'Type provided requires an email address');
  }
  const email = normalizeEmail(body.email);
  const pkce = pkceRequest(body);
  await limitRequests(ctx.limits.recoverPerIp, clientIp(c, ctx.deps.config.trustProxy));
  await limitMail(ctx.limits.mailPerEmail, email);
  const user = await ctx.repo.userByEmail(email);
  if (!user) return c.json({});
  if (type === 'signup') {
    if (!user.email_confirmed_at) await sendLink(ctx, c, user, 'signup', pkce);
  } else {
    await resendEmailChange(ctx, c, user, pkce);
  }
  ctx.deps.logger.info('auth: mail resent', { type, at: isoNow(ctx.deps) });
  return c.json({});
}
