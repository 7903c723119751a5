/**
 * The offline write outbox (issue 13): writes that could not reach the server wait here, in
 * order, and are sent once the network is back. Each carries the Idempotency-Key it was first
 * sent with, so a write whose answer was lost, or one two tabs send at once, still has one
 * effect on the server (server/lib/idempotency.ts). This module is pure logic: the storage
 * (IndexedDB in the app, memory in tests), the sender, the clock and the cross-tab lock are
 * passed in.
 */

/** Writes the outbox may hold: creations (POST), settings and enrolments (PUT, DELETE). */
export type OutboxMethod = 'POST' | 'PUT' | 'DELETE';

export interface OutboxItem {
  /** The Idempotency-Key, also the item's id. */
  key: string;
  /** Queue order: items are sent oldest first. */
  seq: number;
  /** The member whose token must send it; another member signed in here never sends it. */
  userId: string;
  method: OutboxMethod;
  url: string;
  body: unknown;
  /** When the member did it (ISO); completions carry it in the body as occurredAt too. */
  occurredAt: string;
  /**
   * What it is, for messages: 'completion', 'echo', 'reflection', 'template-session',
   * 'private-reflection', 'mood', 'vitals', 'goal', 'enrolment', 'unenrolment',
   * 'circle-practice', 'voice-analysis', 'tuning-recording', 'class-view', 'onboarding'
   * (src/features/sync/describe-write.ts names each).
   */
  kind: string;
  attempts: number;
  /** Not before this time (ms); set by back-off or a Retry-After. */
  notBefore: number;
  /** Why the last try did not go through, in the member's words; absent before any try failed. */
  lastError?: string;
  /**
   * A row for /rest/v1 instead of an /api route: `body` is upserted into this table with
   * `ignore-duplicates` on this unique key, whose client-made value makes a replay no change.
   */
  rest?: { table: string; onConflict: string };
}

