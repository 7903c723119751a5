import crypto from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
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
 * The security headers every answer carries (the set Hono's `secureHeaders` sends, with our CSP),
 * as one object built at start-up. Names are lower-case, as HTTP/2 sends them.
 */
export function securityHeaderBlock(backendOrigins: readonly string[]): Record<string, string> {
  const csp: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // The SPA loads its own scripts, styles, the Wasm engine and audio from this origin only,
    // and the first paint's inline guard by its hash (server/lib/first-paint.ts).
    ['script-src', ["'self'", "'wasm-unsafe-eval'", GUARD_CSP_SOURCE]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['media-src', ["'self'", 'blob:']],
    ['connect-src', connectSources(backendOrigins)],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return {
    'content-security-policy': csp.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; '),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Answers built by `completeResponse`: they already carry the shared headers. */
const complete = new WeakSet<Response>();

export interface SharedHeaderOptions {
  /** Paths (prefix ending in `/`) that any origin may call; preflights are answered elsewhere. */
  corsPrefixes: readonly string[];
  /** Headers a cross-origin caller may read (supabase-js reads Content-Range and friends). */
  exposeHeaders: readonly string[];
}

/**
 * The headers every answer shares: security headers, `X-Request-Id`, HSTS over https and CORS on
 * the services, worked out once per request before the handler runs.
 *
 * Why not Hono's `secureHeaders` and `cors` (issue 13): they set a dozen headers one by one on a
 * web `Headers` after the handler, which turns the node adapter's lightweight response (a plain
 * header object written straight to the socket) into web `Headers`, validated per header and
 * converted back (a tenth of a catalogue read's profile; a Range answer costs a sixth less CPU
 * without it, README "Speed"). Hot handlers build their answer with
 * `completeResponse`, which merges these in as a plain object; any other answer gets them set
 * here after the handler, as before. Headers a handler set itself win (storage's `sandbox` CSP).
 */
export function sharedHeaders(deps: AppDeps, options: SharedHeaderOptions): MiddlewareHandler<AppEnv> {
  const block = securityHeaderBlock(deps.config.backendOrigins);
  const exposed = options.exposeHeaders.join(',');
  return async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID();
    c.set('requestId', requestId);
    const shared: Record<string, string> = { ...block, 'x-request-id': requestId };
    // The request URL's scheme is always lower-case; no need to parse the whole URL for it.
    const direct = c.req.url.startsWith('https:') ? 'https' : 'http';
    const proto = deps.config.trustProxy
      ? (c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() ?? direct)
      : direct;
    if (proto === 'https') shared['strict-transport-security'] = HSTS;
    const path = c.req.path;
    if (c.req.method !== 'OPTIONS' && options.corsPrefixes.some((p) => path.startsWith(p))) {
      const origin = c.req.header('origin');
      if (origin) shared['access-control-allow-origin'] = origin;
      if (exposed) shared['access-control-expose-headers'] = exposed;
      shared.vary = 'Origin';
    }
    c.set('sharedHeaders', shared);
    await next();
    if (isComplete(c.res)) return;
    const headers = c.res.headers;
    for (const name in shared) {
      if (name === 'vary') headers.set('vary', mergeVary(headers.get('vary'), shared.vary!));
      else if (!headers.has(name)) headers.set(name, shared[name]!);
    }
    headers.delete('x-powered-by');
  };
}

/**
 * An answer with the request's shared headers already in it, as one plain header object, so
 * nothing after the handler needs to touch web `Headers` (see `sharedHeaders`); `headers` win
 * over the shared ones. Without `sharedHeaders` in front (a unit test's app) it is a plain answer.
 */
export function completeResponse(
  c: Context,
  body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null,
  status: number,
  headers: Record<string, string>,
): Response {
  const shared = c.get('sharedHeaders') as Record<string, string> | undefined;
  if (!shared) return new Response(body, { status, headers });
  const merged = { ...shared };
  for (const name in headers) {
    const key = name.toLowerCase();
    merged[key] = key === 'vary' && shared.vary ? mergeVary(headers[name]!, shared.vary) : headers[name]!;
  }
  const res = new Response(body, { status, headers: merged });
  complete.add(res);
  return res;
}

/** True for an answer `completeResponse` finished: nothing after the handler changes it. */
export function isComplete(res: Response): boolean {
  return complete.has(res);
}

/** One Vary value with every token of both, each once. */
function mergeVary(current: string | null, add: string): string {
  if (!current) return add;
  const have = new Set(current.split(',').map((t) => t.trim().toLowerCase()));
  const extra = add.split(',').filter((t) => !have.has(t.trim().toLowerCase()));
  return extra.length ? `${current}, ${extra.map((t) => t.trim()).join(', ')}` : current;
}
