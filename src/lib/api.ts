import type { QueryFunction } from '@tanstack/react-query';
import { reportUnauthorized } from './unauthorized';

/**
 * The app API wrapper (spec: core section 7): bearer token when signed in, JSON body when a
 * payload is given, credentials always included, and any non-OK answer thrown as
 * `status: body text`.
 */
let tokenSource: () => Promise<string | null> = async () => null;

export function setAccessTokenSource(source: () => Promise<string | null>): void {
  tokenSource = source;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    /** The Retry-After header of a 429 or 503, as sent (seconds), when there was one. */
    readonly retryAfter: string | null = null,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiRequestError';
  }

  /** The server's readable message when the body is our JSON error shape. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: fall through to the raw text
    }
    return this.bodyText || `Request failed (${this.status}).`;
  }

  /** The server's error code (`error` of our JSON error shape), or null. */
  get serverCode(): string | null {
    try {
      const parsed = JSON.parse(this.bodyText) as { error?: unknown };
      return typeof parsed.error === 'string' ? parsed.error : null;
    } catch {
      return null;
    }
  }
}

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const token = await tokenSource();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  if (res.status === 401) reportUnauthorized(token);
  if (!res.ok)
    throw new ApiRequestError(
      res.status,
      (await res.text()) || res.statusText,
      res.headers.get('Retry-After'),
    );
  return res;
}

/** The signed-in member's access token, or null (the outbox tags queued writes with its member). */
export function currentAccessToken(): Promise<string | null> {
  return tokenSource();
}

export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (res.status === 204 ? null : await res.json()) as T;
}

/**
 * The default reader: GET the first element of the query key and parse JSON. With
 * `on401: 'returnNull'` a signed-out caller gets null instead of an error.
 */
export function getQueryFn<T>({ on401 }: { on401: 'throw' | 'returnNull' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiJson<T>('GET', String(queryKey[0]));
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiRequestError && err.status === 401) return null;
      throw err;
    }
  };
}