export interface OutboxStore {
  all(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What one send attempt came to. */
export type SendOutcome =
  | { kind: 'done' }
  | { kind: 'refused'; status: number; message: string }
  | {
      kind: 'retry';
      retryAfterMs?: number;
      message?: string;
      /** The server was not reached at all (as opposed to an answer saying "later"). */
      offline?: boolean;
      /** The server answered that it is unavailable for a moment (a 503 with Retry-After). */
      unavailable?: boolean;
    };

/** What "Send now" on one item came to. */
export type SendNowResult =
  | { kind: 'sent' }
  | { kind: 'refused'; message: string }
  | { kind: 'waiting'; message: string }
  /** Not there any more (sent or discarded by another tab meanwhile), or not this member's. */
  | { kind: 'gone' }
  /** Another tab is sending the outbox right now. */
  | { kind: 'busy' };

/** The lastError of an item whose send failed without a word from the server. */
export const NO_CONNECTION = 'Could not reach Tuneful';

export interface OutboxDeps {
  store: OutboxStore;
  send: (item: OutboxItem) => Promise<SendOutcome>;
  now: () => number;
  /** The signed-in member, or null: only their items are sent. */
  currentUserId: () => Promise<string | null>;
  /**
   * Runs `fn` while holding the cross-tab flush lock, or returns false without running it when
   * another tab holds it (Web Locks `ifAvailable`).
   */
  withLock: (fn: () => Promise<void>) => Promise<boolean>;
  /** Called when the number of waiting items may have changed, or items were sent. */
  onChange?: (event: OutboxChange) => void;
}

/**
 * What changed: items sent, items refused for good, or (`kept`) items updated or removed by the
 * member without a send; an event with none of them is a new item queued.
 */
export interface OutboxChange {
  sent: number;
  refused: OutboxItem[];
  kept?: boolean;
}

const BASE_DELAY_MS = 2_000;
/**
 * Older writes are dropped unsent: the server refuses anything over 72 hours old, and an item
 * of a member who never signs in here again (or deleted their account) must not stay forever.
 */
export const MAX_ITEM_AGE_MS = 8 * 24 * 60 * 60 * 1000;
const MAX_DELAY_MS = 5 * 60_000;

/** 2 s, 4 s, 8 s … up to 5 minutes after the n-th failed attempt. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/** A status the same request may pass later: timeouts, rate limits and server trouble. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * A server (or the gateway before it) that is there but unavailable for a moment: a restarting
 * database answers 503 with Retry-After. The write is sound and waits in the outbox.
 */
export function isUnavailableStatus(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

export function createOutbox(deps: OutboxDeps) {
  let seq = 0;
  let running: Promise<FlushResult> | null = null;

  async function enqueue(item: Omit<OutboxItem, 'seq' | 'attempts' | 'notBefore'>): Promise<OutboxItem> {
    // Date-based so order holds across tabs and reloads; the counter breaks ties in one tab.
    const full: OutboxItem = { ...item, seq: deps.now() * 1000 + (seq++ % 1000), attempts: 0, notBefore: 0 };
    await deps.store.put(full);
    deps.onChange?.({ sent: 0, refused: [] });
    return full;
  }

  async function pending(userId: string | null): Promise<OutboxItem[]> {
    if (!userId) return [];
    const items = await deps.store.all();
    return items.filter((i) => i.userId === userId).sort((a, b) => a.seq - b.seq);
  }

  /** Removes every member's items past MAX_ITEM_AGE_MS. */
  async function dropExpired(): Promise<void> {
    const cutoff = deps.now() - MAX_ITEM_AGE_MS;
    for (const item of await deps.store.all()) {
      if (Date.parse(item.occurredAt) < cutoff) await deps.store.remove(item.key);
    }
  }

  const sendOne = (item: OutboxItem) =>
    deps.send(item).catch((): SendOutcome => ({ kind: 'retry', message: NO_CONNECTION }));

  /** Counts the failed try, notes why and when to try again. */
  async function keepForLater(
    item: OutboxItem,
    outcome: SendOutcome & { kind: 'retry' },
  ): Promise<OutboxItem> {
    const attempts = item.attempts + 1;
    const notBefore = deps.now() + Math.max(outcome.retryAfterMs ?? 0, backoffMs(attempts));
    const kept = { ...item, attempts, notBefore, lastError: outcome.message ?? NO_CONNECTION };
    await deps.store.put(kept);
    return kept;
  }

  /** One pass in order: stops at the first item that must wait, so order is kept. */
  async function pass(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: [], waiting: 0, nextAttemptAt: null };
    await dropExpired();
    const userId = await deps.currentUserId();
    const items = await pending(userId);
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const now = deps.now();
      if (item.notBefore > now) {
        result.waiting = items.length - i;
        result.nextAttemptAt = item.notBefore;
        break;
      }
      const outcome = await sendOne(item);
      if (outcome.kind === 'retry') {
        result.waiting = items.length - i;
        result.nextAttemptAt = (await keepForLater(item, outcome)).notBefore;
        break;
      }
      // Sent, or refused for good (4xx): either way it must not be sent again.
      await deps.store.remove(item.key);
      if (outcome.kind === 'done') result.sent++;
      else result.refused.push(item);
    }
    if (result.sent > 0 || result.refused.length > 0)
      deps.onChange?.({ sent: result.sent, refused: result.refused });
    else if (result.waiting > 0) deps.onChange?.({ sent: 0, refused: [], kept: true });
    return result;
  }

  /**
   * Sends what is due, once per tab at a time and in one tab at a time. Resolves with what was
   * sent and when to try again (null when nothing waits, or another tab is flushing).
   */
  function flush(): Promise<FlushResult> {
    if (running) return running;
    running = (async () => {
      let out: FlushResult = { sent: 0, refused: [], waiting: 0, nextAttemptAt: null };
      await deps.withLock(async () => {
        out = await pass();
      });
      return out;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /**
   * "Send now" on one item, out of turn and ignoring its back-off. Safe out of order: no queued
   * write refers to another (each is a whole completion, echo or reflection; ids the server
   * makes are never known offline). Holds the same cross-tab lock as a flush.
   */
  async function sendNow(key: string): Promise<SendNowResult> {
    await running?.catch(() => undefined);
    let result: SendNowResult = { kind: 'busy' };
    await deps.withLock(async () => {
      const userId = await deps.currentUserId();
      const item = (await pending(userId)).find((i) => i.key === key);
      if (!item) {
        result = { kind: 'gone' };
        return;
      }
      const outcome = await sendOne(item);
      if (outcome.kind === 'retry') {
        const kept = await keepForLater(item, outcome);
        result = { kind: 'waiting', message: kept.lastError ?? NO_CONNECTION };
        deps.onChange?.({ sent: 0, refused: [], kept: true });
        return;
      }
      await deps.store.remove(item.key);
      result = outcome.kind === 'done' ? { kind: 'sent' } : { kind: 'refused', message: outcome.message };
      deps.onChange?.({
        sent: outcome.kind === 'done' ? 1 : 0,
        refused: outcome.kind === 'done' ? [] : [item],
      });
    });
    return result;
  }

  /** The member gives the write up: it is removed unsent. */
  async function discard(key: string): Promise<void> {
    await deps.store.remove(key);
    deps.onChange?.({ sent: 0, refused: [], kept: true });
  }

  return { enqueue, flush, pending, sendNow, discard };
}

export interface FlushResult {
  sent: number;
  refused: OutboxItem[];
  /** Items still waiting for this member after the pass. */
  waiting: number;
  nextAttemptAt: number | null;
}

export type Outbox = ReturnType<typeof createOutbox>;
