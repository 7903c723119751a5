import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import type { SqlExecutor } from '../db/sql';
import { ApiError } from './http';

/** How long a key is remembered. Longer than the 72 h a queued write may be late (occurred-at.ts). */
export const KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Pruning runs at most this often per process, on a write that stores a key. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A successful answer of a write route: what is sent now and, with a key, what is replayed. */
export interface Answer {
  /** 204 (a DELETE) sends no body; its stored body is null. */
  status: 200 | 201 | 204;
  body: unknown;
}

interface KeyRow {
  route: string;
  body_hash: string;
  status: number;
  response: string;
}

/** The same JSON with keys in a fixed order, so `{"a":1,"b":2}` and `{"b":2,"a":1}` hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

function hashBody(text: string): string {
  let normal = text;
  try {
    normal = text.trim() === '' ? '' : JSON.stringify(canonical(JSON.parse(text)));
  } catch {
    // Not JSON: the route's own parser refuses it; the raw text is hashed meanwhile.
  }
  return createHash('sha256').update(normal).digest('hex');
}

/**
 * Exactly-once writes with an `Idempotency-Key` header (a UUID), for the writes the app may
 * queue offline and send again. One piece every such route calls:
 *
 *   const key = idem.keyOf(c);                   // before anything else: 400 when malformed
 *   ...parse and validate the body...
 *   return idem.respond(c, key, (tx) => effect(tx));  // every statement of the effect on tx
 *
 * `respond` claims the key, runs the effect and stores its answer in ONE transaction. The
 * claim is `INSERT … ON CONFLICT DO NOTHING RETURNING`: on PostgreSQL a second request with
 * the same key (another process too) waits on the first one's uncommitted row and then finds
 * it taken, so it replays the stored answer with `Idempotent-Replayed: true` instead of running
 * the effect again; on SQLite BEGIN IMMEDIATE serialises the two. The same key with another
 * route or body is 422. Errors (4xx thrown by the effect, 429, 5xx) roll back the claim and
 * store nothing, so a retry with the same key is judged afresh. Without a header the route
 * behaves as before (the effect still runs in one transaction).
 */
export function createIdempotency(deps: Pick<AppDeps, 'sql' | 'now'>) {
  const { sql } = deps;
  let prunedAt = 0;

  /** Forgets keys older than KEY_TTL_MS, at most every PRUNE_EVERY_MS per process. */
  const prune = async (now: number) => {
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    await sql.run('DELETE FROM idempotency_keys WHERE created_at < ?', [
      new Date(now - KEY_TTL_MS).toISOString(),
    ]);
  };

  const reused = () =>
    new ApiError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request. Send a new key for a new write.',
      { 'Idempotency-Key': 'already used for a different request' },
    );

  return {
    /** The request's key, lower-cased; null without the header; 400 when it is not a UUID. */
    keyOf(c: Context<AppEnv>): string | null {
      const raw = c.req.header('Idempotency-Key');
      if (raw === undefined) return null;
      const key = raw.trim();
      if (!UUID.test(key)) {
        throw new ApiError(400, 'invalid_idempotency_key', 'The Idempotency-Key header must be a UUID.', {
          'Idempotency-Key': 'must be a UUID',
        });
      }
      return key.toLowerCase();
    },

    /**
     * Runs `effect` once per member and key, in one transaction with the key, and sends its
     * answer (or the stored one). Every statement of the effect must run on the `tx` it gets.
     */
    async respond(
      c: Context<AppEnv>,
      key: string | null,
      effect: (tx: SqlExecutor) => Answer | Promise<Answer>,
    ): Promise<Response> {
      const userId = c.var.user.id;
      const route = `${c.req.method} ${c.req.path}`;
      // Hono caches the body text, so the route's own parser has read (or will read) the same.
      const hash = key ? hashBody(await c.req.text()) : '';
      const now = deps.now();
      if (key) await prune(now);
      const answer = await sql.transaction(async (tx): Promise<Answer & { replayed: boolean }> => {
        if (key) {
          // The claim: a placeholder answer, replaced below before the transaction commits, so
          // no other transaction ever sees it.
          const claimed = await tx.get(
            `INSERT INTO idempotency_keys (user_id, key, route, body_hash, status, response, created_at)
             VALUES (?, ?, ?, ?, 200, '', ?) ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
            [userId, key, route, hash, new Date(now).toISOString()],
          );
          if (!claimed) {
            const row = await tx.get<KeyRow>(
              'SELECT route, body_hash, status, response FROM idempotency_keys WHERE user_id = ? AND key = ?',
              [userId, key],
            );
            if (!row) {
              // Claimed and pruned in between (a week-old key): rare enough to ask for a retry.
              throw new ApiError(409, 'idempotency_key_busy', 'This write is being processed. Try again.');
            }
            if (row.route !== route || row.body_hash !== hash) throw reused();
            return { status: row.status as Answer['status'], body: JSON.parse(row.response), replayed: true };
          }
        }
        const result = await effect(tx);
        if (key) {
          await tx.run('UPDATE idempotency_keys SET status = ?, response = ? WHERE user_id = ? AND key = ?', [
            result.status,
            JSON.stringify(result.body),
            userId,
            key,
          ]);
        }
        return { ...result, replayed: false };
      });
      if (answer.replayed) c.header('Idempotent-Replayed', 'true');
      if (answer.status === 204) return c.body(null, 204);
      return c.json(answer.body as object, answer.status);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/**
 * After a member deletes an item, the stored answers of the write that created it keep only
 * that it was saved and since deleted: its numbers must not outlive it (they were still in the
 * export for up to a week). The key stays claimed, so a late replay of that write does not
 * bring the item back.
 */
export async function forgetDeletedItem(
  sql: SqlExecutor,
  userId: string,
  route: string,
  id: number | string,
): Promise<void> {
  const rows = await sql.all<{ key: string; response: string }>(
    'SELECT key, response FROM idempotency_keys WHERE user_id = ? AND route = ?',
    [userId, route],
  );
  for (const row of rows) {
    let stored: unknown;
    try {
      stored = JSON.parse(row.response);
    } catch {
      continue;
    }
    if ((stored as { id?: unknown } | null)?.id !== id) continue;
    await sql.run('UPDATE idempotency_keys SET response = ? WHERE user_id = ? AND key = ?', [
      JSON.stringify({ id, deleted: true }),
      userId,
      row.key,
    ]);
  }
}
