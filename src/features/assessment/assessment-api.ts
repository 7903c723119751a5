import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiJson } from '../../lib/api';
import { SAVED_OFFLINE_TITLE, sendOrQueue } from '../../lib/outbox/offline-writes';
import { badgesOf } from '../rewards/earned';
import { useAuthStore } from '../auth/auth-store';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { withWaiting } from '../sync/waiting';
import { toast } from '../toast/toast-store';

/** The shape of server/api/voice-assessments (types only; src never imports server code). */
export interface NewAssessment {
  avqi: number;
  cpps: number;
  hnr: number;
  shimmerPercent: number;
  shimmerDb: number;
  ltasSlope: number;
  ltasTilt: number;
  /** Maximum phonation time, seconds; null when the breath task was skipped. */
  mptSeconds: number | null;
  /** Jitter (local) of the vowel, %, when the engine measured it (issue 31; for the DSI). */
  jitterPercent?: number | null;
  recordedAt: string;
  engineVersion: string;
}
export interface StoredAssessment extends NewAssessment {
  id: number;
}

export const VOICE_ASSESSMENTS_KEY = '/api/voice-assessments';
/** The outbox kind of a result saved offline (listed in "Waiting to sync"). */
export const ASSESSMENT_WRITE = 'voice-assessment';

/**
 * The member's assessments, newest first. Kept by the saved-data store like every query, so
 * voice health and the comparison read them offline too (with when they were saved).
 */
export function useAssessments() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery<StoredAssessment[]>({
    queryKey: [VOICE_ASSESSMENTS_KEY, userId],
    queryFn: () => apiJson<StoredAssessment[]>('GET', VOICE_ASSESSMENTS_KEY),
    enabled: userId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Results saved offline that still wait in the outbox: counted with the stored ones, marked. */
export function usePendingAssessments(): NewAssessment[] {
  const items = usePendingOfKind(ASSESSMENT_WRITE);
  return useMemo(() => items.map((item) => item.body as NewAssessment), [items]);
}

/**
 * Stored and waiting results together, newest first (a waiting one is not on the server yet;
 * once it is, the stored one takes its place: src/features/sync/waiting.ts).
 */
export function withPending(stored: readonly StoredAssessment[], pending: readonly NewAssessment[]) {
  return withWaiting(stored, pending);
}
/** An assessment as the screens show it: stored (with its id) or waiting to sync. */
export type ShownAssessment = NewAssessment & { waiting?: boolean; id?: number };

/** Sent once with an Idempotency-Key, or kept in the outbox offline (shown as waiting to sync). */
export function useSaveAssessment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: NewAssessment) => {
      const sent = await sendOrQueue(ASSESSMENT_WRITE, VOICE_ASSESSMENTS_KEY, { ...a });
      if (sent.queued) {
        toast({
          title: SAVED_OFFLINE_TITLE,
          description: 'Your assessment is saved to your account once it is sent.',
        });
        return { queued: true as const, newBadges: [] };
      }
      // The badges this save awarded, listed on the result (issue 30).
      const body = (await sent.response.json().catch(() => null)) as { newBadges?: unknown } | null;
      return { queued: false as const, newBadges: badgesOf(body?.newBadges) };
    },
    onSuccess: (sent) =>
      sent.queued ? undefined : qc.invalidateQueries({ queryKey: [VOICE_ASSESSMENTS_KEY] }),
  });
}
