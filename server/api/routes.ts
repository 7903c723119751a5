import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { accountRoutes } from './accounts/routes';
import { communityRoutes } from './community/routes';
import { growthRoutes } from './growth/routes';
import { voiceRoutes } from './growth/voice-routes';
import { listeningRoutes } from './listening/routes';
import { systemRoutes } from './system/routes';

/** The app's own API under /api: one router per area, each with its own tests. */
export function apiRoutes(deps: AppDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.route('/', systemRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', listeningRoutes(deps));
  api.route('/', communityRoutes(deps));
  api.route('/', voiceRoutes(deps));
  api.route('/', growthRoutes(deps));
  return api;
}
