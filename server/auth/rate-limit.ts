/**
 * In-memory sliding-window limiter: remembers the hit times per key and allows at most `max`
 * in the last `windowMs`. One process serves the product, so memory is the right store; the
 * clock is injected so tests move time instead of sleeping.
 */
export interface RateLimiter {
  /** Records a hit and returns 0 when allowed, else the seconds until the next one would be. */
  hit(key: string): number;
}

export function slidingWindow(max: number, windowMs: number, now: () => number): RateLimiter {
  return slidingWindowBase(max, windowMs, now);
}

function slidingWindowBase(max: number, windowMs: number, now: () => number): RateLimiter {
  const hits = new Map<string, number[]>();
  let lastSweep = now();
  const sweep = (t: number) => {
    // Forget idle keys now and then, so a scan over many addresses cannot grow memory forever.
    if (t - lastSweep < windowMs) return;
    lastSweep = t;
    for (const [k, times] of hits) if ((times.at(-1) ?? 0) <= t - windowMs) hits.delete(k);
  };
  return {
    hit(key) {
      const t = now();
      sweep(t);
      const recent = (hits.get(key) ?? []).filter((x) => x > t - windowMs);
      if (recent.length >= max) {
        hits.set(key, recent);
        return Math.max(1, Math.ceil(((recent[0] ?? t) + windowMs - t) / 1000));
      }
      recent.push(t);
      hits.set(key, recent);
      return 0;
    },
  };
}

const MINUTE = 60_000;

/**
 * Counts failures only (a successful attempt is never what gets someone locked out) and backs
 * off: the `free`-th failure and each one after it locks the key for BACKOFF_BASE_MS doubling,
 * up to BACKOFF_MAX_MS. A key's failures are forgotten FORGET_MS after its last failure, or at
 * once on success (`succeed`).
 */
export interface FailureLimiter {
  /** Seconds until the key may try again; 0 when it may now. Checking costs nothing. */
  wait(key: string): number;
  fail(key: string): void;
  succeed(key: string): void;
}

export const BACKOFF_BASE_MS = 15_000;
export const BACKOFF_MAX_MS = 15 * MINUTE;
const FORGET_MS = 60 * MINUTE;

export function failureBackoff(free: number, now: () => number): FailureLimiter {
  const state = new Map<string, { failures: number; last: number; lockedUntil: number }>();
  let lastSweep = now();
  const live = (key: string, t: number) => {
    const s = state.get(key);
    if (s && t - s.last > FORGET_MS) {
      state.delete(key);
      return undefined;
    }
    return s;
  };
  return {
    wait(key) {
      const t = now();
      const s = live(key, t);
      return s && s.lockedUntil > t ? Math.ceil((s.lockedUntil - t) / 1000) : 0;
    },
    fail(key) {
      const t = now();
      if (t - lastSweep > FORGET_MS) {
        lastSweep = t;
        for (const [k, s] of state) if (t - s.last > FORGET_MS) state.delete(k);
      }
      const s = live(key, t) ?? { failures: 0, last: t, lockedUntil: 0 };
      s.failures++;
      s.last = t;
      const over = s.failures - free + 1;
      if (over > 0)
        s.lockedUntil = t + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(over - 1, 20));
      state.set(key, s);
    },
    succeed(key) {
      state.delete(key);
    },
  };
}

/**
 * The limits of the auth service, close to GoTrue's defaults, per IP and per email address.
 * `scale` multiplies every allowance (AUTH_RATE_LIMIT_SCALE): a test or load run from one
 * address raises it instead of switching the limits off.
 */
export function createAuthLimits(now: () => number, scale = 1) {
  const slidingWindow = (max: number, windowMs: number, clock: () => number) =>
    slidingWindowBase(Math.max(1, Math.round(max * scale)), windowMs, clock);
  return {
    /**
     * Password sign-in counts failures only, keyed on the address AND the email together: a
     * stranger's wrong guesses from elsewhere never lock the owner out. Per address alone, a
     * higher allowance stops one machine trying many accounts.
     */
    signInFailures: failureBackoff(Math.max(1, Math.round(5 * scale)), now),
    signInFailuresPerIp: failureBackoff(Math.max(1, Math.round(30 * scale)), now),
    refreshPerIp: slidingWindow(150, 5 * MINUTE, now),
    signUpPerIp: slidingWindow(30, 60 * MINUTE, now),
    recoverPerIp: slidingWindow(30, 60 * MINUTE, now),
    verifyPerIp: slidingWindow(60, 5 * MINUTE, now),
    /** One mail per address per minute (GoTrue's SMTP_MAX_FREQUENCY), whatever the account state. */
    mailPerEmail: slidingWindow(1, MINUTE, now),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
