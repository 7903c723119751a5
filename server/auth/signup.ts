import type { Context } from 'hono';
import { z } from 'zod';
import { constraintKind } from '../db/sql';
import { type AuthContext, isoNow } from './context';
import { AuthError } from './errors';
import { boundedString, metadataSchema, normalizeEmail } from './fields';
import { issueLink } from './links';
import { hashGateFor } from './hash-gate';
import { checkPasswordPolicy, hashPassword } from './passwords';
import { pkceFields, pkceRequest } from './pkce';
import { safeRedirect } from './redirect';
import type { UserRow } from './repository';
import { authBody, clientIp, limitMail, limitRequests } from './request';
import { startSession } from './sessions';
import { obfuscatedUserJson, userJson } from './user-json';

const signupSchema = z.object({
  email: boundedString.optional(),
  phone: boundedString.optional(),
  password: boundedString.optional(),
  data: metadataSchema.nullish(),
  ...pkceFields,
});

/** POST /signup (reference §2.1): never tells a stranger whether the address has an account. */
export async function signup(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, signupSchema);
  // signInAnonymously() posts a signup without email or phone; anonymous users are not offered.
  if (!body.email && !body.phone && !body.password) {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  // A full hash line refuses before the rate limit's transaction: a flood costs no database work.
  hashGateFor(ctx.deps.config).assertRoom('new');
  await limitRequests(ctx.limits.signUpPerIp, clientIp(c, ctx.deps.config.trustProxy));
  if (!body.password) throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
  const email = normalizeEmail(body.email);
  checkPasswordPolicy(body.password);
  const pkce = pkceRequest(body);
  const metadata = body.data ?? {};
  if (ctx.deps.config.autoConfirm) return signupConfirmed(ctx, c, email, body.password, metadata);

  await limitMail(ctx.limits.mailPerEmail, email);
  // Hashed on every path, also when unused, so all three answers take the same time.
  const passwordHash = await hashPassword(body.password, ctx.deps.config);
  const existing = await ctx.repo.userByEmail(email);
  if (existing?.email_confirmed_at) return c.json(obfuscatedUserJson(email, metadata, isoNow(ctx.deps)));
  // An unconfirmed account keeps its first password: letting a second signup replace it would
  // let a stranger plant a password the real owner then unknowingly confirms.
  const user = existing ?? (await createUser(ctx, email, passwordHash, metadata, null));
  const mail = await issueLink(
    ctx,
    user,
    'signup',
    safeRedirect(ctx.deps.config, c.req.query('redirect_to')),
    {
      pkce,
    },
  );
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.deps.logger.error('auth: confirmation mail failed', { error: (err as Error).message });
    throw new AuthError(500, 'unexpected_failure', 'Error sending confirmation email');
  }
  return c.json(userJson((await ctx.repo.userById(user.id)) ?? user));
}

/** With AUTH_AUTOCONFIRM the member is signed in at once, and a taken address is a plain 422. */
async function signupConfirmed(
  ctx: AuthContext,
  c: Context,
  email: string,
  password: string,
  metadata: Record<string, unknown>,
): Promise<Response> {
  const passwordHash = await hashPassword(password, ctx.deps.config);
  if (await ctx.repo.userByEmail(email))
    throw new AuthError(422, 'user_already_exists', 'User already registered');
  const user = await createUser(ctx, email, passwordHash, metadata, isoNow(ctx.deps));
  return c.json(await startSession(ctx, user.id, 'password'));
}

export async function createUser(
  ctx: AuthContext,
  email: string,
  passwordHash: string,
  metadata: Record<string, unknown>,
  confirmedAt: string | null,
): Promise<UserRow> {
  const id = crypto.randomUUID();
  const name = (k: string) => (typeof metadata[k] === 'string' ? (metadata[k] as string).trim() : '');
  try {
    await ctx.repo.insertUser({
      id,
      email,
      passwordHash,
      firstName: name('first_name'),
      lastName: name('last_name'),
      metadata: JSON.stringify(metadata),
      confirmedAt,
      now: isoNow(ctx.deps),
    });
  } catch (err) {
    // The callers read "no such address" before an await (the password hash); another server
    // process (cluster mode) may have created it meanwhile. The unique index decides: a 422,
    // not a 500, on both databases (e-mail is COLLATE NOCASE in SQLite, CITEXT in PostgreSQL).
    // (The per-address mail limit refuses such a second request first elsewhere.)
    if (constraintKind(err) === 'unique')
      throw new AuthError(422, 'user_already_exists', 'User already registered');
    throw err;
  }
  const user = await ctx.repo.userById(id);
  if (!user) throw new Error('user vanished right after insert');
  return user;
}
