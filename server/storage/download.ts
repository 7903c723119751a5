import type { Context } from 'hono';
import type { StorageContext } from './context';
import { invalidJwt, noSuchKey } from './errors';
import { BUFFERED_RANGE_BYTES, readRange, statFile, streamFile } from './files';
import { objectFile } from './object-key';
import { isServableInline } from './mime';
import { parseRange } from './range';
import { verifyObjectUrl } from './signing';
import { completeResponse } from '../lib/shared-headers';

/**
 * GET|HEAD /object/sign/<bucket>/<key>?token=…: no apikey needed, so `<audio src>` works.
 * Answers 200, 206 for a Range, 304 for a matching If-None-Match and 416 past the end.
 */
export async function serveSigned(
  ctx: StorageContext,
  c: Context,
  bucket: string,
  key: string,
): Promise<Response> {
  const token = c.req.query('token');
  if (!token) throw invalidJwt('A token query parameter is required.');
  const exp = await verifyObjectUrl(ctx.signingKey, token, `${bucket}/${key}`, ctx.now());
  const obj = await ctx.repo.find(bucket, key);
  const file = objectFile(ctx.root(bucket), key);
  const stat = obj ? statFile(file) : null;
  if (!obj || !stat) throw noSuchKey();

  // A plain object: completeResponse adds the shared headers without web Headers (shared-headers.ts).
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': obj.mimetype,
    ETag: obj.etag,
    'Last-Modified': stat.mtime.toUTCString(),
    'Cache-Control': obj.cache_control,
    Expires: new Date(exp * 1000).toUTCString(),
  };
  const download = c.req.query('download');
  if (download !== undefined) headers['Content-Disposition'] = disposition(download);
  if (!isServableInline(obj.mimetype)) {
    // An older or service-written object of another type is never rendered in our origin.
    if (download === undefined) headers['Content-Disposition'] = disposition('');
    headers['Content-Security-Policy'] = 'sandbox';
  }
  if (matchesEtag(c.req.header('if-none-match'), obj.etag)) return completeResponse(c, null, 304, headers);

  const ifRange = c.req.header('if-range');
  const rangeHeader = ifRange && ifRange !== obj.etag ? undefined : c.req.header('range');
  const range = parseRange(rangeHeader, stat.size);
  if (range.kind === 'unsatisfiable') {
    headers['Content-Range'] = `bytes */${stat.size}`;
    headers['Content-Length'] = '0';
    return completeResponse(c, null, 416, headers);
  }
  const [start, end, status] =
    range.kind === 'partial' ? [range.start, range.end, 206] : [0, stat.size - 1, 200];
  if (range.kind === 'partial') headers['Content-Range'] = `bytes ${start}-${end}/${stat.size}`;
  headers['Content-Length'] = String(end - start + 1);
  const length = end - start + 1;
  const body =
    c.req.method === 'HEAD' || end < start
      ? null
      : length <= BUFFERED_RANGE_BYTES
        ? await readRange(file, stat, start, end).catch((err: NodeJS.ErrnoException) => {
            // Removed between the stat and the read: the object is gone, as for a missing file.
            if (err.code === 'ENOENT') throw noSuchKey();
            throw err;
          })
        : streamFile(file, start, end);
  return completeResponse(c, body, status, headers);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}

function disposition(name: string): string {
  if (name === '') return 'attachment;';
  const enc = encodeURIComponent(name);
  return `attachment; filename=${enc}; filename*=UTF-8''${enc}`;
}
