import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SAVED_OFFLINE_TITLE, sendOrQueue, wasQueued } from '../../lib/outbox/offline-writes';
import type {
  ChallengeFocus,
  ChallengeMeasure,
  ChallengeState,
  MasterChallengeId,
} from '../../domain/challenges';
import { toast } from '../toast/toast-store';

/** Shapes of /api/challenges (server/api/challenges/routes.ts). */
export interface Challenge {
  id: number;
  name: string;
  measure: ChallengeMeasure;
  target: number;
  focus: ChallengeFocus | null;
  startDate: string;
  endDate: string;
  circle: { id: number; name: string } | null;
  createdByMe: boolean;
  creatorName: string | null;
  canDelete: boolean;
  joined: boolean;
  joiners: number;
  state: ChallengeState;
  daysLeft: number;
  progress: { value: number; metOn: string | null } | null;
}

export interface ChallengeList {
  today: string;
  limit: number;
  openCount: number;
  metCount: number;
  challenges: Challenge[];
}

export interface MasterChallengeView {
  id: MasterChallengeId;
  title: string;
  description: string;
  target: number;
  value: number;
  metOn: string | null;
  badgeId: string;
  badgeName: string;
  focuses?: Record<string, number>;
}

export interface MasterList {
  since: string | null;
  challenges: MasterChallengeView[];
}

export interface NewChallenge {
  name: string;
  measure: ChallengeMeasure;
  target: number;
  focus: ChallengeFocus | null;
  startDate: string;
  endDate: string;
  circleId: number | null;
}

export const CHALLENGE_KEYS = {
  mine: '/api/challenges',
  master: '/api/challenges/master',
  circle: (id: number) => `/api/challenges/circles/${id}`,
} as const;

/** The outbox kinds of the challenge writes (sync/describe-write.ts names them). */
export const CHALLENGE_WRITES = {
  create: 'challenge',
  join: 'challenge-join',
  leave: 'challenge-leave',
  remove: 'challenge-delete',
} as const;

export const useChallenges = () => useQuery<ChallengeList>({ queryKey: [CHALLENGE_KEYS.mine], staleTime: 0 });
export const useMasterChallenges = () =>
  useQuery<MasterList>({ queryKey: [CHALLENGE_KEYS.master], staleTime: 0 });
export const useCircleChallenges = (circleId: number, enabled: boolean) =>
  useQuery<Challenge[]>({ queryKey: [CHALLENGE_KEYS.circle(circleId)], enabled, staleTime: 0 });

/** The challenge a queued join, leave or delete is about (its URL names it). */
export function challengeOfWrite(url: string): number | null {
  const m = /\/api\/challenges\/(\d+)(?:\/(?:join|leave))?$/.exec(url);
  return m ? Number(m[1]) : null;
}

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Every challenge write is sent once with an Idempotency-Key or, offline, kept in the outbox
 * (docs/offline-writes.md): the screens show it as waiting until it is sent. A sent write
 * refreshes every challenge list and the badges (a challenge met is a badge).
 */
function useChallengeWrite<T>(send: (arg: T) => ReturnType<typeof sendOrQueue>, what: string, saved: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (arg: T) => {
      const sent = await send(arg);
      if (sent.queued) toast({ title: SAVED_OFFLINE_TITLE, description: saved });
      return sent;
    },
    onSuccess: (result) =>
      wasQueued(result)
        ? undefined
        : client.invalidateQueries({
            predicate: (q) => {
              const key = String(q.queryKey[0]);
              return key.startsWith('/api/challenges') || key.includes('/achievements');
            },
          }),
    onError: (err) => console.warn(`Could not ${what}`, err),
  });
}

export const useCreateChallenge = () =>
  useChallengeWrite(
    (c: NewChallenge) =>
      sendOrQueue(
        CHALLENGE_WRITES.create,
        CHALLENGE_KEYS.mine,
        { ...c, timeZone: localZone() },
        { stamp: true },
      ),
    'set the challenge',
    'Your challenge is set once it is sent.',
  );

export const useJoinChallenge = () =>
  useChallengeWrite(
    (id: number) => sendOrQueue(CHALLENGE_WRITES.join, `/api/challenges/${id}/join`, {}),
    'join the challenge',
    'You join the challenge once it is sent.',
  );

export const useLeaveChallenge = () =>
  useChallengeWrite(
    (id: number) => sendOrQueue(CHALLENGE_WRITES.leave, `/api/challenges/${id}/leave`, {}),
    'leave the challenge',
    'You leave the challenge once it is sent.',
  );

export const useDeleteChallenge = () =>
  useChallengeWrite(
    (id: number) => sendOrQueue(CHALLENGE_WRITES.remove, `/api/challenges/${id}`, {}, { method: 'DELETE' }),
    'delete the challenge',
    'The challenge is deleted once it is sent.',
  );
