import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CheckInAnswers } from '../../domain/check-in';
import { sendOrQueue } from '../../lib/outbox/offline-writes';
import { useAuthStore } from '../auth/auth-store';
import { browserTimeZone } from '../profile/profile-text';
import { usePendingOfKind } from '../sync/pending-writes-queries';

/** One day's check-in as GET/POST /api/check-ins answer it (server/api/wellbeing/routes.ts). */
export interface CheckIn extends CheckInAnswers {
  localDate: string;
  note: string;
  checkedAt: string;
}
export interface CheckInsAnswer {
  /** The member's local day in the zone kept on the server. */
  today: string;
  /** The last 30 local days' check-ins, oldest first. */
  checkIns: CheckIn[];
}
export interface NewCheckIn extends CheckInAnswers {
  note: string;
}

/** The outbox kind, named in "Waiting to sync" (sync/describe-write.ts). */
export const CHECK_IN_WRITE = 'check-in';

/** One key for the screen and home's card, so each refreshes the other and both are saved offline. */
export const CHECK_IN_KEY = ['/api/check-ins', 'check-in'];

/** Read by the app's default reader (it GETs the key's path); refreshed on every visit. */
export function useCheckIns(enabled = true) {
  const signedIn = useAuthStore((s) => s.user !== null);
  return useQuery<CheckInsAnswer>({ queryKey: CHECK_IN_KEY, enabled: enabled && signedIn, staleTime: 0 });
}

/**
 * Today's check-in as the member last gave it: one waiting in the outbox (given offline, or
 * changed offline) wins over the server's, as it is newer. A queued one carries its own moment
 * (`occurredAt`), so it is today's only when it was made today.
 */
export function useTodaysCheckIn(data: CheckInsAnswer | undefined): {
  checkIn: (NewCheckIn & { checkedAt: string }) | null;
  waiting: boolean;
} {
  const pending = usePendingOfKind(CHECK_IN_WRITE);
  return useMemo(() => {
    const today = data?.today ?? localDay(new Date().toISOString());
    const queued = [...pending].reverse().find((p) => localDay(p.occurredAt) === today);
    if (queued)
      return { checkIn: { ...(queued.body as NewCheckIn), checkedAt: queued.occurredAt }, waiting: true };
    const stored = data?.checkIns.find((c) => c.localDate === data.today) ?? null;
    return { checkIn: stored, waiting: false };
  }, [pending, data]);
}

/** The local day of an instant on this device, YYYY-MM-DD. */
export function localDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: browserTimeZone() }).format(new Date(iso));
}

/**
 * Sends a check-in with an Idempotency-Key and the moment it was made, or keeps it in the
 * outbox while offline (listed in "Waiting to sync"); the server files it under that moment's
 * local day, so one made late at night and sent the next morning stays on its own day.
 */
export function useSaveCheckIn() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: NewCheckIn) =>
      sendOrQueue(
        CHECK_IN_WRITE,
        '/api/check-ins',
        { ...body, timeZone: browserTimeZone() },
        { stamp: true },
      ),
    onSuccess: async (result) => {
      if (result.queued) return;
      // The answer is today's check-in as stored: shown at once, then the list is read again.
      const { checkIn } = (await result.response.json()) as { checkIn: CheckIn };
      client.setQueryData<CheckInsAnswer>(CHECK_IN_KEY, (old) =>
        old
          ? { ...old, checkIns: [...old.checkIns.filter((c) => c.localDate !== checkIn.localDate), checkIn] }
          : old,
      );
      await client.invalidateQueries({ queryKey: CHECK_IN_KEY });
    },
  });
}
