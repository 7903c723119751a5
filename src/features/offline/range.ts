/**
 * HTTP Range for answers built from the cache (RFC 9110 §14). The media element asks for
 * `bytes=N-` when it seeks; a cached download must answer 206 with Content-Range exactly as
 * the storage server does, or the element cannot seek offline.
 */
export type RangeResult =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One byte range of a `size`-byte body. No header, another unit, or several ranges: the whole
 * body (a server may ignore Range). A range starting past the end: unsatisfiable (416).
 */
export function parseRange(header: string | null | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return { kind: 'full' };
  const [, first = '', last = ''] = m;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const n = Number(last);
    if (n === 0) return { kind: 'unsatisfiable' };
    return size === 0
      ? { kind: 'unsatisfiable' }
      : { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'full' };
  return { kind: 'partial', start, end };
}

/** The answer to `rangeHeader` from a whole cached body. */
export function rangeResponse(body: Blob, contentType: string, rangeHeader: string | null): Response {
  const size = body.size;
  const range = parseRange(rangeHeader, size);
  const headers = new Headers({ 'Content-Type': contentType, 'Accept-Ranges': 'bytes' });
  if (range.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range.kind === 'full') {
    headers.set('Content-Length', String(size));
    return new Response(body, { status: 200, headers });
  }
  const slice = body.slice(range.start, range.end + 1, contentType);
  headers.set('Content-Length', String(slice.size));
  headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  return new Response(slice, { status: 206, headers });
}
