import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, getQueryFn } from './api';

/** Retries of a failure that may pass by itself (server error, network): two, backing off. */
export const MAX_RETRIES = 2;

/**
 * A query is retried only when the failure may be temporary: a 5xx answer or a failed
 * network request. Never a 4xx: a 401 goes to the session guard (one refresh, then sign-in)
 * and a 403 or 404 will not change by asking again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  // The browser knows it has no network: asking again now cannot help, and the screen should
  // show its saved data or say it needs a connection at once (a reconnect refetches).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  if (error instanceof ApiRequestError) return error.status >= 500;
  return error instanceof TypeError; // fetch's "Failed to fetch"
}

/**
 * 1 s, then 2 s (capped at 8 s): a struggling server is not hammered. A 503 whose Retry-After
 * says longer (the database restarting) is waited out, up to 10 s, rather than retried early.
 */
export function retryDelay(attempt: number, error?: unknown): number {
  const backoff = Math.min(1000 * 2 ** attempt, 8000);
  const seconds = error instanceof ApiRequestError ? Number(error.retryAfter ?? NaN) : NaN;
  return Number.isFinite(seconds) && seconds > 0
    ? Math.max(backoff, Math.min(seconds * 1000, 10_000))
    : backoff;
}

/**
 * Spec: data queries never refetch on focus or interval and never go stale; mutations never
 * retry. Issue 8 narrows "never retry" to what cannot help: see shouldRetry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: shouldRetry,
        retryDelay,
        // Not paused while the browser says "offline": a read fails at once instead, so a screen
        // shows the member's saved answers (src/features/offline/saved-data/) or says it needs a
        // connection, and no screen waits on a paused query that nothing will resume.
        networkMode: 'always',
      },
      mutations: { retry: false },
    },
  });
}
