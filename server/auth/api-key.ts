import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../app-env';
import { API_VERSION } from './errors';
import { safeEqual } from './secrets';

/** Opened from a mail or fetched by key-set caches: no key can be expected (reference §1.3). */
function isOpen(method: string, path: string): boolean {
  return (method === 'GET' && path.endsWith('/verify')) || path.endsWith('/.well-known/jwks.json');
}

/**
 * Hosted Supabase's gateway check, with Kong's exact bodies: the `apikey` header (or query
 * parameter) must be one of our keys. Who the caller is comes from the bearer token later.
 */
export function requireApiKey(deps: AppDeps): MiddlewareHandler {
  const known = [deps.keys.anonKey, deps.keys.serviceRoleKey];
  return async (c, next) => {
    if (isOpen(c.req.method, c.req.path) || c.req.method === 'OPTIONS') return next();
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    c.header('X-Supabase-Api-Version', API_VERSION);
    if (!key) {
      return c.json(
        {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        },
        401,
      );
    }
    // Compare against every key so the time taken does not depend on which one matched.
    const matches = known.map((k) => safeEqual(key, k));
    if (!matches.some(Boolean)) {
      return c.json(
        { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
        401,
      );
    }
    return next();
  };
}
