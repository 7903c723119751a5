import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * Spec: data queries never refetch on focus or interval, never go stale, never retry;
 * mutations never retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
