import { describe, expect, it } from 'vitest';
import { parseRange, rangeResponse } from './range';

describe('parseRange', () => {
  it('no header, another unit or several ranges: the whole body', () => {
    expect(parseRange(null, 100)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-5', 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-5,10-20', 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=-', 100)).toEqual({ kind: 'full' });
  });
  it('open-ended, closed and suffix ranges', () => {
    expect(parseRange('bytes=0-', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ kind: 'partial', start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('Bytes = 0 - 1', 100)).toEqual({ kind: 'partial', start: 0, end: 1 });
  });
  it('a start past the end or an empty suffix cannot be satisfied', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
  it('an end before the start is ignored as invalid (whole body)', () => {
    expect(parseRange('bytes=20-10', 100)).toEqual({ kind: 'full' });
  });
});

describe('rangeResponse', () => {
  const body = new Blob([new Uint8Array(Array.from({ length: 100 }, (_, i) => i))], { type: 'audio/mpeg' });

  it('answers a seek with 206, Content-Range and exactly those bytes', async () => {
    const res = rangeResponse(body, 'audio/mpeg', 'bytes=40-49');
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe('bytes 40-49/100');
    expect(res.headers.get('Content-Length')).toBe('10');
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect(res.headers.get('Content-Type')).toBe('audio/mpeg');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
  });
  it('answers the media element probe bytes=0- with the whole body as 206', async () => {
    const res = rangeResponse(body, 'audio/mpeg', 'bytes=0-');
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe('bytes 0-99/100');
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });
  it('without Range: 200 with the length', async () => {
    const res = rangeResponse(body, 'audio/mpeg', null);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Length')).toBe('100');
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });
  it('past the end: 416 with the size', () => {
    const res = rangeResponse(body, 'audio/mpeg', 'bytes=200-');
    expect(res.status).toBe(416);
    expect(res.headers.get('Content-Range')).toBe('bytes */100');
  });
});
