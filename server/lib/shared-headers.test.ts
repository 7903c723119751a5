import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { createMember, insertSessions, type TestMember } from '../rest/test-members';
import { HUNDRED_BYTES, putObject } from '../storage/test-objects';
import { securityHeaderBlock } from './shared-headers';

// Answers built with the shared headers merged in (REST reads, /api JSON, signed audio) and
// answers that get them set after the handler (pages, auth, errors of other areas) must carry
// exactly the same shared headers: a browser cannot tell which path built an answer.

let t: TestApp;
let member: TestMember;
let audioUrl: string;
const ORIGIN = 'https://elsewhere.example';

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
  // Long enough that the whole list is over the JSON compression threshold (8 KB).
  await insertSessions(
    t,
    Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      title: `Session ${i}`,
      description: 'd'.repeat(300),
    })),
  );
  await putObject(t, 's1/voice.mp3', HUNDRED_BYTES);
  const { data } = await member.client.storage.from('audio').createSignedUrl('s1/voice.mp3', 600);
  audioUrl = data!.signedUrl;
});
afterAll(() => t.close());

const anon = () => ({ apikey: t.deps.keys.anonKey, authorization: `Bearer ${t.deps.keys.anonKey}` });

function expectShared(res: Response, requestId: string): void {
  for (const [name, value] of Object.entries(securityHeaderBlock([])))
    expect(res.headers.get(name), `${name} on ${res.url}`).toBe(value);
  expect(res.headers.get('x-request-id')).toBe(requestId);
  expect(res.headers.get('x-powered-by')).toBeNull();
  expect(res.headers.get('strict-transport-security')).toBeNull();
}

function expectCors(res: Response): void {
  expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
  const vary = (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
  expect(vary.filter((v) => v === 'origin')).toHaveLength(1);
}

describe('the headers every answer shares', () => {
  it('are the same on every path, whichever way the answer was built', async () => {
    const cases: [string, RequestInit, boolean][] = [
      ['/', {}, false], // a page: set after the handler
      ['/api/config', {}, false], // /api JSON: merged into the answer
      ['/api/no-such-thing', {}, false], // an /api error
      ['/rest/v1/sessions?select=id,title&limit=2', { headers: anon() }, true], // a REST read
      ['/rest/v1/no_such_table', { headers: anon() }, true], // a REST error
      ['/auth/v1/settings', { headers: anon() }, true], // auth: set after the handler
      [audioUrl, { headers: { Range: 'bytes=0-9' } }, true], // signed audio
    ];
    for (const [path, init, service] of cases) {
      const id = `req-${Math.random().toString(36).slice(2)}`;
      const headers = { ...(init.headers as Record<string, string>), 'X-Request-Id': id, Origin: ORIGIN };
      const res = await t.fetch(path, { ...init, headers });
      expectShared(res, id);
      if (service) expectCors(res);
      else expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('give each request its own id when none is sent', async () => {
    const [a, b] = await Promise.all([t.fetch('/api/config'), t.fetch('/api/config')]);
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('vary on Origin and Accept-Encoding, each once, for a large JSON answer', async () => {
    const plain = await t.fetch('/rest/v1/sessions?select=*', { headers: { ...anon(), Origin: ORIGIN } });
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(8 * 1024);
    expect(plain.headers.get('vary')).toBe('Accept-Encoding, Origin');
    expect(await plain.json()).toHaveLength(40);
    const br = await t.fetch('/rest/v1/sessions?select=*', {
      headers: { ...anon(), Origin: ORIGIN, 'Accept-Encoding': 'br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expectCors(br);
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
  });

  it('let a handler keep a stricter policy of its own, and keep its own headers', async () => {
    await putObject(t, 'notes/page.html', new TextEncoder().encode('<script>alert(1)</script>'), 'text/html');
    const { data } = await member.client.storage.from('audio').createSignedUrl('notes/page.html', 600);
    const res = await t.fetch(data!.signedUrl);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('content-disposition')).toBe('attachment;');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('add HSTS only when the request came over https', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      for (const path of ['/', '/api/config', '/rest/v1/sessions?select=id']) {
        const res = await proxied.fetch(path, { headers: { ...anon(), 'X-Forwarded-Proto': 'https' } });
        expect(res.headers.get('strict-transport-security'), path).toBe(
          'max-age=15552000; includeSubDomains',
        );
        const plain = await proxied.fetch(path, { headers: anon() });
        expect(plain.headers.get('strict-transport-security'), path).toBeNull();
      }
    } finally {
      await proxied.close();
    }
  });
});
