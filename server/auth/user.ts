import type { Context } from 'hono';
import { z } from 'zod';
import { accessEnded } from '../lib/access-ended';
import { resolveCaller } from './caller';
import { bearerToken, verifyJwt } from './tokens';
import { type AuthContext, inTransaction, isoNow } from './context';
import { AuthError } from './errors';
import { startEmailChange } from './email-change';
import { boundedString, mergeMetadata, metadataSchema, normalizeEmail } from './fields';
import { pkceFields, pkceRequest } from './pkce';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords';
import type { UserRow } from './repository';
import { authBody } from './request';
import { parseMetadata, userJson } from './user-json';

const BAD_SIGNATURE = 'invalid JWT: unable to parse or verify signature, signature is invalid';
const EXPIRED =
  'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired';

/** The member behind the bearer token, with GoTrue's error for each way it can fail (§2.4). */
export async function authenticate(
  ctx: AuthContext,
  c: Context,
): Promise<{ user: UserRow; sessionId: string }> {
  const caller = await resolveCaller(ctx.deps, c.req.header('authorization'));
  switch (caller.kind) {
    case 'none':
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    case 'role':
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    case 'invalid':
      if (caller.reason === 'session_gone') {
        throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
      throw new AuthError(403, 'bad_jwt', caller.reason === 'expired' ? EXPIRED : BAD_SIGNATURE);
    case 'user': {
      const user = await ctx.repo.userById(caller.user.id);
      if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      return { user, sessionId: caller.user.sessionId };
    }
  }
}

export async function getUser(ctx: AuthContext, c: Context): Promise<Response> {
  const { user } = await authenticate(ctx, c);
  return c.json(userJson(user));
}

const updateSchema = z.object({
  email: boundedString.optional(),
  password: boundedString.optional(),
  data: metadataSchema.nullish(),
  ...pkceFields,
});

/** PUT /user (reference §2.8): password change and metadata updates. */
export async function updateUser(ctx: AuthContext, c: Context): Promise<Response> {
  const { user, sessionId } = await authenticate(ctx, c);
  const body = await authBody(c, updateSchema);
  const newEmail = body.email === undefined ? null : normalizeEmail(body.email);
  const pkce = pkceRequest(body);
  const newHash = body.password === undefined ? undefined : await newPasswordHash(ctx, user, body.password);
  // After the password checks, so a refused password sends no mail.
  if (newEmail && newEmail !== user.email) await startEmailChange(ctx, c, user, newEmail, pkce);
  const now = isoNow(ctx.deps);
  await inTransaction(ctx, async ({ repo }) => {
    if (body.data) {
      // Merged with the stored metadata read inside the transaction, not the copy read
      // before the password hashing, so two updates of different keys both stay.
      const stored = (await repo.userById(user.id))?.user_metadata ?? user.user_metadata;
      await repo.setMetadata(user.id, mergeMetadata(parseMetadata(stored), body.data), now);
    }
    if (newHash) {
      await repo.setPassword(user.id, newHash, now);
      // As GoTrue does: a new password signs out every other device and voids reset links.
      await repo.deleteOtherSessions(user.id, sessionId);
      await repo.deleteOneTimeTokens(user.id, 'recovery');
    }
  });
  if (newHash) await accessEnded(ctx.deps, user.id); // the other devices' live streams too
  return c.json(userJson((await ctx.repo.userById(user.id)) ?? user));
}

async function newPasswordHash(ctx: AuthContext, user: UserRow, password: string): Promise<string> {
  checkPasswordPolicy(password);
  if (await verifyPassword(password, user.password_hash, ctx.deps.config)) {
    throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
  }
  return hashPassword(password, ctx.deps.config, 'member');
}

const SCOPES = ['global', 'local', 'others'] as const;

/** POST /logout?scope= (reference §2.5): 204, ending sessions by scope. */
export async function logout(ctx: AuthContext, c: Context): Promise<Response> {
  const scope = c.req.query('scope') ?? 'global';
  if (!(SCOPES as readonly string[]).includes(scope)) {
    throw new AuthError(400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  const caller = await resolveCaller(ctx.deps, c.req.header('authorization'));
  // Logging out is idempotent: a validly signed token whose session already ended (the app
  // also ends it through /api/auth/logout) is answered 204, and a global logout still ends
  // the member's other sessions.
  if (caller.kind === 'invalid' && caller.reason === 'session_gone') {
    const sub = await signedSubject(ctx, c);
    if (scope === 'global' && sub) {
      await ctx.repo.deleteUserSessions(sub);
      await accessEnded(ctx.deps, sub);
    }
    return c.body(null, 204);
  }
  const { user, sessionId } = await authenticate(ctx, c);
  if (scope === 'global') await ctx.repo.deleteUserSessions(user.id);
  else if (scope === 'local') await ctx.repo.deleteSession(sessionId);
  else await ctx.repo.deleteOtherSessions(user.id, sessionId);
  await accessEnded(ctx.deps, user.id); // their live streams close now, not on the next beat
  return c.body(null, 204);
}

async function signedSubject(ctx: AuthContext, c: Context): Promise<string | null> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) return null;
  const result = await verifyJwt(ctx.deps.keys.jwtSecret, token, ctx.deps.now());
  return result.ok && typeof result.claims.sub === 'string' ? result.claims.sub : null;
}
