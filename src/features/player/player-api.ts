import type { QueryClient } from '@tanstack/react-query';
import { newIdempotencyKey, sendOrQueue, upsertOrQueue } from '../../lib/outbox/offline-writes';
import { supabase } from '../../lib/supabase';
import { useAuthStore } from '../auth/auth-store';
import { offlineAudioUrl } from '../offline/downloads';
import { countsAsSession } from '../../domain/practice';
import { badgesOf, streakRewardsOf, type EarnedBadge, type EarnedStreakReward } from '../rewards/earned';
import type { ListeningClaim } from './use-listened-time';

/** Spec core §9: signed audio URLs live 7 days. */
export const SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;
export const AUDIO_BUCKET = 'audio';

export type LogAction = 'replay' | 'instrumental' | 'echo' | 'reflect';

/**
 * The URL the player loads: the downloaded copy when there is one (it plays offline and costs
 * no data), otherwise a freshly signed URL.
 */
export async function signAudioPath(path: string): Promise<string> {
  const downloaded = await offlineAudioUrl(path);
  if (downloaded) return downloaded;
  // Signing needs the server: offline, say at once that this session is not downloaded.
  if (!navigator.onLine) throw new NotDownloadedOffline(path);
  return signAudioPathOnline(path);
}

/** Offline, and this audio is not on the device: the player says so in words. */
export class NotDownloadedOffline extends Error {
  constructor(path: string) {
    super(`Not downloaded and offline: ${path}`);
    this.name = 'NotDownloadedOffline';
  }
}

/** A signed URL from the storage server (downloads use it: they must fetch the real object). */
export async function signAudioPathOnline(path: string): Promise<string> {
  const { data, error } = await (
    await supabase()
  ).storage
    .from(AUDIO_BUCKET)
    .createSignedUrl(path, SIGNED_URL_SECONDS);
  if (error || !data) throw new Error(error?.message ?? 'No signed URL');
  return data.signedUrl;
}

/**
 * A player action in session_logs. Logs are a record, not a feature the member waits for:
 * a failure (or a signed-out listener) is logged and the flow carries on.
 */
export async function logSessionAction(
  sessionId: number,
  action: LogAction,
  note: string | null = null,
): Promise<void> {
  if (!useAuthStore.getState().session) return;
  const { error } = await (
    await supabase()
  )
    .from('session_logs')
    .insert({ session_id: sessionId, action, note });
  if (error) console.warn(`Could not log ${action}`, error);
}

export class NotSignedInError extends Error {}

/** The reflections table's unique key for replays (migration 0100, server/rest/upsert.ts). */
const REFLECTION_TARGET = { table: 'reflections', onConflict: 'user_id,client_key' };

/**
 * The player's private reflection. It carries a key made here once (`client_key`), so the
 * write goes into the offline outbox when the network is down and a replay after a lost answer
 * stores nothing new. Resolves `queued: true` when it waits to be sent.
 */
export async function saveReflection(sessionId: number, text: string): Promise<{ queued: boolean }> {
  const userId = useAuthStore.getState().user?.id;
  if (!userId) throw new NotSignedInError('You must be logged in to save reflections');
  return upsertOrQueue('private-reflection', REFLECTION_TARGET, {
    user_id: userId,
    session_id: sessionId,
    reflection_text: text,
    client_key: newIdempotencyKey(),
  });
}

/** Resolves `queued: true` when the network is down: the echo waits in the outbox. */
export async function postEcho(sessionId: number): Promise<{ queued: boolean }> {
  const sent = await sendOrQueue('echo', `/api/sessions/${sessionId}/echo`, {});
  return { queued: sent.queued };
}

export interface CompletionResult {
  isFirstSession: boolean;
  tokensAwarded: number;
  totalTokens: number;
  /** Badges this completion unlocked (server/api/achievements/award.ts). */
  newBadges: EarnedBadge[];
  /** Streak milestones this session reached (streak rewards, level 3 and up). */
  streakRewards: EarnedStreakReward[];
  /**
   * A listening-room track: listening minutes, never a session (the server decides from its
   * catalogue row; offline, the same rule applied here first).
   */
  listening: boolean;
  /** The session was already completed today: nothing new was recorded (HTTP 200, not 201). */
  alreadyCounted: boolean;
  /**
   * Made offline: it waits in the outbox and counts (on the day it happened) once it is sent,
   * so tokens and badges are not known yet.
   */
  queued: boolean;
  /**
   * False for partial practice: less than half the session was heard, so its minutes count and
   * nothing else (the server's answer decides; offline, the same rule applied here first).
   */
  counted: boolean;
  practisedSec: number;
  plannedSec: number;
}

