import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { currentAccessToken } from '../../lib/api';
import { getOutbox, onOutboxChange, userIdOfToken } from '../../lib/outbox/offline-writes';
import type { OutboxItem } from '../../lib/outbox/outbox';

/** The outbox is on this device: reading it never waits for the network. */
export const PENDING_WRITES_KEY = ['outbox', 'pending'] as const;

/** The signed-in member's queued writes, oldest first; re-read whenever the outbox changes. */
export function usePendingWrites() {
  const client = useQueryClient();
  useEffect(
    () => onOutboxChange(() => void client.invalidateQueries({ queryKey: PENDING_WRITES_KEY })),
    [client],
  );
  return useQuery({
    queryKey: PENDING_WRITES_KEY,
    queryFn: async () => getOutbox().pending(userIdOfToken(await currentAccessToken())),
    networkMode: 'always',
    retry: false,
    // Sends happen outside React (start-sync): the change events above keep this current.
    staleTime: 0,
  });
}

/**
 * The member's queued writes of one kind (their bodies as sent), so a screen can show what it
 * saved offline as waiting (issue 20: optimistic where natural), also after a reload.
 */
export function usePendingOfKind(kind: string): OutboxItem[] {
  const list = usePendingWrites();
  return useMemo(() => (list.data ?? []).filter((i) => i.kind === kind), [list.data, kind]);
}
