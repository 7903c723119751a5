import { serve } from '@hono/node-server';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createLogger } from './lib/logger';
import { createMember, insertSessions, type TestMember } from './rest/test-members';
import { putObject } from './storage/test-objects';
import { createTestApp, type TestApp } from './test-support';

let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, [{ id: 1, title: 'Hum', skill_level: 'beginner', length_sec: 60 }]);
  member = await createMember(t);
});
afterAll(() => t.close());

const rest = (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('apikey', t.deps.keys.anonKey);
  headers.set('Authorization', `Bearer ${member.token}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return t.fetch(`/rest/v1${path}`, { ...init, headers });
};

describe('hostile /rest/v1 input', () => {
  it('answers a NUL in select with 400 PGRST100', async () => {
    const res = await rest('/sessions?select=%22a%00b%22:id');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST100' });
  });

  it('answers JSON nested 100,000 deep on an insert with a 4xx and writes nothing', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const res = await rest('/reflections', {
      method: 'POST',
      body: `{"session_id":1,"reflection_text":"x","extra":${deep}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST102' });
    expect(await t.deps.sql.get('SELECT count(*) AS n FROM reflections')).toEqual({ n: 0 });
  });

  it('refuses a whitespace-only reflection', async () => {
    const res = await rest('/reflections', {
      method: 'POST',
      body: JSON.stringify({ session_id: 1, reflection_text: ' \n\t ' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '23514' });
    expect(await t.deps.sql.get('SELECT count(*) AS n FROM reflections')).toEqual({ n: 0 });
  });
});

describe('hostile /auth/v1 input', () => {
  it('answers user data nested 7,000 deep with a 4xx naming the problem', async () => {
    const deep = '['.repeat(7000) + ']'.repeat(7000);
    const res = await t.fetch('/auth/v1/user', {
      method: 'PUT',
      headers: {
        apikey: t.deps.keys.anonKey,
        Authorization: `Bearer ${member.token}`,
        'Content-Type': 'application/json',
      },
      body: `{"data":{"x":${deep}}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'bad_json',
      message: expect.stringMatching(/deeper than/),
    });
  });
});

describe('security headers', () => {
  it('names the origins scripts may connect to and forbids framing, base and plugins', async () => {
    const res = await t.fetch('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/connect-src[^;]*https:/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it('adds the configured backend origins (and their websocket twins) to connect-src', async () => {
    const other = await createTestApp({ backendOrigins: ['https://db.example.org'] });
    try {
      const csp = (await other.fetch('/api/health')).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("connect-src 'self' https://db.example.org wss://db.example.org;");
    } finally {
      await other.close();
    }
  });

  it('sends HSTS over https only', async () => {
    expect((await t.fetch('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const https = await t.app.fetch(new Request('https://voice.example.org/api/health'));
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('the audio bucket', () => {
  const upload = (type: string, key: string) =>
    t.fetch(`/storage/v1/object/audio/${key}`, {
      method: 'POST',
      headers: {
        apikey: t.deps.keys.serviceRoleKey,
        Authorization: `Bearer ${t.deps.keys.serviceRoleKey}`,
        'Content-Type': type,
      },
      body: '<script>alert(document.cookie)</script>',
    });

  it('refuses HTML and JavaScript uploads, even from the service role', async () => {
    for (const [type, key] of [
      ['text/html', 'x.html'],
      ['application/javascript', 'x.js'],
      ['image/svg+xml', 'x.svg'],
    ] as const) {
      const res = await upload(type, key);
      expect(await res.json()).toMatchObject({ statusCode: '415', error: 'invalid_mime_type' });
    }
    expect(await t.deps.sql.get("SELECT count(*) AS n FROM storage_objects WHERE name LIKE 'x.%'")).toEqual({
      n: 0,
    });
    expect((await upload('audio/mpeg', 'ok.mp3')).status).toBe(200);
  });

  it('serves an older non-audio object only as a sandboxed attachment', async () => {
    await putObject(t, 'old.html', new TextEncoder().encode('<h1>hi</h1>'), 'text/html');
    const { data } = await member.client.storage.from('audio').createSignedUrl('old.html', 60);
    const res = await t.fetch(
      new URL(data?.signedUrl ?? '').pathname + new URL(data?.signedUrl ?? '').search,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
  });
});

describe('the connection layer', () => {
  it('closes the connection after an early 413, so a pipelined request is not silently lost', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
        socket.setTimeout(5000, () => resolve(text + '\n<timeout>'));
        socket.write(
          'POST /api/session-completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            `Content-Length: ${200 * 1024}\r\n\r\n` +
            '{"a":"' +
            'x'.repeat(1000),
        );
      });
      expect(raw).toMatch(/^HTTP\/1\.1 413/);
      expect(raw).toMatch(/\r\nconnection: close\r\n/i);
      expect(raw).not.toContain('<timeout>');
    } finally {
      server.close();
    }
  });

  it('logs a client that hung up mid-body as an abort, not as an error 500', async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.deps, logger: createLogger('info', (l) => lines.push(l)) });
    const abort = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"sessionId":'));
        setTimeout(() => {
          abort.abort();
          controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        }, 20);
      },
    });
    const res = await app.fetch(
      new Request('http://localhost:8787/api/session-completions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.token}` },
        body,
        duplex: 'half',
        signal: abort.signal,
      } as RequestInit),
    );
    expect(res.status).toBe(499);
    const logged = lines.map((l) => JSON.parse(l) as { level: string; msg: string; status?: number });
    expect(logged.some((l) => l.level === 'error')).toBe(false);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'info', msg: 'request aborted by the client', status: 499 }),
    );
  });
});
