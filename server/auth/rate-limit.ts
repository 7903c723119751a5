import type { DB } from '../db/open';

/**
 * Sliding-window limiter: allows at most `max` hits per key in the last `windowMs`. The hits
 * are rows in app.db (`rate_limit_hits`, migration 0075), so every process of a cluster counts
 * the same hits; the check and the insert are one immediate transaction, so two processes
 * cannot both take the last slot. The clock is injected so tests move time instead of sleeping.
 * `bucket` names the limit (one table holds them all).
 */
export interface RateLimiter {
  /** Records a hit and returns 0 when allowed, else the seconds until the next one would be. */
  hit(key: string): number;
}

export function slidingWindow(
  db: DB,
  bucket: string,
  max: number,
  windowMs: number,
  now: () => number,
): RateLimiter {
  const forget = db.prepare('DELETE FROM rate_limit_hits WHERE bucket = ? AND key = ? AND at_ms <= ?');
  const recent = db.prepare(
    'SELECT count(*) AS n, min(at_ms) AS first FROM rate_limit_hits WHERE bucket = ? AND key = ?',
  );
  const insert = db.prepare('INSERT INTO rate_limit_hits (bucket, key, at_ms) VALUES (?, ?, ?)');
  const sweepAll = db.prepare('DELETE FROM rate_limit_hits WHERE bucket = ? AND at_ms <= ?');
  let lastSweep = now();
  const hit = db.transaction((key: string): number => {
    const t = now();
    // Forget idle keys now and then, so a scan over many addresses cannot grow the table forever.
    if (t - lastSweep >= windowMs) {
      lastSweep = t;
      sweepAll.run(bucket, t - windowMs);
    }
    forget.run(bucket, key, t - windowMs);
    const { n, first } = recent.get(bucket, key) as { n: number; first: number | null };
    // A refused hit is not recorded: waiting it out is enough.
    if (n >= max) return Math.max(1, Math.ceil(((first ?? t) + windowMs - t) / 1000));
    insert.run(bucket, key, t);
    return 0;
  });
  return { hit };
}

const MINUTE = 60_000;

/**
 * Counts failures only (a successful attempt is never what gets someone locked out) and backs
 * off: the `free`-th failure and each one after it locks the key for BACKOFF_BASE_MS doubling,
 * up to BACKOFF_MAX_MS. A key's failures are forgotten FORGET_MS after its last failure, or at
 * once on success (`succeed`). Kept in `rate_limit_failures`, shared by every process.
 */
export interface FailureLimiter {
  /** Seconds until the key may try again; 0 when it may now. One indexed read. */
  wait(key: string): number;
  fail(key: string): void;
  succeed(key: string): void;
}

export const BACKOFF_BASE_MS = 15_000;
export const BACKOFF_MAX_MS = 15 * MINUTE;
const FORGET_MS = 60 * MINUTE;

interface FailureRow {
  failures: number;
  last_ms: number;
  locked_until_ms: number;
}

export function failureBackoff(db: DB, bucket: string, free: number, now: () => number): FailureLimiter {
  const read = db.prepare(
    'SELECT failures, last_ms, locked_until_ms FROM rate_limit_failures WHERE bucket = ? AND key = ?',
  );
  const write = db.prepare(
    `INSERT INTO rate_limit_failures (bucket, key, failures, last_ms, locked_until_ms) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (bucket, key) DO UPDATE SET failures = excluded.failures, last_ms = excluded.last_ms,
       locked_until_ms = excluded.locked_until_ms`,
  );
  const remove = db.prepare('DELETE FROM rate_limit_failures WHERE bucket = ? AND key = ?');
  const sweepAll = db.prepare('DELETE FROM rate_limit_failures WHERE bucket = ? AND last_ms < ?');
  let lastSweep = now();
  const live = (key: string, t: number): FailureRow | undefined => {
    const row = read.get(bucket, key) as FailureRow | undefined;
    return row && t - row.last_ms <= FORGET_MS ? row : undefined;
  };
  const fail = db.transaction((key: string) => {
    const t = now();
    if (t - lastSweep > FORGET_MS) {
      lastSweep = t;
      sweepAll.run(bucket, t - FORGET_MS);
    }
    const s = live(key, t) ?? { failures: 0, last_ms: t, locked_until_ms: 0 };
    const failures = s.failures + 1;
    const over = failures - free + 1;
    const lockedUntil =
      over > 0
        ? t + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(over - 1, 20))
        : s.locked_until_ms;
    write.run(bucket, key, failures, t, lockedUntil);
  });
  return {
    wait(key) {
      const t = now();
      const s = live(key, t);
      return s && s.locked_until_ms > t ? Math.ceil((s.locked_until_ms - t) / 1000) : 0;
    },
    fail,
    succeed(key) {
      remove.run(bucket, key);
    },
  };
}

/**
 * The limits of the auth service, close to GoTrue's defaults, per IP and per email address.
 * `scale` multiplies every allowance (AUTH_RATE_LIMIT_SCALE): a test or load run from one
 * address raises it instead of switching the limits off.
 */
export function createAuthLimits(db: DB, now: () => number, scale = 1) {
  const allow = (n: number) => Math.max(1, Math.round(n * scale));
  const window = (bucket: string, max: number, windowMs: number) =>
    slidingWindow(db, bucket, allow(max), windowMs, now);
  return {
    /**
     * Password sign-in counts failures only, keyed on the address AND the email together: a
     * stranger's wrong guesses from elsewhere never lock the owner out. Per address alone, a
     * higher allowance stops one machine trying many accounts.
     */
    signInFailures: failureBackoff(db, 'sign_in_pair', allow(5), now),
    signInFailuresPerIp: failureBackoff(db, 'sign_in_ip', allow(30), now),
    refreshPerIp: window('refresh_ip', 150, 5 * MINUTE),
    signUpPerIp: window('sign_up_ip', 30, 60 * MINUTE),
    recoverPerIp: window('recover_ip', 30, 60 * MINUTE),
    verifyPerIp: window('verify_ip', 60, 5 * MINUTE),
    /** One mail per address per minute (GoTrue's SMTP_MAX_FREQUENCY), whatever the account state. */
    mailPerEmail: window('mail_email', 1, MINUTE),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
