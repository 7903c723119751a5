import type { Context } from 'hono';
import { z } from 'zod';
import type { AuthContext } from './context';
import { AuthError } from './errors';
import { boundedString, normalizeEmail } from './fields';
import { issueLink } from './links';
import { safeRedirect } from './redirect';
import { authBody, clientIp, limitMail, limitRequests } from './request';

const recoverSchema = z.object({ email: boundedString.optional() });

/**
 * POST /recover (reference §2.6): always `{}`. The mail is sent in the background so the
 * answer time is the same whether or not the address has an account.
 */
export async function recover(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, recoverSchema);
  limitRequests(ctx.limits.recoverPerIp, clientIp(c, ctx.deps.config.trustProxy));
  if (!body.email?.trim())
    throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
  const email = normalizeEmail(body.email);
  limitMail(ctx.limits.mailPerEmail, email);
  const user = ctx.repo.userByEmail(email);
  if (user) {
    const mail = issueLink(ctx, user, 'recovery', safeRedirect(ctx.deps.config, c.req.query('redirect_to')));
    ctx.mailer.send(mail).catch((err: Error) => {
      ctx.deps.logger.error('auth: recovery mail failed', { error: err.message });
    });
  }
  return c.json({});
}
