import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, setAccessTokenSource } from '../api';
import {
  getOutbox,
  isOfflineFailure,
  newIdempotencyKey,
  refreshPendingCount,
  sendOrQueue,
  upsertOrQueue,
  userIdOfToken,
} from './offline-writes';
import { configureSupabase } from '../supabase';
import { pendingWrites } from './pending-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenFor = (sub: string) => `${b64url({ alg: 'HS256' })}.${b64url({ sub, role: 'authenticated' })}.sig`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('helpers', () => {
  it('reads the member id from a token and makes v4 keys', () => {
    expect(userIdOfToken(tokenFor('user-1'))).toBe('user-1');
    expect(userIdOfToken(null)).toBeNull();
    expect(userIdOfToken('not.a-token.x')).toBeNull();
    expect(newIdempotencyKey()).toMatch(UUID);
    const real = globalThis.crypto;
    // An insecure origin (http://192.168.x.x) has getRandomValues but no randomUUID.
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    expect(newIdempotencyKey()).toMatch(UUID);
  });

  it('counts a failed fetch as offline, an answer from the server not', () => {
    expect(isOfflineFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOfflineFailure(new ApiRequestError(503, 'Service Unavailable'))).toBe(false);
    expect(isOfflineFailure(new ApiRequestError(400, 'bad'))).toBe(false);
    expect(isOfflineFailure(new Error('boom'))).toBe(false);
  });
});

describe('sendOrQueue', () => {
  it('sends with an Idempotency-Key and occurredAt when online', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('ana')));
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response('{"tokensAwarded":20}', { status: 201 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await sendOrQueue(
      'completion',
      '/api/session-completions',
      { sessionId: 1 },
      { stamp: true },
    );
    expect(result.queued).toBe(false);
    const init = fetchMock.mock.calls[0]![1];
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(UUID);
    const body = JSON.parse(String(init.body)) as { sessionId: number; occurredAt: string };
    expect(body.sessionId).toBe(1);
    expect(Math.abs(Date.parse(body.occurredAt) - Date.now())).toBeLessThan(5_000);
  });

  it('queues the write when the network is down, and the flush sends the same key and body once', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('ben')));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const result = await sendOrQueue('echo', '/api/sessions/3/echo', {});
    expect(result).toEqual({ queued: true });
    await refreshPendingCount();
    expect(pendingWrites.get()).toBe(1);
    const [item] = await getOutbox().pending('ben');
    expect(item).toMatchObject({ userId: 'ben', url: '/api/sessions/3/echo', kind: 'echo', body: {} });

    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response('{}', { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await getOutbox().flush()).toMatchObject({ sent: 1, waiting: 0 });
    expect(await getOutbox().flush()).toMatchObject({ sent: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Idempotency-Key')).toBe(item!.key);
    await refreshPendingCount();
    expect(pendingWrites.get()).toBe(0);
  });

  it('queues a write the server answers 503 (its database restarting) and waits out its Retry-After', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('bo')));
    const unavailable = () =>
      Promise.resolve(
        new Response(
          '{"error":"unavailable","message":"The database is unavailable for a moment; try again in a few seconds."}',
          { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } },
        ),
      );
    vi.stubGlobal('fetch', unavailable);
    expect(await sendOrQueue('echo', '/api/sessions/3/echo', {})).toEqual({ queued: true });
    const [item] = await getOutbox().pending('bo');
    expect(item).toMatchObject({ url: '/api/sessions/3/echo', kind: 'echo' });

    // Still unavailable at the next flush: kept, worded as the server's state, not the member's input.
    const before = Date.now();
    expect(await getOutbox().flush()).toMatchObject({ sent: 0, refused: [], waiting: 1 });
    const [kept] = await getOutbox().pending('bo');
    expect(kept).toMatchObject({
      key: item!.key,
      attempts: 1,
      lastError: 'Tuneful is temporarily unavailable; it will try again',
    });
    expect(kept!.notBefore).toBeGreaterThanOrEqual(before + 30_000);

    // Back: the same key and body go once.
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response('{}', { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const outbox = getOutbox();
    await outbox.sendNow(item!.key);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Idempotency-Key')).toBe(item!.key);
    expect(await outbox.pending('bo')).toEqual([]);
  });

  it('does not queue a bare 503 without Retry-After: the screen shows its error (a save failure)', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('bea')));
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"message":"down"}', { status: 503 })));
    await expect(sendOrQueue('echo', '/api/sessions/3/echo', {})).rejects.toThrow(/503/);
    expect(await getOutbox().pending('bea')).toEqual([]);
  });

  it('queues a DELETE (leaving a program) with its method, and replays it with that method', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('dee')));
    vi.stubGlobal('navigator', { onLine: false });
    const url = '/api/specialized-programs/2/enroll';
    expect(await sendOrQueue('unenrolment', url, {}, { method: 'DELETE' })).toEqual({ queued: true });
    const [item] = await getOutbox().pending('dee');
    expect(item).toMatchObject({ method: 'DELETE', url, kind: 'unenrolment' });

    vi.stubGlobal('navigator', { onLine: true });
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await getOutbox().flush()).toMatchObject({ sent: 1, waiting: 0 });
    expect(fetchMock.mock.calls[0]![0]).toBe(url);
    expect(fetchMock.mock.calls[0]![1].method).toBe('DELETE');
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('Idempotency-Key')).toBe(item!.key);
  });

  it('does not queue a refusal: a 4xx is thrown as before', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('cy')));
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"message":"no"}', { status: 400 })));
    await expect(sendOrQueue('echo', '/api/sessions/3/echo', {})).rejects.toThrow(/400/);
    expect(await getOutbox().pending('cy')).toEqual([]);
  });

  it('does not queue for a visitor who is not signed in', async () => {
    setAccessTokenSource(() => Promise.resolve(null));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sendOrQueue('echo', '/api/sessions/3/echo', {})).rejects.toThrow(TypeError);
  });
});

