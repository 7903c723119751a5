import type { Metrics } from './lib/metrics';
import type { Config } from './config';
import type { SqlDatabase } from './db/sql';
import type { WriteOutcomes } from './db/write-outcomes';
import type { Logger } from './lib/logger';
import type { ProjectKeys } from './lib/keys';

/** Everything a route needs, built once in main.ts (or a test) and passed in: no globals. */
export interface AppDeps {
  config: Config;
  /**
   * The data layer: SQLite (DATA_DIR/app.db) or PostgreSQL (DATABASE_URL), one async interface
   * (server/db/sql/README.md). Every repository goes through it.
   */
  sql: SqlDatabase;
  keys: ProjectKeys;
  logger: Logger;
  /** Clock in milliseconds; tests move time forward without sleeping. */
  now: () => number;
  /** Prometheus metrics, when the operator turned them on (METRICS_TOKEN or METRICS_PORT). */
  metrics?: Metrics;
  /** What the latest writes met (a full disk), for GET /api/health; set by createApp. */
  writes?: WriteOutcomes;
}

/** The verified caller, set by the auth middleware from the bearer token. */
export interface RequestUser {
  id: string;
  email: string;
  role: 'authenticated';
  sessionId: string;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The headers every answer carries (server/lib/shared-headers.ts), lower-case names. */
    sharedHeaders: Record<string, string>;
    user: RequestUser;
  };
}
