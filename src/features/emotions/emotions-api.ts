import { useQuery } from '@tanstack/react-query';
import type { Emotion, FeelingPhase, PracticeFeeling } from '../../domain/emotions';
import { sendOrQueue, type WriteResult } from '../../lib/outbox/offline-writes';
import { useAuthStore } from '../auth/auth-store';
import { browserTimeZone } from '../profile/profile-text';

/** GET /api/emotions (server/api/wellbeing/routes.ts): the last 12 weeks' runs, newest first. */
export interface FeelingsAnswer {
  today: string;
  feelings: PracticeFeeling[];
}

/** The outbox kind, named in "Waiting to sync" (sync/describe-write.ts). */
export const FEELING_WRITE = 'feeling';

export const FEELINGS_KEY = ['/api/emotions', 'emotions'];

export function useFeelings() {
  const signedIn = useAuthStore((s) => s.user !== null);
  return useQuery<FeelingsAnswer>({ queryKey: FEELINGS_KEY, enabled: signedIn, staleTime: 0 });
}

export interface FeelingWrite {
  runKey: string;
  phase: FeelingPhase;
  emotion: Emotion;
  kind: 'catalogue' | 'template';
  itemId: number;
}

/**
 * Sends one half of a practice's feelings with its moment (`occurredAt`), or keeps it in the
 * outbox offline. A changed answer is another write to the same run: the server keeps the
 * later tap, so the outbox's order (oldest first) and any replay end with the last answer.
 */
export function saveFeeling({ runKey, ...body }: FeelingWrite): Promise<WriteResult> {
  return sendOrQueue(
    FEELING_WRITE,
    `/api/emotions/${runKey}`,
    { ...body, timeZone: browserTimeZone() },
    { stamp: true, method: 'PUT' },
  );
}
