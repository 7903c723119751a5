import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { completeResponse, isComplete } from './shared-headers';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Small answers (a session, the newest 10 sessions) are sent as they are: compressing them costs
 * more CPU than the bytes saved. Large ones (a whole catalogue, a dashboard, an export) are.
 */
export const JSON_COMPRESS_THRESHOLD = 8 * 1024;

/**
 * Compresses large JSON answers with brotli (quality 4: fast, still smaller than gzip) or gzip,
 * off the event loop (zlib's thread pool). Everything else (audio, Range reads, files with their
 * own precompressed copies) passes through untouched.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    declareJsonLength(c);
    await next();
    const res = c.res;
    // Built by jsonResponse, which already decided: nothing to compress.
    if (isComplete(res)) return;
    if (c.req.method === 'HEAD' || res.status === 206 || res.status === 204) return;
    // Headers before the body: reading `res.body` turns the node adapter's lightweight response
    // into a web Response with a stream, so an answer that declares a small length never does.
    const type = res.headers.get('Content-Type') ?? '';
    if (!/^application\/(?:[\w.+-]+\+)?json/i.test(type) || res.headers.has('Content-Encoding')) return;
    const declared = Number(res.headers.get('Content-Length') ?? NaN);
    if (declared < JSON_COMPRESS_THRESHOLD) return;
    const encoding = acceptedEncoding(c);
    if (!encoding) {
      // Nothing to pick: no need to read the body; caches still learn the answer varies.
      if (!Number.isNaN(declared) || res.body !== null) res.headers.append('Vary', 'Accept-Encoding');
      return;
    }
    if (!res.body) return;
    const raw = Buffer.from(await res.arrayBuffer());
    // Hono copies the old answer's headers onto a new c.res, so ours are set after assigning.
    if (raw.length < JSON_COMPRESS_THRESHOLD) {
      c.res = new Response(raw, { status: res.status, statusText: res.statusText, headers: res.headers });
      c.res.headers.set('Content-Length', String(raw.length));
      c.res.headers.append('Vary', 'Accept-Encoding');
      return;
    }
    const body =
      encoding === 'br'
        ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzip(raw, { level: 6 });
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(body.length));
    c.res.headers.append('Vary', 'Accept-Encoding');
  };
}

function acceptedEncoding(c: Context): 'br' | 'gzip' | null {
  const accept = (c.req.header('Accept-Encoding') ?? '').toLowerCase();
  return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json/i;

/**
 * A JSON text answer under this middleware (the REST reads), with its Content-Length. When
 * nothing is left to decide after the handler (small, not JSON, or large JSON to a client that
 * takes no compression) it is complete with the shared headers (shared-headers.ts), so neither
 * this middleware nor the shared headers touch it again; large JSON for a client that accepts br
 * or gzip is compressed above.
 */
export function jsonResponse(
  c: Context,
  text: string,
  status: number,
  headers: Record<string, string>,
): Response {
  const length = Buffer.byteLength(text);
  const all: Record<string, string> = { ...headers, 'Content-Length': String(length) };
  const type = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const large = c.req.method !== 'HEAD' && length >= JSON_COMPRESS_THRESHOLD && JSON_TYPE.test(type);
  if (large && status !== 206 && status !== 204) {
    if (acceptedEncoding(c)) return new Response(text, { status, headers: all });
    // Caches still learn that the answer varies.
    all.Vary = 'Accept-Encoding';
  }
  return completeResponse(c, text, status, all);
}

/**
 * `c.json` for this request, with a Content-Length: the length is known once the text exists,
 * and declaring it lets the check above pass small answers without reading them back (which
 * turns the node adapter's lightweight response into a web Response with a stream).
 *
 * It stays on Hono's `c.body`, not `jsonResponse`: handlers set headers with `c.header` before
 * `c.json` or before throwing (Retry-After), and those live inside Hono's context. Wrapping
 * `c.header` per request to notice them made garbage collection promote far more (a full
 * mark-compact about every second under load instead of none), so only the REST reads, which
 * never call `c.header`, take `jsonResponse`.
 */
function declareJsonLength(c: Context): void {
  const json = c.json;
  const withLength = (object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object) as string | undefined;
    if (text === undefined) return (json as (...a: unknown[]) => Response)(object, arg, headers);
    const length = String(Buffer.byteLength(text));
    const body = c.body as (
      data: string,
      arg: unknown,
      headers: Record<string, string | string[]>,
    ) => Response;
    return body(text, arg, {
      'Content-Type': 'application/json',
      ...headers,
      'Content-Length': length,
    });
  };
  c.json = withLength as typeof c.json;
}
