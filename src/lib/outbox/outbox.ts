/**
 * The offline write outbox (issue 13): writes that could not reach the server wait here, in
 * order, and are sent once the network is back. Each carries the Idempotency-Key it was first
 * sent with, so a write whose answer was lost, or one two tabs send at once, still has one
 * effect on the server (server/lib/idempotency.ts). This module is pure logic: the storage
 * (IndexedDB in the app, memory in tests), the sender, the clock and the cross-tab lock are
 * passed in.
 */

export interface OutboxItem {
  /** The Idempotency-Key, also the item's id. */
  key: string;
  /** Queue order: items are sent oldest first. */
  seq: number;
  /** The member whose token must send it; another member signed in here never sends it. */
  userId: string;
  method: 'POST';
  url: string;
  body: unknown;
  /** When the member did it (ISO); completions carry it in the body as occurredAt too. */
  occurredAt: string;
  /** What it is, for messages: 'completion', 'echo', 'reflection', 'template-session'. */
  kind: string;
  attempts: number;
  /** Not before this time (ms); set by back-off or a Retry-After. */
  notBefore: number;
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
  | { kind: 'retry'; retryAfterMs?: number };

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
  onChange?: (event: { sent: number; refused: OutboxItem[] }) => void;
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
      const outcome = await deps.send(item).catch((): SendOutcome => ({ kind: 'retry' }));
      if (outcome.kind === 'retry') {
        const attempts = item.attempts + 1;
        const notBefore = deps.now() + Math.max(outcome.retryAfterMs ?? 0, backoffMs(attempts));
        await deps.store.put({ ...item, attempts, notBefore });
        result.waiting = items.length - i;
        result.nextAttemptAt = notBefore;
        break;
      }
      // Sent, or refused for good (4xx): either way it must not be sent again.
      await deps.store.remove(item.key);
      if (outcome.kind === 'done') result.sent++;
      else result.refused.push(item);
    }
    if (result.sent > 0 || result.refused.length > 0)
      deps.onChange?.({ sent: result.sent, refused: result.refused });
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

  return { enqueue, flush, pending };
}

export interface FlushResult {
  sent: number;
  refused: OutboxItem[];
  /** Items still waiting for this member after the pass. */
  waiting: number;
  nextAttemptAt: number | null;
}

export type Outbox = ReturnType<typeof createOutbox>;
