import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Context } from 'hono';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

/** Vite writes content-hashed files under assets/: their URL changes whenever they do. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What the server adds to index.html for a path. */
export interface PageExtras {
  /** Before `</head>`. */
  head: string;
  /** In place of `<div id="root"></div>`. */
  root?: string | undefined;
  /**
   * Stylesheets sent inline: each one's `<link rel="stylesheet">` is removed, and all of them
   * go where the first such link was (else before `</head>`), in this order.
   */
  styles?: readonly { file: string; css: string }[] | undefined;
}

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and the
 * history fallback to index.html for any other GET so deep links like /discover work.
 */
export function serveClient(
  clientDir: string,
  extrasFor: (urlPath: string) => string | PageExtras = () => '',
) {
  const root = path.resolve(clientDir);
  const index = path.join(root, 'index.html');
  const extras = (urlPath: string): PageExtras => {
    const e = extrasFor(urlPath);
    return typeof e === 'string' ? { head: e } : e;
  };
  return async (c: Context) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const file = resolveFile(root, c.req.path);
    if (file === index) return sendIndex(c, index, extras(c.req.path));
    if (file) return sendFile(c, file, isHashedAsset(root, file) ? IMMUTABLE : 'no-cache');
    if (!fs.existsSync(index)) {
      return c.html(
        '<!doctype html><title>Not built</title><p>The app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>',
        503,
      );
    }
    return sendIndex(c, index, extras(c.req.path));
  };
}

interface BuiltPage {
  size: number;
  mtimeMs: number;
  etag: string;
  lastModified: string;
  plain: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * index.html with the path's extras (the runtime config, the route's preloads, its static first
 * paint), so the app boots without waiting for a request first. Built once per distinct extras
 * and index.html version (a handful: the extras differ by landing route only), with its brotli
 * and gzip copies: a first paint's page is 5-10 KB, and compressing it per request would cost
 * more than it saves. The build's own precompressed index.html lacks the extras. Its validator
 * covers them too.
 */
function sendIndex(c: Context, file: string, extras: PageExtras): Response {
  if (!extras.head && !extras.root) return sendFile(c, file, 'no-cache');
  const stat = fs.statSync(file);
  const page = builtPage(file, stat, extras);
  const encoding = pickEncoding(c.req.header('accept-encoding'), () => true);
  const etag = page.etag.replace(/"$/, encoding ? `-${encoding}"` : '"');
  const headers = new Headers({
    'Content-Type': types['.html']!,
    'Cache-Control': 'no-cache',
    ETag: etag,
    'Last-Modified': page.lastModified,
    Vary: 'Accept-Encoding',
  });
  if (encoding) headers.set('Content-Encoding', encoding);
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const body = encoding ? page[encoding] : page.plain;
  headers.set('Content-Length', String(body.byteLength));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(body, { status: 200, headers });
}

const builtPages = new Map<string, BuiltPage>();

function builtPage(file: string, stat: fs.Stats, extras: PageExtras): BuiltPage {
  const inline = extras.styles ?? [];
  const key = `${file}\0${extras.head}\0${extras.root ?? ''}\0${inline.map((x) => x.file).join(',')}`;
  const hit = builtPages.get(key);
  if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) return hit;
  const source = Buffer.from(cachedBytes(file, stat) ?? fs.readFileSync(file)).toString('utf8');
  let html = source;
  if (inline.length > 0) {
    const marker = '\u0000styles\u0000';
    for (const { file: css } of inline) {
      const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${css.replace(/[.]/g, '\\.')}"[^>]*>`);
      html = html.replace(link, html.includes(marker) ? '' : marker);
    }
    const tags = inline.map((x) => `<style>${x.css}</style>`).join('');
    html = html.includes(marker)
      ? html.replace(marker, () => tags)
      : html.replace('</head>', () => `${tags}</head>`);
  }
  html = html.replace('</head>', () => `${extras.head}</head>`);
  if (extras.root) html = html.replace('<div id="root"></div>', () => extras.root!);
  const plain = new Uint8Array(Buffer.from(html));
  const tag = crypto.createHash('sha1').update(key).digest('hex').slice(0, 8);
  const page: BuiltPage = {
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${tag}"`,
    lastModified: stat.mtime.toUTCString(),
    plain,
    br: new Uint8Array(
      zlib.brotliCompressSync(plain, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.byteLength,
        },
      }),
    ),
    gzip: new Uint8Array(zlib.gzipSync(plain, { level: 9 })),
  };
  // Distinct extras are few (one per landing route); the bound only guards against a bug.
  if (builtPages.size >= 64) builtPages.clear();
  builtPages.set(key, page);
  return page;
}

