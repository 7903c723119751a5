import { useQuery, type QueryClient } from '@tanstack/react-query';
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
  return useQuery({
    queryKey: sessionKeys.byId(id ?? 0),
    queryFn: () => fetchSessionById(id ?? 0),
    enabled: id !== null && Number.isSafeInteger(id),
  });
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
