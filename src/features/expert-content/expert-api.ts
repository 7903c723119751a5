import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SAVED_OFFLINE_TITLE, sendOrQueue, wasQueued } from '../../lib/outbox/offline-writes';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { toast } from '../toast/toast-store';

/** Shapes of the expert content API (server/api/learning/routes.ts). */
export interface LearningItem {
  position: number;
  kind: 'session' | 'template';
  id: number;
  title: string;
  /** Its own length, in seconds. */
  durationSec: number;
}
export interface ExpertClass {
  id: number;
  title: string;
  description: string;
  expertName: string;
  expertImageUrl: string | null;
  expertInitials: string;
  expertColor: string;
  expertBio: string;
  isDemoExpert: boolean;
  /** Minutes, from what it teaches (durationSec rounded). */
  duration: number;
  durationSec: number;
  rating: number | null;
  viewCount: number;
  contentType: string;
  difficultyLevel: string;
  isPremium: boolean;
  teaches: LearningItem[];
}
export interface Program {
  id: number;
  title: string;
  description: string;
  sessionCount: number;
  /** Days. */
  duration: number;
  /** The practice time of all its steps, in seconds. */
  practiceSec: number;
  enrollmentCount: number;
  programType: string;
  difficulty: string;
  isPremium: boolean;
  items: LearningItem[];
}
export interface Enrollment {
  id: number;
  programId: number;
  progress: number;
  startedAt: string;
  currentSessionIndex: number;
  sessionCount: number;
  completedAt: string | null;
  nextItem: LearningItem | null;
  program: Program;
}

export const LEARNING_KEYS = {
  classes: '/api/expert-content',
  programs: '/api/specialized-programs',
  enrollments: '/api/my-enrollments',
} as const;

export const useClasses = () => useQuery<ExpertClass[]>({ queryKey: [LEARNING_KEYS.classes], staleTime: 0 });
export const usePrograms = () => useQuery<Program[]>({ queryKey: [LEARNING_KEYS.programs], staleTime: 0 });
export const useEnrollments = () =>
  useQuery<Enrollment[]>({ queryKey: [LEARNING_KEYS.enrollments], staleTime: 0 });

function useRefreshing<T>(fn: (arg: T) => Promise<unknown>, what: string, keys: string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) =>
      wasQueued(result)
        ? undefined
        : Promise.all(keys.map((k) => client.invalidateQueries({ queryKey: [k] }))),
    onError: (err) => console.warn(`Could not ${what}`, err),
  });
}

/** The program an enrolment write in the outbox is about (its URL names it). */
export function programOfWrite(url: string): number | null {
  const m = /\/specialized-programs\/(\d+)\/enroll$/.exec(url);
  return m ? Number(m[1]) : null;
}

/**
 * Joining or leaving a program (and a class's view) is sent once with an Idempotency-Key or,
 * offline, kept in the outbox: the tabs show it as waiting until it is sent.
 */
async function sendQueued(kind: string, method: 'POST' | 'DELETE', url: string, say: boolean) {
  const sent = await sendOrQueue(kind, url, {}, { method });
  if (sent.queued && say) toast({ title: SAVED_OFFLINE_TITLE });
  return sent;
}

export const useEnroll = () =>
  useRefreshing(
    (programId: number) =>
      sendQueued('enrolment', 'POST', `/api/specialized-programs/${programId}/enroll`, true),
    'enrol',
    [LEARNING_KEYS.enrollments, LEARNING_KEYS.programs],
  );
export const useUnenroll = () =>
  useRefreshing(
    (programId: number) =>
      sendQueued('unenrolment', 'DELETE', `/api/specialized-programs/${programId}/enroll`, true),
    'leave the program',
    [LEARNING_KEYS.enrollments, LEARNING_KEYS.programs],
  );
// A view is not something the member saved: no toast, but it still waits and is listed.
export const useCountView = () =>
  useRefreshing(
    (classId: number) => sendQueued('class-view', 'POST', `/api/expert-content/${classId}/view`, false),
    'count the view',
    [LEARNING_KEYS.classes],
  );

/** Program ids with an enrolment (or a leaving) of this member waiting in the outbox. */
export function useWaitingPrograms(kind: 'enrolment' | 'unenrolment'): Set<number> {
  const items = usePendingOfKind(kind);
  return useMemo(
    () => new Set(items.map((i) => programOfWrite(i.url)).filter((id): id is number => id !== null)),
    [items],
  );
}
