import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { ApiError } from './http';

/** How long a key is remembered. Longer than the 72 h a queued write may be late (occurred-at.ts). */
export const KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Pruning runs at most this often per process, on a write that stores a key. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A successful answer of a write route: what is sent now and, with a key, what is replayed. */
export interface Answer {
  status: 200 | 201;
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
 *   const key = idem.keyOf(c);             // before anything else: 400 when malformed
 *   ...parse and validate the body...
 *   return idem.respond(c, key, () => effect());   // effect is synchronous and returns an Answer
 *
 * `respond` runs the effect and stores the key with the answer in ONE immediate write
 * transaction, so two requests with one key (same process or not) give one effect: the second
 * finds the row and gets the first answer back with `Idempotent-Replayed: true`. The same key
 * with another route or body is 422. Errors (4xx thrown by the effect, 429, 5xx) roll back and
 * store nothing, so a retry with the same key is judged afresh. Without a header the route
 * behaves as before.
 */
export function createIdempotency(deps: Pick<AppDeps, 'db' | 'now'>) {
  const { db } = deps;
  const s = {
    get: db.prepare(
      'SELECT route, body_hash, status, response FROM idempotency_keys WHERE user_id = ? AND key = ?',
    ),
    put: db.prepare(`INSERT INTO idempotency_keys (user_id, key, route, body_hash, status, response, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`),
    prune: db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?'),
  };
  let prunedAt = 0;

  const prune = (now: number) => {
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    s.prune.run(new Date(now - KEY_TTL_MS).toISOString());
  };

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

    /** Runs `effect` once per member and key and sends its answer (or the stored one). */
    async respond(c: Context<AppEnv>, key: string | null, effect: () => Answer): Promise<Response> {
      const userId = c.var.user.id;
      const route = `${c.req.method} ${c.req.path}`;
      // Hono caches the body text, so the route's own parser has read (or will read) the same.
      const hash = key ? hashBody(await c.req.text()) : '';
      const run = db.transaction((): Answer & { replayed: boolean } => {
        if (key) {
          const row = s.get.get(userId, key) as KeyRow | undefined;
          if (row) {
            if (row.route !== route || row.body_hash !== hash) {
              throw new ApiError(
                422,
                'idempotency_key_reused',
                'This Idempotency-Key was already used for a different request. Send a new key for a new write.',
                { 'Idempotency-Key': 'already used for a different request' },
              );
            }
            return { status: row.status as Answer['status'], body: JSON.parse(row.response), replayed: true };
          }
        }
        const answer = effect();
        if (key) {
          const now = deps.now();
          prune(now);
          s.put.run(
            userId,
            key,
            route,
            hash,
            answer.status,
            JSON.stringify(answer.body),
            new Date(now).toISOString(),
          );
        }
        return { ...answer, replayed: false };
      });
      // Immediate: the write lock is taken before the key is read, so another process holding
      // the same key waits for this one's row instead of running the effect a second time.
      const answer = run.immediate();
      if (answer.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(answer.body as object, answer.status);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