describe('upsertOrQueue (a row through /rest/v1, the private reflection)', () => {
  const target = { table: 'reflections', onConflict: 'user_id,client_key' };
  const calls: { url: string; init: RequestInit }[] = [];
  const answerWith = (respond: () => Promise<Response>) => {
    calls.length = 0;
    // supabase-js refuses to start on Node 20 without a WebSocket (realtime); none is used here.
    vi.stubGlobal('WebSocket', class {});
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url: String(url), init });
      return respond();
    });
  };
  const row = (user: string) => ({
    user_id: user,
    session_id: 4,
    reflection_text: 'Softer now.',
    client_key: newIdempotencyKey(),
  });
  configureSupabase({ url: 'http://tuneful.test', anonKey: 'anon-key', external: false });

  it('upserts with ignore-duplicates on the unique key when online', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('dee')));
    answerWith(() => Promise.resolve(new Response(null, { status: 201 })));
    const r = row('dee');
    expect(await upsertOrQueue('private-reflection', target, r)).toEqual({ queued: false });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/rest/v1/reflections');
    expect(url.searchParams.get('on_conflict')).toBe('user_id,client_key');
    expect(new Headers(calls[0]!.init.headers).get('Prefer')).toContain('resolution=ignore-duplicates');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(r);
    expect(await getOutbox().pending('dee')).toEqual([]);
  });

  it('queues it when the server is not reached; the replay sends the same key, and a duplicate (200) is done', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('eve')));
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const r = row('eve');
    expect(await upsertOrQueue('private-reflection', target, r)).toEqual({ queued: true });
    const [item] = await getOutbox().pending('eve');
    expect(item).toMatchObject({ key: r.client_key, kind: 'private-reflection', rest: target, body: r });

    // The first try did reach the server (its answer was lost): the replay is a duplicate.
    answerWith(() => Promise.resolve(new Response(null, { status: 200 })));
    expect(await getOutbox().flush()).toMatchObject({ sent: 1, waiting: 0 });
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ client_key: r.client_key });
    expect(await getOutbox().pending('eve')).toEqual([]);
  });

  it('queues a row the server answers 503 (PGRST001, its database restarting) instead of failing', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('gil')));
    answerWith(() =>
      Promise.resolve(
        new Response('{"code":"PGRST001","details":null,"hint":null,"message":"unavailable"}', {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '3' },
        }),
      ),
    );
    const r = row('gil');
    expect(await upsertOrQueue('private-reflection', target, r)).toEqual({ queued: true });
    expect(await getOutbox().pending('gil')).toMatchObject([{ key: r.client_key, body: r }]);
  });

  it('keeps it with the reason on a 503, and throws a refusal without queueing', async () => {
    setAccessTokenSource(() => Promise.resolve(tokenFor('fay')));
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await upsertOrQueue('private-reflection', target, row('fay'));
    answerWith(() => Promise.resolve(new Response('{"message":"down"}', { status: 503 })));
    await getOutbox().flush();
    expect(await getOutbox().pending('fay')).toMatchObject([
      { attempts: 1, lastError: 'Tuneful is temporarily unavailable; it will try again' },
    ]);

    answerWith(() =>
      Promise.resolve(
        new Response(
          '{"code":"23514","message":"new row violates check constraint","details":null,"hint":null}',
          {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
      ),
    );
    await expect(upsertOrQueue('private-reflection', target, row('fay'))).rejects.toThrow(/check constraint/);
    expect(await getOutbox().pending('fay')).toHaveLength(1);
  });
});
