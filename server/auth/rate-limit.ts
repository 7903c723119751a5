import type { SqlExecutor } from '../db/sql';

/**
 * Sliding-window limiter: allows at most `max` hits per key in the last `windowMs`. The hits
 * are rows in the database (`rate_limit_hits`, migration 0075), so every process of a cluster
 * counts the same hits. The count and the insert are one transaction serialised per key
 * (SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory lock on the key), so two processes cannot
 * both take the last slot. The clock is injected so tests move time instead of sleeping.
 * `bucket` names the limit (one table holds them all).
 */
export interface RateLimiter {
  /** Records a hit and resolves to 0 when allowed, else the seconds until the next one would be. */
  hit(key: string): Promise<number>;
}

/**
 * Makes the rest of the transaction the only one working on `name`. SQLite's BEGIN IMMEDIATE
 * already serialises every writer; PostgreSQL (READ COMMITTED) would let two transactions
 * both read the same count, so they queue on a transaction-scoped advisory lock instead.
 */
export async function lockName(tx: SqlExecutor, name: string): Promise<void> {
  if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [name]);
}

export function slidingWindow(
  sql: SqlExecutor,
  bucket: string,
  max: number,
  windowMs: number,
  now: () => number,
): RateLimiter {
  let lastSweep = now();
  const hit = (key: string): Promise<number> =>
    sql.transaction(async (tx) => {
      const t = now();
      await lockName(tx, `rate:${bucket}\n${key}`);
      // Forget idle keys now and then, so a scan over many addresses cannot grow the table forever.
      if (t - lastSweep >= windowMs) {
        lastSweep = t;
        await tx.run('DELETE FROM rate_limit_hits WHERE bucket = ? AND at_ms <= ?', [bucket, t - windowMs]);
      }
      await tx.run('DELETE FROM rate_limit_hits WHERE bucket = ? AND key = ? AND at_ms <= ?', [
        bucket,
        key,
        t - windowMs,
      ]);
      const row = await tx.get<{ n: number; first: number | null }>(
        'SELECT count(*) AS n, min(at_ms) AS first FROM rate_limit_hits WHERE bucket = ? AND key = ?',
        [bucket, key],
      );
      const n = Number(row?.n ?? 0);
      // A refused hit is not recorded: waiting it out is enough.
      if (n >= max) return Math.max(1, Math.ceil((Number(row?.first ?? t) + windowMs - t) / 1000));
      await tx.run('INSERT INTO rate_limit_hits (bucket, key, at_ms) VALUES (?, ?, ?)', [bucket, key, t]);
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
  wait(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  succeed(key: string): Promise<void>;
}

export const BACKOFF_BASE_MS = 15_000;
export const BACKOFF_MAX_MS = 15 * MINUTE;
const FORGET_MS = 60 * MINUTE;

interface FailureRow {
  failures: number;
  last_ms: number;
  locked_until_ms: number;
}

export function failureBackoff(
  sql: SqlExecutor,
  bucket: string,
  free: number,
  now: () => number,
): FailureLimiter {
  let lastSweep = now();
  const live = async (ex: SqlExecutor, key: string, t: number): Promise<FailureRow | undefined> => {
    const row = await ex.get<FailureRow>(
      'SELECT failures, last_ms, locked_until_ms FROM rate_limit_failures WHERE bucket = ? AND key = ?',
      [bucket, key],
    );
    return row && t - Number(row.last_ms) <= FORGET_MS ? row : undefined;
  };
  const fail = (key: string): Promise<void> =>
    sql.transaction(async (tx) => {
      const t = now();
      // Read-modify-write of one counter: serialised per key, so two processes count both failures.
      await lockName(tx, `fail:${bucket}\n${key}`);
      if (t - lastSweep > FORGET_MS) {
        lastSweep = t;
        await tx.run('DELETE FROM rate_limit_failures WHERE bucket = ? AND last_ms < ?', [
          bucket,
          t - FORGET_MS,
        ]);
      }
      const s = (await live(tx, key, t)) ?? { failures: 0, last_ms: t, locked_until_ms: 0 };
      const failures = Number(s.failures) + 1;
      const over = failures - free + 1;
      const lockedUntil =
        over > 0
          ? t + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(over - 1, 20))
          : Number(s.locked_until_ms);
      await tx.run(
        `INSERT INTO rate_limit_failures (bucket, key, failures, last_ms, locked_until_ms) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (bucket, key) DO UPDATE SET failures = excluded.failures, last_ms = excluded.last_ms,
           locked_until_ms = excluded.locked_until_ms`,
        [bucket, key, failures, t, lockedUntil],
      );
    });
  return {
    async wait(key) {
      const t = now();
      const s = await live(sql, key, t);
      return s && s.locked_until_ms > t ? Math.ceil((s.locked_until_ms - t) / 1000) : 0;
    },
    fail,
    async succeed(key) {
      await sql.run('DELETE FROM rate_limit_failures WHERE bucket = ? AND key = ?', [bucket, key]);
    },
  };
}
/**
 * The limits of the auth service, close to GoTrue's defaults, per IP and per email address.
 * `scale` multiplies every allowance (AUTH_RATE_LIMIT_SCALE): a test or load run from one
 * address raises it instead of switching the limits off.
 */
export function createAuthLimits(sql: SqlExecutor, now: () => number, scale = 1) {
  const allow = (n: number) => Math.max(1, Math.round(n * scale));
  const window = (bucket: string, max: number, windowMs: number) =>
    slidingWindow(sql, bucket, allow(max), windowMs, now);
  return {
    /**
     * Password sign-in counts failures only, keyed on the address AND the email together: a
     * stranger's wrong guesses from elsewhere never lock the owner out. Per address alone, a
     * higher allowance stops one machine trying many accounts.
     */
    signInFailures: failureBackoff(sql, 'sign_in_pair', allow(5), now),
    signInFailuresPerIp: failureBackoff(sql, 'sign_in_ip', allow(30), now),
    refreshPerIp: window('refresh_ip', 150, 5 * MINUTE),
    signUpPerIp: window('sign_up_ip', 30, 60 * MINUTE),
    /** Demo mode's ready-made accounts (POST /api/dev/test-accounts): as many as sign-ups. */
    testAccountsPerIp: window('test_account_ip', 30, 60 * MINUTE),
    recoverPerIp: window('recover_ip', 30, 60 * MINUTE),
    verifyPerIp: window('verify_ip', 60, 5 * MINUTE),
    /** One mail per address per minute (GoTrue's SMTP_MAX_FREQUENCY), whatever the account state. */
    mailPerEmail: window('mail_email', 1, MINUTE),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
