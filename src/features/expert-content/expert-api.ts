import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';

/** Shapes of the expert content API (server/api/learning/routes.ts). */
export interface LearningItem {
  position: number;
  kind: 'session' | 'template';
  id: number;
  title: string;
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
  duration: number;
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
  duration: number;
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
    onSuccess: () => Promise.all(keys.map((k) => client.invalidateQueries({ queryKey: [k] }))),
    onError: (err) => console.warn(`Could not ${what}`, err),
  });
}

export const useEnroll = () =>
  useRefreshing(
    (programId: number) => apiJson('POST', `/api/specialized-programs/${programId}/enroll`),
    'enrol',
    [LEARNING_KEYS.enrollments, LEARNING_KEYS.programs],
  );
export const useUnenroll = () =>
  useRefreshing(
    (programId: number) => apiJson('DELETE', `/api/specialized-programs/${programId}/enroll`),
    'leave the program',
    [LEARNING_KEYS.enrollments, LEARNING_KEYS.programs],
  );
export const useCountView = () =>
  useRefreshing(
    (classId: number) => apiJson('POST', `/api/expert-content/${classId}/view`),
    'count the view',
    [LEARNING_KEYS.classes],
  );
