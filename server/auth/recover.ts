import type { Context } from 'hono';
import { z } from 'zod';
import type { AuthContext } from './context';
import { AuthError } from './errors';
import { boundedString, normalizeEmail } from './fields';
import { issueLink } from './links';
import { pkceFields, pkceRequest } from './pkce';
import { safeRedirect } from './redirect';
import { authBody, clientIp, limitMail, limitRequests } from './request';

const recoverSchema = z.object({ email: boundedString.optional(), ...pkceFields });

/**
 * POST /recover (reference §2.6): always `{}`. The mail is sent in the background so the
 * answer time is the same whether or not the address has an account.
 */
export async function recover(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, recoverSchema);
  await limitRequests(ctx.limits.recoverPerIp, clientIp(c, ctx.deps.config.trustProxy));
  if (!body.email?.trim())
    throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
  const email = normalizeEmail(body.email);
  const pkce = pkceRequest(body);
  await limitMail(ctx.limits.mailPerEmail, email);
  const user = await ctx.repo.userByEmail(email);
  if (user) {
    const redirect = safeRedirect(ctx.deps.config, c.req.query('redirect_to'));
    const mail = await issueLink(ctx, user, 'recovery', redirect, { pkce });
    ctx.mailer.send(mail).catch((err: Error) => {
      ctx.deps.logger.error('auth: recovery mail failed', { error: err.message });
    });
  }
  return c.json({});
}
