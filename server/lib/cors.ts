import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * CORS for the Supabase-compatible services: any origin may call them (the apikey and the
 * bearer token are the credentials), and the headers supabase-js reads are exposed.
 *
 * Preflights go through Hono's cors middleware. Other requests get the same headers, set on the
 * final response after the handler: Hono's middleware sets them on `c.res` before the handler and
 * appends `Vary` with `c.header` after it, and each of those rebuilds the handler's response from
 * its body stream (a quarter of a catalogue read's CPU in the profile, README "Speed").
 */
export function corsFor(exposeHeaders: readonly string[]): MiddlewareHandler {
  const preflight = cors({ origin: (o) => o, exposeHeaders: [...exposeHeaders], maxAge: 600 });
  const exposed = exposeHeaders.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const headers = c.res.headers;
    const origin = c.req.header('origin');
    if (origin) headers.set('Access-Control-Allow-Origin', origin);
    if (exposed) headers.set('Access-Control-Expose-Headers', exposed);
    headers.append('Vary', 'Origin');
  };
}
