import type { AppDeps } from '../app-env';
import type { Mailer } from './mail/mailer';
import type { AuthLimits } from './rate-limit';
import type { FlowRepository } from './flow-repository';
import type { AuthRepository } from './repository';

/** What every auth handler works with, built once per app in routes.ts. */
export interface AuthContext {
  deps: AppDeps;
  repo: AuthRepository;
  flows: FlowRepository;
  mailer: Mailer;
  limits: AuthLimits;
}

export const isoNow = (deps: AppDeps): string => new Date(deps.now()).toISOString();
