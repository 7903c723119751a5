import type { Config } from './config';
import type { DB } from './db/open';
import type { SqlDatabase } from './db/sql';
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
  /**
   * TRANSITION ONLY: the raw better-sqlite3 handle for code not yet converted to `sql`. It is
   * the same connection `sql` wraps (SQLite), so a synchronous statement run inside an open
   * async transaction lands in it. Removed once every repository uses `sql`.
   */
  db: DB;
  keys: ProjectKeys;
  logger: Logger;
  /** Clock in milliseconds; tests move time forward without sleeping. */
  now: () => number;
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
    user: RequestUser;
  };
}
