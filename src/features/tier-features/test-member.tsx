import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { getQueryFn } from '../../lib/api';
import { useAuthStore } from '../auth/auth-store';

/**
 * For screen tests of tier features: a signed-in member with `tokens` tone tokens on the
 * dashboard (what FeatureGate reads), and `answers` for the other API paths; every GET goes
 * through a stubbed fetch, keyed by the start of the path.
 */
export function renderAsMember(
  ui: ReactElement,
  { tokens, answers = {} }: { tokens: number; answers?: Record<string, unknown> },
) {
  useAuthStore.setState({
    user: { id: 'member-1' } as never,
    session: { access_token: 'token' } as never,
    loading: false,
  });
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const body = url.pathname.endsWith('/dashboard')
      ? {
          streaks: { current: 0, longest: 0 },
          user: { totalSessions: 0, currentStreak: 0, toneTokens: tokens },
          totals: {},
        }
      : Object.entries(answers).find(([path]) => url.pathname.startsWith(path))?.[1];
    if (body instanceof Response) return body;
    if (body === undefined) return new Response('{"error":"not_found","message":"no"}', { status: 404 });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  // The app's default reader, which GETs the key's path (src/lib/query-client.ts).
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, fetch, client };
}