/** Seconds of a `plannedSec` session practised, as the server bounds them (practised.ts). */
export function practisedOf(plannedSec: number, claim: ListeningClaim | undefined, atMs: number): number {
  if (!claim) return plannedSec;
  let practised = Math.min(plannedSec, claim.listenedSec);
  if (claim.startedAt)
    practised = Math.min(practised, Math.max(0, Math.floor((atMs - Date.parse(claim.startedAt)) / 1000)));
  return practised;
}

/**
 * Posts a completion with what the player heard (`claim`: listenedSec, startedAt), so the server
 * can tell a session from partial practice. `plannedSec` (the session's length, when known) lets
 * a completion queued offline say which it will be.
 */
export async function postCompletion(
  sessionId: number,
  title: string,
  claim?: ListeningClaim,
  plannedSec?: number | null,
  listeningTrack = false,
): Promise<CompletionResult> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  // occurredAt: if it has to wait offline, it still counts on the day it happened.
  const sent = await sendOrQueue(
    'completion',
    '/api/session-completions',
    { sessionId, title, timeZone, ...(claim ?? {}) },
    { stamp: true },
  );
  if (sent.queued) {
    const planned = plannedSec ?? 0;
    const practisedSec = practisedOf(planned, claim, Date.now());
    return {
      queued: true,
      alreadyCounted: false,
      isFirstSession: false,
      tokensAwarded: 0,
      totalTokens: 0,
      newBadges: [],
      streakRewards: [],
      listening: listeningTrack,
      counted: !listeningTrack && (!plannedSec || countsAsSession(practisedSec, planned)),
      practisedSec,
      plannedSec: planned,
    };
  }
  const res = sent.response;
  const body = (await res.json()) as
    | (Partial<Omit<CompletionResult, 'newBadges' | 'streakRewards'>> & {
        newBadges?: unknown;
        streakRewards?: unknown;
      })
    | null;
  return {
    // A repeat (200) carries no `counted`: it was a session, counted earlier today.
    counted: body?.counted !== false,
    practisedSec: typeof body?.practisedSec === 'number' ? body.practisedSec : 0,
    plannedSec: typeof body?.plannedSec === 'number' ? body.plannedSec : (plannedSec ?? 0),
    alreadyCounted: res.status === 200,
    isFirstSession: body?.isFirstSession === true,
    tokensAwarded: typeof body?.tokensAwarded === 'number' ? body.tokensAwarded : 0,
    totalTokens: typeof body?.totalTokens === 'number' ? body.totalTokens : 0,
    newBadges: badgesOf(body?.newBadges),
    streakRewards: streakRewardsOf(body?.streakRewards),
    listening: body?.listening === true,
    queued: false,
  };
}

/**
 * Other areas own these queries, so they are matched by what their keys contain: API paths
 * (the default reader GETs key[0]) or plain names, e.g. ['/api/users/u1/dashboard?tz=…'].
 */
function invalidateByPath(client: QueryClient, fragments: string[]): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) =>
      q.queryKey.some((part) => typeof part === 'string' && fragments.some((f) => part.includes(f))),
  });
}

/** After a completion: the member's dashboard (tokens, streaks) and completed list are stale. */
export function refreshAfterCompletion(client: QueryClient): Promise<void> {
  // A completion can also move a program on (my-enrollments) and add a practice day (insights).
  return invalidateByPath(client, ['dashboard', 'completed-sessions', 'my-enrollments', 'wellness-insights']);
}

/** After an echo: echoed sessions, the most-echoed list and the community pulse. */
export function refreshAfterEcho(client: QueryClient): Promise<void> {
  return invalidateByPath(client, ['echoed-sessions', 'most-echoed', 'pulse']);
}
