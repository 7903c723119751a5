import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { SAVED_OFFLINE_TITLE, sendOrQueue, wasQueued } from '../../lib/outbox/offline-writes';
import { onlineOnly } from '../../lib/outbox/online-only';
import type { ApplicationStatus, MentorFocus } from '../../domain/mentoring';
import { toast } from '../toast/toast-store';

/** Shapes of /api/mentoring, /api/leadership and /api/teaching (server/api/{mentoring,leadership,teaching}). */
export interface Offer {
  intro: string;
  focuses: MentorFocus[];
  capacity: number;
  available: boolean;
  mentees: number;
}
export interface Pairing {
  id: number;
  role: 'mentor' | 'mentee';
  focus: MentorFocus | null;
  since: string;
  partner: { firstName: string; level: number; currentStreak: number; intro: string | null };
  notes: { id: number; mine: boolean; body: string; createdAt: string }[];
}
export interface MentoringPage {
  canMentor: boolean;
  offer: Offer | null;
  mentor: Pairing | null;
  mentees: Pairing[];
}
export interface Prompt {
  text: string;
  weekOf: string;
  byFirstName: string;
}
export interface LedCircle {
  id: number;
  name: string;
  role: 'owner' | 'co-leader';
  prompt: Prompt | null;
  members: { id: string; firstName: string; level: number; coLeader: boolean; owner: boolean }[];
}
export interface CircleRoles {
  prompt: Prompt | null;
  members: { firstName: string; badges: string[] }[];
}
export interface Application {
  teaches: string;
  statement: string;
  links: string[];
  status: ApplicationStatus;
  reason: string | null;
  submittedAt: string;
  reviewedAt: string | null;
}
export interface PracticeRecord {
  daysPractised: number;
  sessions: number;
  minutes: number;
}
export interface TeachingPage {
  application: Application | null;
  record: PracticeRecord;
}
export interface Review extends Application {
  userId: string;
  firstName: string;
  email: string;
  record: PracticeRecord;
}

export const KEYS = {
  mentoring: '/api/mentoring',
  leadership: '/api/leadership',
  circleRoles: (id: number) => `/api/leadership/circles/${id}/members`,
  teaching: '/api/teaching',
  certified: '/api/teaching/certified',
  review: '/api/admin/teaching-applications',
  adminMe: '/api/admin/me',
} as const;

/** Outbox kinds (sync/describe-write.ts names them in "Waiting to sync"). */
export const WRITES = {
  offer: 'mentor-offer',
  note: 'mentor-note',
  end: 'mentor-end',
  prompt: 'circle-prompt',
  promptClear: 'circle-prompt-clear',
  application: 'teaching-application',
} as const;

export const useMentoring = () => useQuery<MentoringPage>({ queryKey: [KEYS.mentoring], staleTime: 0 });
export const useLeadership = () =>
  useQuery<{ circles: LedCircle[] }>({ queryKey: [KEYS.leadership], staleTime: 0 });
export const useCircleRoles = (id: number, enabled: boolean) =>
  useQuery<CircleRoles>({ queryKey: [KEYS.circleRoles(id)], enabled, staleTime: 0 });
export const useTeaching = () => useQuery<TeachingPage>({ queryKey: [KEYS.teaching], staleTime: 0 });
export const useCertified = () => useQuery<{ certified: boolean }>({ queryKey: [KEYS.certified] });
export const useAdminMe = () => useQuery<{ isAdmin: boolean }>({ queryKey: [KEYS.adminMe], staleTime: 0 });
/** Asked only once the caller is known to be an admin: anyone else would get a 403. */
export const useReviews = (enabled: boolean) =>
  useQuery<{ applications: Review[] }>({ queryKey: [KEYS.review], staleTime: 0, enabled });

/** Refreshes every query of these three features once a write reached the server. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => /^\/api\/(mentoring|leadership|teaching|admin\/teaching)/.test(String(q.queryKey[0])),
    });
}

/** A write that waits in the outbox offline (sent once with an Idempotency-Key). */
function useQueuedWrite<T>(send: (arg: T) => ReturnType<typeof sendOrQueue>, saved: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (arg: T) => {
      const sent = await send(arg);
      if (sent.queued) toast({ title: SAVED_OFFLINE_TITLE, description: saved });
      return sent;
    },
    onSuccess: (result) => (wasQueued(result) ? undefined : refresh()),
  });
}

/** A write that needs the server's answer at once: refused in words offline. */
function useOnlineWrite<T>(action: string, send: (arg: T) => Promise<unknown>) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (arg: T) => onlineOnly(action, () => send(arg)),
    onSuccess: () => refresh(),
  });
}

export const useSaveOffer = () =>
  useQueuedWrite(
    (o: Omit<Offer, 'mentees'>) =>
      sendOrQueue(WRITES.offer, '/api/mentoring/offer', { ...o }, { method: 'PUT' }),
    'Your mentoring offer is saved once it is sent.',
  );
export const useSendNote = () =>
  useQueuedWrite(
    ({ pairingId, body }: { pairingId: number; body: string }) =>
      sendOrQueue(WRITES.note, `/api/mentoring/pairings/${pairingId}/notes`, { body }),
    'Your note is sent once you are back online.',
  );
export const useEndPairing = () =>
  useQueuedWrite(
    (pairingId: number) => sendOrQueue(WRITES.end, `/api/mentoring/pairings/${pairingId}/end`, {}),
    'The pairing ends once this is sent.',
  );
export const useRequestMentor = () =>
  useOnlineWrite('Finding a mentor', (focus: MentorFocus | null) =>
    apiJson('POST', '/api/mentoring/request', { focus }),
  );

export const usePinPrompt = () =>
  useQueuedWrite(
    ({ circleId, prompt }: { circleId: number; prompt: string }) =>
      sendOrQueue(WRITES.prompt, `/api/leadership/circles/${circleId}/prompt`, { prompt }, { method: 'PUT' }),
    'The prompt is pinned once it is sent.',
  );
export const useClearPrompt = () =>
  useQueuedWrite(
    (circleId: number) =>
      sendOrQueue(WRITES.promptClear, `/api/leadership/circles/${circleId}/prompt`, {}, { method: 'DELETE' }),
    'The prompt is taken down once this is sent.',
  );
export const useNameCoLeader = () =>
  useOnlineWrite('Naming a co-leader', ({ circleId, userId }: { circleId: number; userId: string }) =>
    apiJson('POST', `/api/leadership/circles/${circleId}/co-leaders`, { userId }),
  );
export const useRemoveCoLeader = () =>
  useOnlineWrite('Removing a co-leader', ({ circleId, userId }: { circleId: number; userId: string }) =>
    apiJson('DELETE', `/api/leadership/circles/${circleId}/co-leaders/${userId}`),
  );

export const useApply = () =>
  useQueuedWrite(
    (a: { teaches: string; statement: string; links: string[] }) =>
      sendOrQueue(WRITES.application, '/api/teaching/application', { ...a }),
    'Your application is sent to the team once you are back online.',
  );
export const useDecide = () =>
  useOnlineWrite(
    'Deciding an application',
    ({ userId, decision, reason }: { userId: string; decision: 'approve' | 'decline'; reason: string }) =>
      apiJson('POST', `/api/admin/teaching-applications/${userId}`, { decision, reason }),
  );
