import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * CORS preflights for the Supabase-compatible services: any origin may call them (the apikey and
 * the bearer token are the credentials), and the headers supabase-js reads are exposed. Other
 * requests get the same Allow-Origin and Expose-Headers with the shared headers
 * (shared-headers.ts), worked out before the handler instead of set on its answer after it.
 */
export function corsPreflight(exposeHeaders: readonly string[]): MiddlewareHandler {
  const preflight = cors({ origin: (o) => o, exposeHeaders: [...exposeHeaders], maxAge: 600 });
  return (c, next) => (c.req.method === 'OPTIONS' ? preflight(c, next) : next());
}
