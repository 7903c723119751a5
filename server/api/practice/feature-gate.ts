import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';
import type { SqlExecutor } from '../../db/sql';
import { ApiError } from '../../lib/http';
import {
  isFeatureUnlocked,
  lockedFeatureMessage,
  tierFeature,
  type TierFeatureKey,
} from '../../../src/domain/tier-features';
import { tierFor } from '../../../src/domain/tiers';
import { tokenBalance } from './ledger';

/** The member's level, from the tone tokens on their practice ledger (the one truth). */
export async function memberLevel(
  sql: SqlExecutor,
  userId: string,
): Promise<{ tokens: number; level: number }> {
  const tokens = await tokenBalance(sql, userId);
  return { tokens, level: tierFor(tokens).level };
}

/**
 * Refuses a locked tier feature with 403 `feature_locked` and words a member understands
 * ("Voice notes opens at level 2; you are at level 1 (40 tone tokens to go)."), so the level is
 * enforced on the server, not only by the chip on the profile.
 */
export async function assertFeature(sql: SqlExecutor, userId: string, key: TierFeatureKey): Promise<void> {
  const { tokens } = await memberLevel(sql, userId);
  if (!isFeatureUnlocked(key, tokens)) {
    throw new ApiError(403, 'feature_locked', lockedFeatureMessage(key, tokens), {
      feature: key,
      level: String(tierFeature(key).level),
    });
  }
}

/** The same as middleware, after `requireUser` (it reads `c.var.user`). */
export function requireFeature(deps: AppDeps, key: TierFeatureKey): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertFeature(deps.sql, c.var.user.id, key);
    await next();
  };
}

/**
 * Checks a path parameter before the level gate: a malformed id is a 400 on every /api route,
 * whatever the caller's level (server/lib/ids-dates.test.ts walks them all). Put it between
 * `requireUser` and `requireFeature`.
 */
export function paramBeforeGate(parse: (raw: string) => unknown, name = 'id'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    parse(c.req.param(name) ?? '');
    await next();
  };
}
