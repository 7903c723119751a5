import type { Config } from './config';
import type { DB } from './db/open';
import type { Logger } from './lib/logger';
import type { ProjectKeys } from './lib/keys';

/** Everything a route needs, built once in main.ts (or a test) and passed in: no globals. */
export interface AppDeps {
  config: Config;
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
