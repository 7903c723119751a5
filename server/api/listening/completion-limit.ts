/**
 * How fast one member can earn tone tokens. Nobody finishes thirty sessions in a minute, so
 * each member has a "listening budget" in seconds of audio, refilled by the clock one second
 * per second up to BUDGET_S. An awarded completion spends the session's length; when the
 * budget cannot cover it the completion is refused (429 with Retry-After) and nothing is
 * recorded. BUDGET_S lets a few sessions finished offline be replayed at once when the
 * connection returns; a burst over the whole catalogue stops after fifteen minutes of audio.
 * Repeats of the same session on the same local day award nothing and spend nothing.
 *
 * Kept in memory: one process serves the product, and a restart only refills the budgets.
 */
export const BUDGET_S = 900;
/** Sessions with an unknown length still cost this much. */
const MIN_COST_S = 30;

interface Bucket {
  seconds: number;
  at: number;
}

export function createCompletionLimiter(now: () => number) {
  const buckets = new Map<string, Bucket>();

  const level = (userId: string, t: number): number => {
    const b = buckets.get(userId);
    if (!b) return BUDGET_S;
    return Math.min(BUDGET_S, b.seconds + (t - b.at) / 1000);
  };

  const sweep = (t: number) => {
    // A full bucket is the same as no bucket: forget it, so memory stays bounded.
    if (buckets.size < 10_000) return;
    for (const [k, b] of buckets) if (b.seconds + (t - b.at) / 1000 >= BUDGET_S) buckets.delete(k);
  };

  return {
    /** Seconds to wait before a session of this length could be awarded; 0 when it can be now. */
    waitFor(userId: string, lengthSec: number | null): number {
      const cost = Math.min(BUDGET_S, Math.max(MIN_COST_S, lengthSec ?? 0));
      const missing = cost - level(userId, now());
      return missing > 0 ? Math.ceil(missing) : 0;
    },
    /** Records an awarded completion. */
    spend(userId: string, lengthSec: number | null): void {
      const t = now();
      sweep(t);
      const cost = Math.min(BUDGET_S, Math.max(MIN_COST_S, lengthSec ?? 0));
      buckets.set(userId, { seconds: level(userId, t) - cost, at: t });
    },
  };
}
