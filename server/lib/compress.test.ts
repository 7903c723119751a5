import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressJson } from './compress-json';
import { pickEncoding, serveClient } from './static-files';

describe('precompressed static files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const js = 'console.log("tuneful");\n'.repeat(200);
  fs.writeFileSync(path.join(dir, 'assets/app.js'), js);
  fs.writeFileSync(path.join(dir, 'assets/app.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets/app.js.gz'), zlib.gzipSync(js));
  const app = new Hono();
  app.get('*', async (c) => (await serveClient(dir)(c)) ?? c.notFound());

  it('sends brotli when accepted, with Vary and the compressed length', async () => {
    const res = await app.request('/assets/app.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(js);
  });

  it('falls back to gzip, then to the plain file, still varying on Accept-Encoding', async () => {
    const gz = await app.request('/assets/app.js', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
    const plain = await app.request('/assets/app.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(js);
    expect(plain.headers.get('etag')).not.toBe(gz.headers.get('etag'));
  });

  it('reads Accept-Encoding weights', () => {
    const all = () => true;
    expect(pickEncoding('br;q=0, gzip;q=0.5', all)).toBe('gzip');
    expect(pickEncoding('*', all)).toBe('br');
    expect(pickEncoding('identity', all)).toBeNull();
    expect(pickEncoding('br', (e) => e === 'gzip')).toBeNull();
  });
});

describe('large JSON answers', () => {
  const app = new Hono();
  app.use('*', compressJson());
  app.get('/big', (c) => c.json(Array.from({ length: 500 }, (_, i) => ({ id: i, title: `Session ${i}` }))));
  app.get('/small', (c) => c.json({ ok: true }));

  it('are compressed with brotli or gzip; small ones are not', async () => {
    const br = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const rows = JSON.parse(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString());
    expect(rows).toHaveLength(500);
    const gz = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    expect(small.headers.get('content-type')).toMatch(/^application\/json/);
    expect(gz.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
