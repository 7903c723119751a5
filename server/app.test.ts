import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from './app-env';
import { handleError } from './lib/errors';
import { jsonBody } from './lib/http';
import { createLogger } from './lib/logger';
import { createTestApp, type TestApp } from './test-support';

let t: TestApp;
beforeEach(async () => {
  const clientDir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Tuneful</title>');
  fs.writeFileSync(path.join(clientDir, 'assets/app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ clientDir });
});
afterEach(() => t.close());

describe('system routes', () => {
  it('reports health with the database status and schema version', async () => {
    const res = await t.fetch('/api/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; db: { ok: boolean; schemaVersion: number } };
    expect(body.status).toBe('ok');
    expect(body.db.ok).toBe(true);
    expect(body.db.schemaVersion).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 when the database is unusable', async () => {
    // Every statement fails, as with a lost connection or a closed file (either database).
    const real = t.deps.sql;
    const gone = () => Promise.reject(new Error('the database is unreachable'));
    t.deps.sql = {
      dialect: real.dialect,
      query: gone,
      all: gone,
      get: gone,
      run: gone,
      exec: gone,
      transaction: gone,
      close: gone,
    };
    try {
      const res = await t.fetch('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'degraded', db: { ok: false, state: 'unavailable' } });
    } finally {
      t.deps.sql = real;
    }
  });

  it('serves the runtime config with the public anon key', async () => {
    const res = await t.fetch('/api/config');
    expect(await res.json()).toEqual({ anonKey: t.deps.keys.anonKey, demoMode: true, backendOrigins: [] });
  });

  it('answers unknown API paths with a JSON 404 naming the path', async () => {
    const res = await t.fetch('/api/nope', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No route POST /api/nope.' });
  });

  it('refuses API bodies over 64 KB with a 413 JSON error', async () => {
    const res = await t.fetch('/api/nope', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(70_000) },
      body: 'x'.repeat(70_000),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
  });
});

describe('serving the SPA', () => {
  it('serves index.html for deep links, revalidated on every visit', async () => {
    const res = await t.fetch('/discover');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Tuneful</title>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.fetch('/assets/app-abc123.js');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toContain('text/javascript');
  });

  it('answers 304 when the browser already has the file', async () => {
    const first = await t.fetch('/favicon.svg');
    const etag = first.headers.get('etag')!;
    const again = await t.fetch('/favicon.svg', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('never serves files outside the client folder', async () => {
    const res = await t.fetch('/..%2f..%2fetc%2fpasswd');
    expect(await res.text()).toContain('<title>Tuneful</title>');
  });

  it('sends security headers with every page', async () => {
    const res = await t.fetch('/');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the error handler', () => {
  const app = new Hono<AppEnv>();
  app.post('/echo', async (c) => c.json(await jsonBody(c, z.object({ name: z.string().min(1) }))));
  app.get('/boom', () => {
    throw new Error('secret internals at /srv/db.ts:12');
  });
  const lines: string[] = [];
  app.onError(handleError(createLogger('error', (l) => lines.push(l))));

  it('turns malformed JSON into a 400 that says so', async () => {
    const res = await app.request('/echo', { method: 'POST', body: '{"name": ' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_json',
      message: 'The request body is not valid JSON.',
    });
  });

  it('names the invalid field of a well-formed body', async () => {
    const res = await app.request('/echo', { method: 'POST', body: '{"name": ""}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'validation_failed',
      fields: { name: expect.any(String) },
    });
  });

  it('answers an unexpected failure with a plain 500 and logs the stack', async () => {
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret internals');
    expect(text).not.toContain('db.ts');
    expect(lines.join('\n')).toContain('secret internals');
  });
});
