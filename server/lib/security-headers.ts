import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from '../app-env';
import { GUARD_CSP_SOURCE } from './first-paint';

const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * Where the app may connect: its own origin and the backends the operator listed in
 * BACKEND_ORIGINS (the ones /admin can switch to), each with its websocket twin for realtime.
 * Nothing else: an injected script cannot send data to a host of its choosing.
 */
export function connectSources(backendOrigins: readonly string[]): string[] {
  const ws = backendOrigins.map((o) => o.replace(/^http/, 'ws'));
  return ["'self'", ...backendOrigins, ...ws];
}

/**
 * CSP and the other security headers on every response. HSTS is sent only when the request
 * arrived over https (directly, or through a trusted proxy that says so): over plain http
 * browsers ignore it, and pinning "localhost" to https would break local development.
 */
export function securityHeaders(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // The SPA loads its own scripts, styles, the Wasm engine and audio from this origin only.
      // …and the first paint's inline guard, by its hash (server/lib/first-paint.ts).
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", GUARD_CSP_SOURCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: connectSources(deps.config.backendOrigins),
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
    strictTransportSecurity: false,
    crossOriginResourcePolicy: 'same-site',
    crossOriginOpenerPolicy: 'same-origin',
  });
  return async (c, next) => {
    let own: string | null = null;
    await headers(c, async () => {
      await next();
      // A handler that set a stricter policy itself (storage's `sandbox`) keeps it.
      own = c.res.headers.get('Content-Security-Policy');
    });
    if (own) c.res.headers.set('Content-Security-Policy', own);
    // The request URL's scheme is always lower-case; no need to parse the whole URL for it.
    const direct = c.req.url.startsWith('https:') ? 'https' : 'http';
    const proto = deps.config.trustProxy
      ? (c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() ?? direct)
      : direct;
    if (proto === 'https') c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}
