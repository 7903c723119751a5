import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, setAccessTokenSource } from '../api';
import {
  getOutbox,
  isOfflineFailure,
  newIdempotencyKey,
  refreshPendingCount,
  sendOrQueue,
  userIdOfToken,
} from './offline-writes';
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
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
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
