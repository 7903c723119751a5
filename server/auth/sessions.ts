import crypto from 'node:crypto';
import { accessEnded } from '../lib/access-ended';
import { type AuthContext, inTransaction, isoNow } from './context';
import { AuthError } from './errors';
import type { RefreshTokenRow, UserRow } from './repository';
import { deriveChildToken, hashToken, randomToken } from './secrets';
import { ACCESS_TOKEN_TTL_S, signAccessToken, type AccessTokenInput } from './tokens';
import { parseMetadata, userJson } from './user-json';

/** GoTrue's REFRESH_TOKEN_REUSE_INTERVAL: concurrent tabs may present the same parent token. */
export const REFRESH_REUSE_WINDOW_MS = 10_000;
const MAX_CHAIN_WALK = 20;

export type AmrMethod = AccessTokenInput['amrMethod'];

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

async function sessionJson(
  ctx: AuthContext,
  user: UserRow,
  sessionId: string,
  amr: AmrMethod,
  refresh: string,
) {
  const nowS = Math.floor(ctx.deps.now() / 1000);
  const access = await signAccessToken(ctx.deps.keys.jwtSecret, {
    userId: user.id,
    email: user.email,
    sessionId,
    userMetadata: parseMetadata(user.user_metadata),
    amrMethod: amr,
    issuer: `${ctx.deps.config.publicUrl}/auth/v1`,
    nowS,
  });
  const body: SessionJson = {
    access_token: access,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    expires_at: nowS + ACCESS_TOKEN_TTL_S,
    refresh_token: refresh,
    user: userJson(user),
  };
  return body;
}

/**
 * Revoked refresh tokens are kept a month so a stolen old token still revokes its family; after
 * that (and for expired links) the rows only cost space. Runs at most hourly, on sign-in.
 */
export const REVOKED_TOKEN_RETENTION_MS = 30 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;
const lastPrune = new WeakMap<AuthContext, number>();

async function housekeeping(ctx: AuthContext): Promise<void> {
  const t = ctx.deps.now();
  if (t - (lastPrune.get(ctx) ?? -Infinity) < PRUNE_EVERY_MS) return;
  lastPrune.set(ctx, t);
  await ctx.repo.prune(new Date(t).toISOString(), new Date(t - REVOKED_TOKEN_RETENTION_MS).toISOString());
}

/** Starts a new signed-in session (one row, one root refresh token) and records the sign-in. */
export async function startSession(ctx: AuthContext, userId: string, amr: AmrMethod): Promise<SessionJson> {
  await housekeeping(ctx);
  const now = isoNow(ctx.deps);
  const sessionId = crypto.randomUUID();
  const refresh = randomToken();
  const user = await inTransaction(ctx, async ({ repo }) => {
    // Read first: a member deleted meanwhile gets user_not_found, not a foreign-key error.
    if (!(await repo.userById(userId))) return undefined;
    await repo.insertSession(sessionId, userId, amr, now);
    await repo.insertRefresh(sessionId, hashToken(refresh), null, now);
    await repo.markSignedIn(userId, now);
    return repo.userById(userId);
  });
  if (!user) throw new AuthError(403, 'user_not_found', 'User not found');
  return sessionJson(ctx, user, sessionId, amr, refresh);
}

/**
 * The refresh-token grant. A live token is revoked and replaced by its child. A revoked token
 * presented again within the reuse window (another tab raced us) gets the session's current
 * token; later, it is treated as stolen and the whole session is ended.
 *
 * Exactly once across processes: the rotation is a conditional UPDATE (… WHERE revoked_at IS
 * NULL) whose change count decides. Two refreshes of the same token at the same moment (two
 * tabs, two server processes) both may read it live, but only one revokes it; the other sees
 * 0 changes, re-reads the now revoked token and takes the reuse-window path, getting the
 * child the winner created, exactly as it would in one process.
 */
export async function refreshSession(ctx: AuthContext, presented: string): Promise<SessionJson> {
  const now = isoNow(ctx.deps);
  const hash = hashToken(presented);
  const outcome = await inTransaction(ctx, async (tx) => {
    const { repo } = tx;
    let row = await repo.refreshByHash(hash);
    const session = row && (await repo.sessionById(row.session_id));
    const user = session && (await repo.userById(session.user_id));
    if (!row || !session || !user) return { kind: 'missing' as const };
    if (row.revoked_at === null) {
      if ((await repo.revokeRefresh(row.id, now)) === 1) {
        const child = deriveChildToken(ctx.deps.keys.jwtSecret, presented);
        await repo.insertRefresh(session.id, hashToken(child), row.id, now);
        await repo.touchSession(session.id, now);
        return { kind: 'ok' as const, user, session, token: child };
      }
      // Another request revoked it between our read and our update (PostgreSQL waited for it
      // to commit, so its child is visible now).
      row = await repo.refreshByHash(hash);
      if (!row) return { kind: 'missing' as const };
    }
    const current = await currentTokenFor(tx, row, presented);
    if (current) return { kind: 'ok' as const, user, session, token: current };
    await repo.deleteSession(session.id);
    return { kind: 'reused' as const, userId: user.id };
  });
  if (outcome.kind === 'missing')
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (outcome.kind === 'reused') {
    await accessEnded(ctx.deps, outcome.userId); // a stolen token's live streams end too
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  const { user, session, token } = outcome;
  return sessionJson(ctx, user, session.id, session.amr_method as AmrMethod, token);
}

/** Re-derives the active descendant of a recently revoked token, or null outside the window. */
async function currentTokenFor(
  ctx: AuthContext,
  revoked: RefreshTokenRow,
  presented: string,
): Promise<string | null> {
  const revokedAt = Date.parse(revoked.revoked_at ?? '');
  if (!(ctx.deps.now() - revokedAt <= REFRESH_REUSE_WINDOW_MS)) return null;
  const active = await ctx.repo.activeRefresh(revoked.session_id);
  if (!active) return null;
  let depth = 0;
  let cursor: RefreshTokenRow | undefined = active;
  while (cursor && cursor.id !== revoked.id && depth < MAX_CHAIN_WALK) {
    cursor = cursor.parent_id === null ? undefined : await ctx.repo.refreshById(cursor.parent_id);
    depth++;
  }
  if (!cursor || cursor.id !== revoked.id) return null;
  let token = presented;
  for (let i = 0; i < depth; i++) token = deriveChildToken(ctx.deps.keys.jwtSecret, token);
  return hashToken(token) === active.token_hash ? token : null;
}
