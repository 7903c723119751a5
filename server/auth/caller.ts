import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv, RequestUser } from '../app-env';
import { ApiError } from '../lib/http';
import { bearerToken, type Role } from './tokens';
import { verifyJwtCached } from './verify-cache';

export type Caller =
  | { kind: 'none' }
  | { kind: 'invalid'; reason: 'expired' | 'invalid' | 'session_gone' }
  | { kind: 'role'; role: Exclude<Role, 'authenticated'> }
  | { kind: 'user'; role: 'authenticated'; user: RequestUser };

/**
 * Who is calling, from the Authorization bearer: nobody, the anon or service key, or a member
 * whose sign-in session still exists (a logged-out session's tokens stop working at once).
 */
export async function resolveCaller(deps: AppDeps, authorization: string | undefined): Promise<Caller> {
  const token = bearerToken(authorization);
  if (!token) return { kind: 'none' };
  const result = await verifyJwtCached(deps.keys.jwtSecret, token, deps.now());
  if (!result.ok) return { kind: 'invalid', reason: result.reason };
  if (result.role !== 'authenticated') return { kind: 'role', role: result.role };
  const {
    sub,
    email,
    session_id: sessionId,
  } = result.claims as { sub: string; email?: string; session_id: string };
  // Every request checks its session (one indexed read), so a logout or an account deletion
  // takes effect at once in every process; only the signature check is cached.
  const live = await deps.sql.get(
    'SELECT 1 AS live FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ? AND u.id = ?',
    [sessionId, sub],
  );
  if (!live) return { kind: 'invalid', reason: 'session_gone' };
  return {
    kind: 'user',
    role: 'authenticated',
    user: { id: sub, email: email ?? '', role: 'authenticated', sessionId },
  };
}

/** For /api routes that need a signed-in member: sets c.var.user or answers 401. */
export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = await resolveCaller(deps, c.req.header('authorization'));
    if (caller.kind !== 'user') {
      const message =
        caller.kind === 'invalid' && caller.reason === 'expired'
          ? 'Your sign-in has expired. Please sign in again.'
          : 'Please sign in to continue.';
      throw new ApiError(401, 'unauthorized', message);
    }
    c.set('user', caller.user);
    await next();
  };
}

/** A member may read and write only their own private data: 403 for anyone else's id. */
export function assertSelf(user: RequestUser, id: string): void {
  if (user.id !== id) throw new ApiError(403, 'forbidden', 'You can only access your own account.');
}
