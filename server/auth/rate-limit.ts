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
 * The limits of the auth service, close to GoTrue's defaults, per IP and per email address.
 * `scale` multiplies every allowance (AUTH_RATE_LIMIT_SCALE): a test or load run from one
 * address raises it instead of switching the limits off.
 */
export function createAuthLimits(now: () => number, scale = 1) {
  const slidingWindow = (max: number, windowMs: number, clock: () => number) =>
    slidingWindowBase(Math.max(1, Math.round(max * scale)), windowMs, clock);
  return {
    signInPerIp: slidingWindow(30, 5 * MINUTE, now),
    signInPerEmail: slidingWindow(10, 5 * MINUTE, now),
    refreshPerIp: slidingWindow(150, 5 * MINUTE, now),
    signUpPerIp: slidingWindow(30, 60 * MINUTE, now),
    recoverPerIp: slidingWindow(30, 60 * MINUTE, now),
    verifyPerIp: slidingWindow(60, 5 * MINUTE, now),
    /** One mail per address per minute (GoTrue's SMTP_MAX_FREQUENCY), whatever the account state. */
    mailPerEmail: slidingWindow(1, MINUTE, now),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
