import { newIdempotencyKey } from '../../lib/outbox/offline-writes';

/**
 * One run of practice: a player opened once. Its key joins the feeling tapped before and the
 * one tapped after into one row on the server (practice_feelings.run_key). The player's start
 * (the catalogue player opening, the template's intro) begins a run; its completion screen asks
 * about the same run. Kept in memory: a reload mid-session starts afresh.
 */
interface Run {
  key: string;
  startedAt: number;
}

/** A run older than this is not the one a completion screen belongs to. */
export const RUN_LIFETIME_MS = 6 * 60 * 60 * 1000;

const runs = new Map<string, Run>();
const id = (kind: string, itemId: number) => `${kind}:${itemId}`;

/** A new run of `kind`/`itemId`, replacing any earlier one of the same item. */
export function beginRun(kind: string, itemId: number, now = Date.now()): string {
  const run = { key: newIdempotencyKey(), startedAt: now };
  runs.set(id(kind, itemId), run);
  return run.key;
}

/** The run a completion screen asks about: the latest begun, or a new one when there is none. */
export function currentRun(kind: string, itemId: number, now = Date.now()): string {
  const run = runs.get(id(kind, itemId));
  if (run && now - run.startedAt < RUN_LIFETIME_MS) return run.key;
  return beginRun(kind, itemId, now);
}
