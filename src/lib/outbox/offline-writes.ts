import { apiRequest, ApiRequestError, currentAccessToken } from '../api';
import { isOfflineFailure } from './offline-failure';

export { isOfflineFailure };
import { indexedDbOutboxStore } from './idb-store';
import { memoryOutboxStore } from './memory-store';
import {
  createOutbox,
  isRetryableStatus,
  isUnavailableStatus,
  NO_CONNECTION,
  type Outbox,
  type OutboxChange,
  type OutboxItem,
  type OutboxMethod,
  type SendOutcome,
} from './outbox';
import { pendingWrites } from './pending-state';
import { retryMessage, sendRestItem, sendRestRow, type RestTarget } from './rest-writes';

/** Issue 13: what the member sees when a write is kept for later. */
export const SAVED_OFFLINE_TITLE = "Saved — will sync when you're back online";

/** Tabs tell each other the queue changed, so every tab's note and data stay current. */
export const OUTBOX_CHANNEL = 'tuneful-outbox';

/** The member id (`sub`) of an access token, read without verifying: only to tag queued writes. */
export function userIdOfToken(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts (not http://192.168.x.x). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The server's own "unavailable for a moment" (its database restarting): a 502/503/504 that says
 * when to come back with Retry-After. A bare 5xx is not: the screen shows its error.
 */
export function isUnavailableAnswer(err: unknown): boolean {
  return err instanceof ApiRequestError && isUnavailableStatus(err.status) && err.retryAfter !== null;
}

function retryAfterMs(err: ApiRequestError): number | undefined {
  const seconds = Number(err.retryAfter);
  return err.retryAfter && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

async function send(item: OutboxItem): Promise<SendOutcome> {
  // Sent only under the member who made it; after a sign-in as someone else it waits.
  if (userIdOfToken(await currentAccessToken()) !== item.userId)
    return { kind: 'retry', message: 'Waiting for the member who saved it to sign in' };
  if (item.rest) return sendRestItem(item);
  try {
    await apiRequest(item.method, item.url, item.body, { 'Idempotency-Key': item.key });
    return { kind: 'done' };
  } catch (err) {
    if (!(err instanceof ApiRequestError)) return { kind: 'retry', message: NO_CONNECTION };
    // 401: the session guard refreshes the token (or signs out); the write waits for it.
    if (err.status === 401 || isRetryableStatus(err.status))
      return {
        kind: 'retry',
        retryAfterMs: retryAfterMs(err),
        message: retryMessage(err.status),
        unavailable: isUnavailableAnswer(err),
      };
    return { kind: 'refused', status: err.status, message: err.serverMessage };
  }
}

type Listener = (event: OutboxChange) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;
let outbox: Outbox | null = null;

/** Re-reads how many of the signed-in member's writes wait. */
export async function refreshPendingCount(): Promise<void> {
  const userId = userIdOfToken(await currentAccessToken());
  pendingWrites.set((await getOutbox().pending(userId)).length);
}

export function onOutboxChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app's one outbox, in IndexedDB, flushed by one tab at a time (Web Locks). */
export function getOutbox(): Outbox {
  if (outbox) return outbox;
  if (typeof BroadcastChannel === 'function') channel = new BroadcastChannel(OUTBOX_CHANNEL);
  outbox = createOutbox({
    store: typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbOutboxStore(),
    send,
    now: () => Date.now(),
    currentUserId: async () => userIdOfToken(await currentAccessToken()),
    withLock: async (fn) => {
      if (typeof navigator === 'undefined' || !navigator.locks) {
        await fn(); // No Web Locks (old browsers, insecure origins): the server's keys still hold.
        return true;
      }
      return navigator.locks.request('tuneful-outbox-flush', { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        await fn();
        return true;
      });
    },
    onChange: (event) => {
      void refreshPendingCount();
      channel?.postMessage({ sent: event.sent, kept: event.kept === true });
      listeners.forEach((l) => l(event));
    },
  });
  if (channel) {
    channel.onmessage = (e: MessageEvent<{ sent?: number; kept?: boolean }>) => {
      void refreshPendingCount();
      listeners.forEach((l) => l({ sent: e.data?.sent ?? 0, refused: [], kept: e.data?.kept === true }));
    };
  }
  return outbox;
}

export type WriteResult = { queued: false; response: Response } | { queued: true };

/** Puts a write that could not be sent into the outbox, under the signed-in member. */
async function queueWrite(
  item: Omit<OutboxItem, 'seq' | 'attempts' | 'notBefore' | 'userId'>,
  original: unknown,
): Promise<{ queued: true }> {
  const userId = userIdOfToken(await currentAccessToken());
  if (!userId) throw original; // Nobody signed in: nothing to queue it under.
  await getOutbox().enqueue({ ...item, userId });
  // Counted before the caller hears "queued", so no screen shows it as synced meanwhile.
  await refreshPendingCount();
  return { queued: true };
}

/**
 * A row written through /rest/v1 that may wait offline (the player's private reflection).
 * `row.client_key` must be a fresh UUID: it is the item's key and the row's unique key, so the
 * first try, a try after a lost answer and every replay store one row. Resolves
 * `{queued: true}` when the network is down; throws with the server's message otherwise.
 */
export async function upsertOrQueue(
  kind: string,
  target: RestTarget,
  row: Record<string, unknown> & { client_key: string },
): Promise<{ queued: boolean }> {
  const occurredAt = new Date().toISOString();
  const item = {
    key: row.client_key,
    method: 'POST' as const,
    url: `/rest/v1/${target.table}`,
    body: row,
    occurredAt,
    kind,
    rest: target,
  };
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return queueWrite(item, new TypeError('offline'));
  const outcome = await sendRestRow(target, row);
  if (outcome.kind === 'done') return { queued: false };
  if (outcome.kind === 'retry' && (outcome.offline || outcome.unavailable))
    return queueWrite(item, new TypeError(outcome.message ?? NO_CONNECTION));
  throw new Error(outcome.message ?? 'The write was not accepted.');
}

/**
 * Sends a write the member may make offline (a completion, an echo, a reflection, a mood entry…)
 * with an Idempotency-Key. When the network is down, or the server answers that it is
 * unavailable for a moment (503 with Retry-After: its database restarting), it goes into the
 * outbox and resolves
 * `{queued: true}`: the member is told it will sync. Other failures throw as apiRequest does.
 * `stamp` adds `occurredAt` to the body, for writes whose day counts (completions); `method`
 * is POST unless the route is a PUT or DELETE (an enrolment given up).
 */
export async function sendOrQueue(
  kind: string,
  url: string,
  body: Record<string, unknown>,
  { stamp = false, method = 'POST' }: { stamp?: boolean; method?: OutboxMethod } = {},
): Promise<WriteResult> {
  const key = newIdempotencyKey();
  const occurredAt = new Date().toISOString();
  const payload = stamp ? { ...body, occurredAt } : body;
  const queue = (original: unknown): Promise<WriteResult> =>
    queueWrite({ key, method, url, body: payload, occurredAt, kind }, original);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue(new TypeError('offline'));
  try {
    return { queued: false, response: await apiRequest(method, url, payload, { 'Idempotency-Key': key }) };
  } catch (err) {
    // Not reached, or reached but unavailable for a moment (its database restarting): the
    // write is sound, so it waits in the outbox instead of failing in front of the member.
    if (isOfflineFailure(err) || isUnavailableAnswer(err)) return queue(err);
    throw err;
  }
}

/**
 * True for a write's result that went into the outbox. Screens then skip refreshing their data:
 * nothing changed on the server yet, and a refetch while offline would swap the screen's saved
 * data for an error. The outbox refreshes every query once it has sent (start-sync.ts).
 */
export function wasQueued(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { queued?: unknown }).queued === true;
}
