// The member's pitch-matching takes in their account (server/api/pitch-exercises): saved once
// with an Idempotency-Key or kept in the outbox offline, read back for the tuning room and voice
// health (and saved on the device for offline reading, as every query is).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiJson } from '../../lib/api';
import { sendOrQueue } from '../../lib/outbox/offline-writes';
import { badgesOf, type EarnedBadge } from '../rewards/earned';
import type { OctaveShift } from '../../domain/pitch-target/exercises';
import type { NoteResult } from '../../domain/pitch-target/types';
import { useAuthStore } from '../auth/auth-store';

export const PITCH_RESULTS_URL = '/api/pitch-exercises/results';

export interface NewPitchResult {
  exerciseId: string;
  target: string;
  notes: NoteResult[];
  score: number;
  shift: OctaveShift;
  recordedAt: string;
  templateId?: number;
}

export interface StoredPitchResult extends Omit<NewPitchResult, 'templateId'> {
  id: number;
  title: string;
  focus: string;
  durationSec: number;
  localDate: string;
  templateId: number | null;
}

export function usePitchResults(enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery<StoredPitchResult[]>({
    queryKey: [PITCH_RESULTS_URL, userId],
    queryFn: () => apiJson<StoredPitchResult[]>('GET', PITCH_RESULTS_URL),
    enabled: enabled && userId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** How a take was saved, and the badges its answer listed (none while it waits offline). */
export type SaveOutcome = { kind: 'saved'; newBadges: EarnedBadge[] } | { kind: 'queued' };

/** What a saved take changes: its list, and the practice numbers its minutes join. */
function refreshAfterTake(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (q) =>
      [PITCH_RESULTS_URL, '/journey-progress', '/dashboard', '/achievements'].some((p) =>
        String(q.queryKey[0]).includes(p),
      ),
  });
}

export function useSavePitchResult() {
  const client = useQueryClient();
  return useCallback(
    async (take: NewPitchResult): Promise<SaveOutcome> => {
      const sent = await sendOrQueue('pitch-result', PITCH_RESULTS_URL, { ...take });
      if (sent.queued) return { kind: 'queued' };
      void refreshAfterTake(client);
      const body = (await sent.response.json().catch(() => null)) as { newBadges?: unknown } | null;
      return { kind: 'saved', newBadges: badgesOf(body?.newBadges) };
    },
    [client],
  );
}
