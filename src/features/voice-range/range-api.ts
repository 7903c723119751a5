import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RangeProfilePoint } from '../../../dsp/range-types';
import { apiJson } from '../../lib/api';
import { SAVED_OFFLINE_TITLE, sendOrQueue } from '../../lib/outbox/offline-writes';
import { onlineOnly } from '../../lib/outbox/online-only';
import { useAuthStore } from '../auth/auth-store';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { withWaiting } from '../sync/waiting';
import { toast } from '../toast/toast-store';

/** The shape of server/api/voice-ranges (types only; src never imports server code). */
export interface NewRange {
  lowestHz: number;
  highestHz: number;
  rangeSemitones: number;
  profile: RangeProfilePoint[];
  levels: 'spl' | 'relative';
  /** The profile's softest level in dB SPL; only with a calibrated level. */
  softestDb?: number | null;
  recordedAt: string;
  engineVersion: string;
}
export interface StoredRange extends NewRange {
  id: number;
  softestDb: number | null;
}
/** A range as the screens show it: stored (with its id) or waiting to sync. */
export type ShownRange = NewRange & { waiting: boolean; id?: number };

export const VOICE_RANGES_KEY = '/api/voice-ranges';
/** The outbox kind of a range check saved offline (listed in "Waiting to sync"). */
export const RANGE_WRITE = 'voice-range';

/** The member's range checks, newest first; kept by the saved-data store for offline reading. */
export function useRanges(enabled = true) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery<StoredRange[]>({
    queryKey: [VOICE_RANGES_KEY, userId],
    queryFn: () => apiJson<StoredRange[]>('GET', VOICE_RANGES_KEY),
    enabled: enabled && userId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Range checks saved offline that still wait in the outbox. */
export function usePendingRanges(): NewRange[] {
  const items = usePendingOfKind(RANGE_WRITE);
  return useMemo(() => items.map((item) => item.body as NewRange), [items]);
}

/** Stored and waiting checks together, newest first, each marked `waiting`. */
export function withPendingRanges(
  stored: readonly StoredRange[],
  pending: readonly NewRange[],
): ShownRange[] {
  return withWaiting(stored, pending);
}

/** Sent once with an Idempotency-Key, or kept in the outbox offline (shown as waiting to sync). */
export function useSaveRange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (r: NewRange) => {
      const sent = await sendOrQueue(RANGE_WRITE, VOICE_RANGES_KEY, { ...r });
      if (sent.queued) {
        toast({
          title: SAVED_OFFLINE_TITLE,
          description: 'Your range is saved to your account once it is sent.',
        });
        return { queued: true as const };
      }
      return { queued: false as const };
    },
    onSuccess: (sent) => (sent.queued ? undefined : qc.invalidateQueries({ queryKey: [VOICE_RANGES_KEY] })),
  });
}

/** Removes a saved range check: refused at once offline, with words (nothing to queue a delete for). */
export function useDeleteRange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      onlineOnly('Removing a range check', () => apiJson<null>('DELETE', `${VOICE_RANGES_KEY}/${id}`)),
    onSuccess: () => qc.invalidateQueries({ queryKey: [VOICE_RANGES_KEY] }),
  });
}
