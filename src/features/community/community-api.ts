import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SAVED_OFFLINE_TITLE, sendOrQueue } from '../../lib/outbox/offline-writes';
import { toast } from '../toast/toast-store';

/** Shapes of /api/community/* (server/api/community/routes.ts). */
export interface PulseItem {
  id: number;
  userName: string;
  /** A catalogue session, or a guided exercise (template session; `sessionId` is its id). */
  kind: 'catalogue' | 'template';
  sessionId: number;
  sessionTitle: string;
  completedAt: string;
  echoes: number;
  skillLevel: string;
}
export interface MostEchoedSession {
  id: number;
  title: string;
  echoes: number;
  category: string[];
  skill_level: string;
}
export interface Reflection {
  id: number;
  content: string;
  userName: string;
  /** A catalogue session, or a guided exercise (template session; `sessionId` is its id). */
  kind: 'catalogue' | 'template';
  sessionId: number;
  sessionTitle: string;
  timeAgo: string;
  echoes: number;
  createdAt: string;
}
export interface NewReflection {
  /** Omitted or 'catalogue': a catalogue session; 'template': `sessionId` is a template's id. */
  kind?: 'catalogue' | 'template';
  sessionId: number;
  reflectionText: string;
  anonymous: boolean;
}

/** Keys are the bare API paths: the app's default reader GETs key[0]. */
export const COMMUNITY_KEYS = {
  pulse: '/api/community/pulse',
  mostEchoed: '/api/community/most-echoed',
  reflections: '/api/community/reflections',
  recent: '/api/community/recent-activity',
} as const;

export const usePulse = () => useQuery<PulseItem[]>({ queryKey: [COMMUNITY_KEYS.pulse], staleTime: 0 });
export const useMostEchoed = () =>
  useQuery<MostEchoedSession[]>({ queryKey: [COMMUNITY_KEYS.mostEchoed], staleTime: 0 });
export const useReflections = () =>
  useQuery<Reflection[]>({ queryKey: [COMMUNITY_KEYS.reflections], staleTime: 0 });

function refresh(client: QueryClient, ...keys: string[]) {
  return Promise.all(keys.map((k) => client.invalidateQueries({ queryKey: [k] })));
}

/** Echo of a pulse item or a reflection; failures are logged only (spec §8). */
export function useEcho(target: 'pulse' | 'reflections') {
  const client = useQueryClient();
  return useMutation({
    // Runs offline too: the outbox keeps the write (TanStack would otherwise pause it unsent).
    networkMode: 'always',
    // Offline, the echo waits in the outbox (src/lib/outbox) and is sent once when back online.
    mutationFn: (id: number) => sendOrQueue('echo', `/api/community/${target}/${id}/echo`, {}),
    onSuccess: (sent) =>
      sent.queued
        ? undefined
        : refresh(
            client,
            target === 'pulse' ? COMMUNITY_KEYS.pulse : COMMUNITY_KEYS.reflections,
            COMMUNITY_KEYS.recent,
          ),
    onError: (err) =>
      console.warn(`Could not echo this ${target === 'pulse' ? 'activity' : 'reflection'}`, err),
  });
}

export function useShareReflection() {
  const client = useQueryClient();
  return useMutation({
    // Runs offline too: the outbox keeps the write (TanStack would otherwise pause it unsent).
    networkMode: 'always',
    mutationFn: async (body: NewReflection) => {
      const sent = await sendOrQueue('reflection', COMMUNITY_KEYS.reflections, { ...body });
      return sent.queued ? null : ((await sent.response.json()) as Reflection);
    },
    onSuccess: (created) => {
      if (!created)
        toast({ title: SAVED_OFFLINE_TITLE, description: 'Your reflection is shared once it is sent.' });
      // Queued: nothing to refresh yet, and offline a refetch would replace the list with an error.
      if (!created) return;
      return refresh(client, COMMUNITY_KEYS.reflections, COMMUNITY_KEYS.recent);
    },
    onError: (err) => console.warn('Could not share the reflection', err),
  });
}
