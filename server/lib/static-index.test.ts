import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { serveClient } from './static-files';

describe('index.html with the runtime config', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-index-'));
  const page = '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>';
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'index.html.gz'), 'stale precompressed copy');
  const meta = '<meta name="tuneful-config" content="{&#34;anonKey&#34;:&#34;k&#34;}">';
  const app = new Hono();
  app.get('*', async (c) => (await serveClient(dir, () => meta)(c)) ?? c.notFound());

  it('adds the config to the head for direct and history-fallback requests', async () => {
    for (const url of ['/', '/index.html', '/tuning-room']) {
      const res = await app.request(url);
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(html).toBe(page.replace('</head>', `${meta}</head>`));
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    }
  });

  it('compresses the page with the additions, never sending the stale precompressed copy', async () => {
    for (const [accept, decode] of [
      ['gzip', zlib.gunzipSync],
      ['br, gzip', zlib.brotliDecompressSync],
    ] as const) {
      const res = await app.request('/tuning-room', { headers: { 'Accept-Encoding': accept } });
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-encoding')).toBe(accept.split(',')[0]);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
      expect(decode(body).toString()).toBe(page.replace('</head>', `${meta}</head>`));
    }
  });

  it('revalidates with an ETag that covers the config', async () => {
    const first = await app.request('/');
    const etag = first.headers.get('etag')!;
    expect((await app.request('/', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const other = new Hono();
    other.get('*', async (c) => (await serveClient(dir, () => meta.replace('k', 'x'))(c)) ?? c.notFound());
    expect((await other.request('/')).headers.get('etag')).not.toBe(etag);
  });

  it('serves a rebuilt file, not the copy kept in memory', async () => {
    const file = path.join(dir, 'app.js');
    fs.writeFileSync(file, 'one');
    expect(await (await app.request('/app.js')).text()).toBe('one');
    fs.writeFileSync(file, 'two!');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await (await app.request('/app.js')).text()).toBe('two!');
  });
});
