import type { AppDeps } from '../app-env';
import type { SqlExecutor } from '../db/sql';
import type { Mailer } from './mail/mailer';
import type { AuthLimits } from './rate-limit';
import { createFlowRepository, type FlowRepository } from './flow-repository';
import { createAuthRepository, type AuthRepository } from './repository';

/** What every auth handler works with, built once per app in routes.ts. */
export interface AuthContext {
  deps: AppDeps;
  /** The executor `repo` and `flows` run on: deps.sql, or the open transaction. */
  sql: SqlExecutor;
  repo: AuthRepository;
  flows: FlowRepository;
  mailer: Mailer;
  limits: AuthLimits;
}

export function createAuthContext(deps: AppDeps, mailer: Mailer, limits: AuthLimits): AuthContext {
  return {
    deps,
    sql: deps.sql,
    repo: createAuthRepository(deps.sql),
    flows: createFlowRepository(deps.sql),
    mailer,
    limits,
  };
}

/**
 * Runs fn in one transaction with a context whose repositories use it (nested: a savepoint).
 * Every statement inside must go through the given context: one on deps.sql would wait for
 * this transaction (SQLite) or run outside it (PostgreSQL). No mail or limiter call inside.
 */
export function inTransaction<T>(ctx: AuthContext, fn: (tx: AuthContext) => Promise<T>): Promise<T> {
  return ctx.sql.transaction((tx) =>
    fn({ ...ctx, sql: tx, repo: createAuthRepository(tx), flows: createFlowRepository(tx) }),
  );
}

export const isoNow = (deps: AppDeps): string => new Date(deps.now()).toISOString();
