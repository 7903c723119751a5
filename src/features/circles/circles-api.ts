import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { SAVED_OFFLINE_TITLE, sendOrQueue } from '../../lib/outbox/offline-writes';
import { onlineOnly } from '../../lib/outbox/online-only';
import { toast } from '../toast/toast-store';
import type { FocusArea, SessionType, SkillLevel, TemplateStep } from '../../domain/circles';

/** Shapes of /api/voice-circles and /api/group-sessions (server/api/circles/routes.ts). */
export interface VoiceCircle {
  id: number;
  name: string;
  description: string;
  sessionType: SessionType;
  currentParticipants: number;
  maxParticipants: number;
  duration: number;
  scheduledTime: string | null;
  /** The member's own zone (kept by the server): schedules and sessions are told in it. */
  timeZone: string;
  focusArea: FocusArea | '';
  skillLevel: SkillLevel;
  isPrivate: boolean;
  isMember: boolean;
  isCreator: boolean;
  inviteUrl?: string;
}
export interface CircleDetail extends VoiceCircle {
  members: string[];
  /** The host's first name (whose circle it is); null for a circle the app itself made. */
  hostName: string | null;
  template: { id: number; title: string; durationSec: number; steps: TemplateStep[] } | null;
}
export interface GroupSession {
  id: string;
  circleId: number;
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  participantCount: number;
  timeZone: string;
}
export interface NewCircle {
  name: string;
  description: string;
  sessionType: SessionType;
  focusArea: FocusArea | '';
  skillLevel: SkillLevel;
  maxParticipants: number;
  isPrivate: boolean;
  duration?: number;
  scheduledTime?: string;
  templateId?: number;
}
export interface Practice {
  weekStart: string;
  practisedBy: string[];
  practisedByMe: boolean;
}

export const CIRCLE_KEYS = {
  discover: '/api/voice-circles',
  mine: '/api/voice-circles/my-circles',
  upcoming: '/api/group-sessions/upcoming',
  templates: '/api/voice-circles/templates',
} as const;

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Reads that tell times name the device's zone: the server answers in the zone it keeps for the
 * member, and in this one only for a member whose app never reported one. Not part of the
 * query key, so a saved answer is found again whatever zone the device is in.
 */
const withZone = (url: string) =>
  `${url}${url.includes('?') ? '&' : '?'}tz=${encodeURIComponent(localZone())}`;
const zonedQuery = <T>(url: string) => ({ queryKey: [url], queryFn: () => apiJson<T>('GET', withZone(url)) });

export const useDiscoverCircles = () => useQuery(zonedQuery<VoiceCircle[]>(CIRCLE_KEYS.discover));
export const useMyCircles = () => useQuery(zonedQuery<VoiceCircle[]>(CIRCLE_KEYS.mine));
export const useUpcomingSessions = () => useQuery(zonedQuery<GroupSession[]>(CIRCLE_KEYS.upcoming));
export const useCircleTemplates = (enabled: boolean) =>
  useQuery<{ id: number; title: string; durationSec: number }[]>({
    queryKey: [CIRCLE_KEYS.templates],
    enabled,
  });

export function useCircle(id: number, invite: string | null) {
  const url = `/api/voice-circles/${id}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`;
  return useQuery(zonedQuery<CircleDetail>(url));
}

export function usePractice(id: number, enabled: boolean) {
  const url = `/api/voice-circles/${id}/practice?tz=${encodeURIComponent(localZone())}`;
  return useQuery<Practice>({ queryKey: [url], queryFn: () => apiJson<Practice>('GET', url), enabled });
}

/** Every circle list and detail: joining or creating changes counts everywhere. */
function useRefreshCircles() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => {
        const key = String(q.queryKey[0]);
        return key.startsWith('/api/voice-circles') || key.startsWith('/api/group-sessions');
      },
    });
}

function haptic() {
  navigator.vibrate?.(15);
}

export function useCreateCircle() {
  const refresh = useRefreshCircles();
  return useMutation({
    // Refused offline (docs/offline-writes.md): a circle's invite code and membership come from
    // the server, and a member should not share a circle that does not exist yet.
    mutationFn: (body: NewCircle) =>
      onlineOnly('Creating a circle', () => apiJson<VoiceCircle>('POST', CIRCLE_KEYS.discover, body)),
    onSuccess: () => refresh(),
  });
}

export function useJoinCircle() {
  const refresh = useRefreshCircles();
  return useMutation({
    // Refused offline: whether there is a place (and the invite is good) only the server knows.
    mutationFn: ({ id, inviteCode }: { id: number; inviteCode?: string }) =>
      onlineOnly('Joining a circle', () =>
        apiJson<VoiceCircle>(
          'POST',
          `/api/voice-circles/${id}/join`,
          inviteCode ? { inviteCode } : undefined,
        ),
      ),
    onSuccess: () => {
      haptic();
      return refresh();
    },
  });
}

export function useLeaveCircle() {
  const refresh = useRefreshCircles();
  return useMutation({
    // Refused offline: leaving must close the member's live stream at once, which a queued
    // leave could not promise.
    mutationFn: (id: number) =>
      onlineOnly('Leaving a circle', () => apiJson<VoiceCircle>('POST', `/api/voice-circles/${id}/leave`)),
    onSuccess: () => refresh(),
  });
}

export function useRecordPractice(id: number) {
  const refresh = useRefreshCircles();
  return useMutation({
    // Sent once with an Idempotency-Key or kept in the outbox offline; `occurredAt` keeps it in
    // the week it was done.
    mutationFn: async () => {
      const sent = await sendOrQueue(
        'circle-practice',
        `/api/voice-circles/${id}/practice`,
        { timeZone: localZone() },
        { stamp: true },
      );
      if (sent.queued)
        toast({ title: SAVED_OFFLINE_TITLE, description: 'Your circle sees it once it is sent.' });
      return sent;
    },
    onSuccess: (sent) => {
      haptic();
      return sent.queued ? undefined : refresh();
    },
  });
}
