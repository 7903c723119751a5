import type { Context } from 'hono';
import { z } from 'zod';
import type { AuthContext } from './context';
import { AuthError } from './errors';
import { boundedString } from './fields';
import { dummyHash, verifyPassword } from './passwords';
import { authBody, clientIp, limitRequests } from './request';
import { pkceGrant } from './pkce';
import { refreshSession, startSession } from './sessions';

const passwordSchema = z.object({ email: boundedString.optional(), password: boundedString.optional() });
const refreshSchema = z.object({ refresh_token: boundedString.optional() });

const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

/** POST /token?grant_type=password|refresh_token (reference §2.2, §2.3). */
export async function token(ctx: AuthContext, c: Context): Promise<Response> {
  const grant = c.req.query('grant_type');
  if (grant === 'password') return passwordGrant(ctx, c);
  if (grant === 'refresh_token') return refreshGrant(ctx, c);
  if (grant === 'pkce') {
    await limitRequests(ctx.limits.verifyPerIp, clientIp(c, ctx.deps.config.trustProxy));
    return pkceGrant(ctx, c);
  }
  throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
}

async function passwordGrant(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, passwordSchema);
  const email = body.email?.trim().toLowerCase();
  if (!email) throw new AuthError(400, 'validation_failed', 'missing email or phone');
  const ip = clientIp(c, ctx.deps.config.trustProxy);
  const pairKey = `${ip}\n${email}`;
  const { signInFailures, signInFailuresPerIp } = ctx.limits;
  const wait = Math.max(await signInFailures.wait(pairKey), await signInFailuresPerIp.wait(ip));
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    throw new AuthError(
      429,
      'over_request_rate_limit',
      `Too many failed sign-in attempts. Please try again in ${wait} seconds.`,
    );
  }
  const user = body.password ? await ctx.repo.userByEmail(email) : undefined;
  // An unknown address still costs one scrypt, so the answer time does not reveal accounts.
  const ok =
    !!body.password &&
    (await verifyPassword(
      body.password,
      user?.password_hash ?? (await dummyHash(ctx.deps.config)),
      ctx.deps.config,
    ));
  if (!user || !ok) {
    await signInFailures.fail(pairKey);
    await signInFailuresPerIp.fail(ip);
    throw invalidCredentials();
  }
  await signInFailures.succeed(pairKey);
  // Checked only after the password matched: a stranger learns nothing about the account state.
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  return c.json(await startSession(ctx, user.id, 'password'));
}

async function refreshGrant(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, refreshSchema);
  await limitRequests(ctx.limits.refreshPerIp, clientIp(c, ctx.deps.config.trustProxy));
  if (!body.refresh_token) throw new AuthError(400, 'validation_failed', 'refresh_token required');
  return c.json(await refreshSession(ctx, body.refresh_token));
}
