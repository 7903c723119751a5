import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waiting for another process's SQLite write lock without stopping this one.
 *
 * better-sqlite3 is synchronous: with `busy_timeout` set, a statement that meets another
 * connection's write lock sleeps inside the call, on the event loop, and every request of the
 * process waits with it (GET /api/config took 5.2 s behind one such write, 10.3 s behind six).
 * So the connections the app uses have `busy_timeout = 0`, SQLITE_BUSY comes back at once, and
 * the work is tried again after a timer: the event loop serves other requests meanwhile.
 */

/** How long a statement or transaction keeps trying before it is answered 503 (as busy_timeout was). */
export const BUSY_DEADLINE_MS = 5_000;
/** The first wait after SQLITE_BUSY, doubled on each try up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 2;
/** Short enough that the work goes ahead within moments of the lock's release. */
const MAX_DELAY_MS = 50;

export interface BusyOptions {
  /** Give up (and let SQLITE_BUSY go up as "unavailable") this long after the first try. */
  busyDeadlineMs?: number;
}

/** SQLITE_BUSY and its extended codes (BUSY_SNAPSHOT, BUSY_RECOVERY, BUSY_TIMEOUT). */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

/**
 * Runs `attempt` until it ends other than with SQLITE_BUSY, waiting a growing, jittered delay
 * between tries (two processes that met do not try again in step). `attempt` must have done
 * nothing when it failed busy: one autocommit statement, or a whole transaction rolled back.
 */
export async function untilNotBusy<T>(attempt: () => Promise<T>, options: BusyOptions = {}): Promise<T> {
  const deadline = performance.now() + (options.busyDeadlineMs ?? BUSY_DEADLINE_MS);
  let delay = FIRST_DELAY_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (!isBusy(err)) throw err;
      const wait = delay * (0.5 + Math.random() / 2);
      if (performance.now() + wait > deadline) throw err;
      await sleep(wait);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  }
}
