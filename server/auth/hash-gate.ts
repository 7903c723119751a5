import os from 'node:os';
import type { Config } from '../config';

/**
 * Who a password hash is for. 'member': someone proving who they are (sign-in, a signed-in
 * member's password check or change). 'new': an account being made (sign-up, a test account,
 * a one-time-code account). New accounts are what a flood sends, members must not wait
 * behind it (issue 34: 40 connections of sign-up took a member's sign-in from 0.3 s to 46 s).
 */
export type HashLane = 'member' | 'new';

/** Thrown instead of queueing when the lane's waiting line is full: the caller answers 503. */
export class PasswordHashBusy extends Error {
  readonly retryAfterSeconds = 1;
  constructor(readonly lane: HashLane) {
    super(`password hashing is busy (${lane})`);
  }
}

export const HASH_BUSY_MESSAGE = 'The server is busy checking passwords. Please try again in a moment.';

export interface HashGateLimits {
  /** Hashes running at once, both lanes together. */
  running: number;
  /** Of those, at most this many for new accounts: the rest is kept for members. */
  runningNew: number;
  /** Requests waiting per lane; one more is refused at once. */
  waiting: number;
}

/**
 * scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), which file reads and
 * WebCrypto (token signing) share. One thread is left for those. New accounts get one thread
 * fewer than the rest, and one core fewer than the machine has: every hash is a core's worth
 * of work, and with all cores hashing sign-ups a member's hash and the event loop itself (every
 * other request) would share what is left. So a member's check always finds a free thread and
 * a core, or is the next to get one (members are served first whenever a thread frees).
 */
export function hashGateLimits(
  config: Pick<Config, 'passwordHashThreads' | 'passwordHashQueue'>,
  cores = os.availableParallelism(),
): HashGateLimits {
  const running = Math.max(1, config.passwordHashThreads - 1);
  const runningNew = Math.max(1, Math.min(running - 1, cores - 1));
  return { running, runningNew, waiting: config.passwordHashQueue };
}

export interface HashGate {
  /** Runs `work` when the lane may, or throws PasswordHashBusy at once when its line is full. */
  run<T>(lane: HashLane, work: () => Promise<T>): Promise<T>;
  /**
   * Throws PasswordHashBusy now when `run` would: a route calls it before its other work (the
   * rate limit's transaction, reading the body), so a flood's refusals cost nearly nothing and
   * do not queue for the database in front of a member's sign-in.
   */
  assertRoom(lane: HashLane): void;
  /** Hashes running and waiting now, per lane (for tests and the bench). */
  load(): Record<HashLane, { running: number; waiting: number }>;
}

export function createHashGate(limits: HashGateLimits): HashGate {
  const running: Record<HashLane, number> = { member: 0, new: 0 };
  const waiting: Record<HashLane, Array<() => void>> = { member: [], new: [] };
  const total = () => running.member + running.new;
  const mayStart = (lane: HashLane) =>
    total() < limits.running && (lane === 'member' || running.new < limits.runningNew);

  const startNext = () => {
    // Members first: a waiting sign-in never stays behind a waiting sign-up.
    for (const lane of ['member', 'new'] as const) {
      while (waiting[lane].length > 0 && mayStart(lane)) {
        running[lane] += 1;
        waiting[lane].shift()?.();
      }
    }
  };

  const full = (lane: HashLane) => !mayStart(lane) && waiting[lane].length >= limits.waiting;

  const slot = (lane: HashLane): Promise<void> => {
    if (mayStart(lane) && waiting[lane].length === 0) {
      running[lane] += 1;
      return Promise.resolve();
    }
    if (full(lane)) return Promise.reject(new PasswordHashBusy(lane));
    return new Promise((resolve) => waiting[lane].push(resolve));
  };

  return {
    assertRoom(lane) {
      if (full(lane)) throw new PasswordHashBusy(lane);
    },
    async run(lane, work) {
      await slot(lane);
      try {
        return await work();
      } finally {
        running[lane] -= 1;
        startNext();
      }
    },
    load: () => ({
      member: { running: running.member, waiting: waiting.member.length },
      new: { running: running.new, waiting: waiting.new.length },
    }),
  };
}

/** One gate per app (per Config object): the thread pool is the process's, tests each get their own. */
const gates = new WeakMap<object, HashGate>();
export function hashGateFor(config: Pick<Config, 'passwordHashThreads' | 'passwordHashQueue'>): HashGate {
  let gate = gates.get(config);
  if (!gate) gates.set(config, (gate = createHashGate(hashGateLimits(config))));
  return gate;
}