function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, '.' + decoded);
  // Never serve anything outside the client folder, whatever ../ or encoded tricks the path holds.
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

function isHashedAsset(root: string, file: string): boolean {
  return file.startsWith(path.join(root, 'assets') + path.sep);
}

/**
 * The precompressed copy (file.br / file.gz, written by the build) the client accepts, brotli
 * first. q=0 refuses an encoding; anything else listed (or `*`) accepts it.
 */
export function pickEncoding(acceptEncoding: string | undefined, available: (enc: 'br' | 'gzip') => boolean) {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  for (const enc of ['br', 'gzip'] as const) {
    const q = accepted.get(enc) ?? accepted.get('*') ?? 0;
    if (q > 0 && available(enc)) return enc;
  }
  return null;
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

function sendFile(c: Context, file: string, cacheControl: string): Response {
  const stat = fs.statSync(file);
  const encoding = pickEncoding(c.req.header('accept-encoding'), (enc) => fs.existsSync(file + SUFFIX[enc]));
  const sent = encoding ? file + SUFFIX[encoding] : file;
  const sentStat = encoding ? fs.statSync(sent) : stat;
  // Each representation has its own validator, so a cache never mixes encoded and plain bytes.
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  const headers = new Headers({
    'Content-Type': types[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
  });
  // Whether or not this answer is encoded, another Accept-Encoding could get other bytes.
  if (encoding || fs.existsSync(file + '.gz') || fs.existsSync(file + '.br'))
    headers.set('Vary', 'Accept-Encoding');
  if (encoding) headers.set('Content-Encoding', encoding);
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(sentStat.size));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const cached = cachedBytes(sent, sentStat);
  const body = cached ?? (Readable.toWeb(fs.createReadStream(sent)) as ReadableStream);
  return new Response(body, { status: 200, headers });
}

/**
 * The app's files (a few hundred KB in all) are kept in memory once read, so a first visit's
 * five or six parallel requests are each one write instead of an open, reads, a web stream and
 * a close: under load that was where the first screen's files waited. An entry is used only
 * while the file's size and modification time are those it was read with (a rebuild replaces
 * it); files above the bound are streamed.
 */
const CACHE_FILE_BYTES = 1024 * 1024;
const CACHE_TOTAL_BYTES = 32 * 1024 * 1024;
const fileCache = new Map<string, { size: number; mtimeMs: number; bytes: Uint8Array<ArrayBuffer> }>();
let cachedTotal = 0;

function cachedBytes(file: string, stat: fs.Stats): Uint8Array<ArrayBuffer> | null {
  if (stat.size > CACHE_FILE_BYTES) return null;
  const hit = fileCache.get(file);
  if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) return hit.bytes;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(fs.readFileSync(file));
  } catch {
    return null;
  }
  // Written between the stat and the read: serve what was read, keep nothing.
  if (bytes.byteLength !== stat.size) return null;
  if (hit) cachedTotal -= hit.size;
  while (cachedTotal + bytes.byteLength > CACHE_TOTAL_BYTES && fileCache.size > 0) {
    const [oldest, entry] = fileCache.entries().next().value!;
    fileCache.delete(oldest);
    cachedTotal -= entry.size;
  }
  fileCache.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, bytes });
  cachedTotal += bytes.byteLength;
  return bytes;
}
