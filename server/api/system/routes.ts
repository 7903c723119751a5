import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';
import { checkDatabase } from '../../db/health';
import { runtimeConfig } from '../../lib/runtime-config-meta';

const startedAt = Date.now();

/** Health for operators and load balancers, and the runtime config the SPA boots from. */
export function systemRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get('/health', async (c) => {
    const db = await checkDatabase(deps.sql, deps.writes);
    const body = {
      status: db.ok ? 'ok' : 'degraded',
      db,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
    return c.json(body, db.ok ? 200 : 503);
  });

  // The front end creates its supabase-js client from this: same origin and our anon key by
  // default. The anon key is public by design (it only identifies the project).
  r.get('/config', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(runtimeConfig(deps));
  });

  return r;
}
