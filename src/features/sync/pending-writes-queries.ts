import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentAccessToken } from '../../lib/api';
import { getOutbox, onOutboxChange, userIdOfToken } from '../../lib/outbox/offline-writes';

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
