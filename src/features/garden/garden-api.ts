import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DEFAULT_GARDEN_CHOICE, orderProblem, type GardenChoice } from '../../domain/garden';
import { apiJson } from '../../lib/api';
import { SAVED_OFFLINE_TITLE, sendOrQueue } from '../../lib/outbox/offline-writes';
import { useAuthStore } from '../auth/auth-store';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { toast } from '../toast/toast-store';

/** GET /api/garden (server/api/garden/routes.ts): chosenAt is null for a garden never customised. */
export interface StoredGarden extends GardenChoice {
  chosenAt: string | null;
}

/** The outbox kind of a garden saved offline ("Waiting to sync" names it). */
export const GARDEN_WRITE = 'garden';

const useUserId = () => useAuthStore((s) => s.user?.id ?? null);
export const gardenKey = (userId: string | null) => ['/api/garden', userId] as const;

export function useGardenQuery() {
  const userId = useUserId();
  return useQuery<StoredGarden>({
    queryKey: gardenKey(userId),
    queryFn: () => apiJson('GET', '/api/garden'),
    enabled: userId !== null,
  });
}

/** A queued body that is a whole choice (anything else in the outbox under this kind is ignored). */
function asChoice(body: unknown): GardenChoice | null {
  const b = body as Partial<GardenChoice> | null;
  if (!b || typeof b.layout !== 'string' || typeof b.palette !== 'string' || !Array.isArray(b.order))
    return null;
  return orderProblem(b.order) ? null : { layout: b.layout, palette: b.palette, order: b.order };
}

/**
 * The garden as the member last chose it: a choice still waiting in the outbox (made offline,
 * not sent yet) wins over the server's answer, so both views show it at once, also after a
 * reload; then the server's (or this device's saved copy of it); then the default garden.
 */
export function useGardenChoice(): {
  choice: GardenChoice;
  waiting: boolean;
  query: ReturnType<typeof useGardenQuery>;
} {
  const query = useGardenQuery();
  const pending = usePendingOfKind(GARDEN_WRITE);
  const queued = useMemo(() => {
    for (let i = pending.length - 1; i >= 0; i--) {
      const c = asChoice(pending[i]?.body);
      if (c) return c;
    }
    return null;
  }, [pending]);
  const stored = query.data;
  const choice =
    queued ??
    (stored
      ? { layout: stored.layout, palette: stored.palette, order: stored.order }
      : DEFAULT_GARDEN_CHOICE);
  return { choice, waiting: queued !== null, query };
}

/**
 * PUT /api/garden, stamped with when the member chose (so a choice sent late never replaces a
 * newer one), with an Idempotency-Key; offline it waits in the outbox and is sent once.
 */
export function useSaveGarden() {
  const qc = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: async (choice: GardenChoice) => {
      const sent = await sendOrQueue(
        GARDEN_WRITE,
        '/api/garden',
        { ...choice },
        { stamp: true, method: 'PUT' },
      );
      if (sent.queued)
        toast({
          title: SAVED_OFFLINE_TITLE,
          description: 'Your garden shows your choice on this device meanwhile.',
        });
      return sent;
    },
    onSuccess: async (sent) => {
      if (sent.queued) return;
      const stored = (await sent.response.json()) as StoredGarden;
      qc.setQueryData(gardenKey(userId), stored);
    },
  });
}

/**
 * True once the member's own garden is known: saved or read (also this device's saved copy),
 * waiting in the outbox, or unreadable (then the default garden shows, with a retry). Until
 * then the picture waits, so a customised garden never flashes the default one first.
 */
export function gardenReady(
  query: { data?: unknown; isError: boolean; fetchStatus: string },
  waiting: boolean,
) {
  return waiting || query.data !== undefined || query.isError || query.fetchStatus === 'paused';
}
