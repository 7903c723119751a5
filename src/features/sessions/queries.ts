import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store';
import { pickRandomSession } from './random';
import type { Session } from './session';
import {
  fetchAllSessions,
  fetchDiscoverSessions,
  fetchLatestSessions,
  fetchSessionById,
  fetchSessionPool,
} from './session-api';

export const sessionKeys = {
  latest: ['sessions', 'latest'] as const,
  pool: ['sessions', 'pool'] as const,
  all: ['sessions', 'all'] as const,
  discover: ['sessions', 'discover'] as const,
  recommendation: ['sessions', 'recommendation'] as const,
  byId: (id: number) => ['sessions', 'by-id', id] as const,
};

/** Spec core §6: home's reads are skipped without an active session. */
const useSignedIn = () => useAuthStore((s) => s.session !== null);

export function useLatestSessions() {
  const signedIn = useSignedIn();
  return useQuery({ queryKey: sessionKeys.latest, queryFn: () => fetchLatestSessions(), enabled: signedIn });
}

/** One random pick per visit of the app: the query never goes stale, so the card does not flicker. */
export function useRecommendation() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: sessionKeys.recommendation,
    queryFn: async () => pickRandomSession(await fetchSessionPool()),
    enabled: signedIn,
  });
}

export function useAllSessions() {
  return useQuery({ queryKey: sessionKeys.all, queryFn: fetchAllSessions });
}

export function useDiscoverSessions() {
  return useQuery({ queryKey: sessionKeys.discover, queryFn: fetchDiscoverSessions });
}

export function useSessionById(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: sessionKeys.byId(id ?? 0),
    queryFn: () => fetchSessionById(id ?? 0),
    enabled: id !== null && Number.isSafeInteger(id),
    // A session a list already holds opens at once, offline too (the lists are saved per member).
    initialData: () => (id === null ? undefined : findListedSession(client, id)?.session),
    initialDataUpdatedAt: () => (id === null ? undefined : findListedSession(client, id)?.updatedAt),
  });
}

/** The row of session `id` from any session list or pick in the cache, with when that list arrived. */
export function findListedSession(
  client: QueryClient,
  id: number,
): { session: Session; updatedAt: number } | undefined {
  for (const query of client.getQueryCache().findAll({ queryKey: ['sessions'] })) {
    const data = query.state.data as Session | Session[] | undefined;
    const rows = Array.isArray(data) ? data : data ? [data] : [];
    const session = rows.find((s) => s.id === id);
    if (session) return { session, updatedAt: query.state.dataUpdatedAt };
  }
  return undefined;
}

/** For 'surprise me' and 'discover something new': a fresh pick each press; null when it fails. */
export async function pickRandomFromPool(client: QueryClient): Promise<Session | null> {
  try {
    const pool = await client.fetchQuery({ queryKey: sessionKeys.pool, queryFn: fetchSessionPool });
    return pickRandomSession(pool);
  } catch (err) {
    // Spec core §8: a failed random pick does nothing (logged only).
    console.warn('Random pick failed', err);
    return null;
  }
}
