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
  if (error instanceof ApiRequestError) return error.status >= 500;
  return error instanceof TypeError; // fetch's "Failed to fetch"
}

/** 1 s, then 2 s (capped at 8 s): a struggling server is not hammered. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 8000);
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
        // Not paused while the browser says "offline": the service worker answers the catalogue
        // from its cache, and anything it cannot answer fails into the screen's error state.
        networkMode: 'always',
      },
      // Never paused while offline either (issue 20): a paused mutation spins with no word and
      // is lost when its dialog closes. Every write queues in the outbox or is refused in words
      // (docs/offline-writes.md), so it must run to say which.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
