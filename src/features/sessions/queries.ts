import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store';
import { pickRandomSession, todaysPick } from './random';
import type { Session } from './session';
import { localDateOf } from '../../domain/streaks';
import { apiJson } from '../../lib/api';
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

/** The device's zone, for when the server's is not known (offline, a failed read). */
function deviceZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The member's local day in the zone the server keeps for them (the dashboard carries it, the
 * profile's own query), else today in the device's zone.
 */
async function memberToday(client: QueryClient, userId: string): Promise<string> {
  const path = `/api/users/${userId}/dashboard?tz=${encodeURIComponent(deviceZone())}`;
  try {
    const dashboard = await client.fetchQuery({
      queryKey: [path],
      queryFn: () => apiJson<{ today?: unknown }>('GET', path),
      staleTime: 60_000,
    });
    if (typeof dashboard.today === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(dashboard.today))
      return dashboard.today;
  } catch (err) {
    console.warn('Could not read the member’s day; using this device’s', err);
  }
  return localDateOf(Date.now(), deviceZone());
}

/**
 * Today's recommendation (issue 30): one pick per member per local day (src/domain/daily-pick.ts,
 * the function the server's reminders use), over the guided sessions of the pool read in id
 * order, so every load of home that day names the same session.
 */
export function useRecommendation() {
  const signedIn = useSignedIn();
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const client = useQueryClient();
  return useQuery({
    queryKey: [...sessionKeys.recommendation, userId],
    queryFn: async () => {
      const [pool, today] = await Promise.all([fetchSessionPool(), memberToday(client, userId ?? '')]);
      return todaysPick(pool, userId ?? '', today);
    },
    enabled: signedIn && userId !== null,
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
