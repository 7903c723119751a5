import type { DB } from '../../db/open';

/**
 * How fast one member can earn tone tokens. Nobody finishes thirty sessions in a minute, so
 * each member has a "listening budget" in seconds of audio, refilled by the clock one second
 * per second up to BUDGET_S. An awarded completion spends the session's length; when the
 * budget cannot cover it the completion is refused (429 with Retry-After) and nothing is
 * recorded. BUDGET_S lets a few sessions finished offline be replayed at once when the
 * connection returns; a burst over the whole catalogue stops after fifteen minutes of audio.
 * Repeats of the same session on the same local day award nothing and spend nothing.
 *
 * Kept in app.db (`listening_budgets`, migration 0075) so every process of a cluster spends
 * from the same budget. Call `waitFor` and `spend` inside the completion's (immediate)
 * transaction: the check and the spend are then one step for every process.
 */
export const BUDGET_S = 900;
/** Sessions with an unknown length still cost this much. */
const MIN_COST_S = 30;

export function createCompletionLimiter(db: DB, now: () => number) {
  const read = db.prepare('SELECT seconds, at_ms FROM listening_budgets WHERE user_id = ?');
  const write = db.prepare(
    `INSERT INTO listening_budgets (user_id, seconds, at_ms) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET seconds = excluded.seconds, at_ms = excluded.at_ms`,
  );
  // A full budget is the same as no row: refilled rows are removed, so the table stays small.
  const sweep = db.prepare('DELETE FROM listening_budgets WHERE seconds + (? - at_ms) / 1000.0 >= ?');
  let lastSweep = now();

  const level = (userId: string, t: number): number => {
    const b = read.get(userId) as { seconds: number; at_ms: number } | undefined;
    if (!b) return BUDGET_S;
    return Math.min(BUDGET_S, b.seconds + (t - b.at_ms) / 1000);
  };
  const costOf = (lengthSec: number | null) => Math.min(BUDGET_S, Math.max(MIN_COST_S, lengthSec ?? 0));

  return {
    /** Seconds to wait before a session of this length could be awarded; 0 when it can be now. */
    waitFor(userId: string, lengthSec: number | null): number {
      const missing = costOf(lengthSec) - level(userId, now());
      return missing > 0 ? Math.ceil(missing) : 0;
    },
    /** Records an awarded completion. */
    spend(userId: string, lengthSec: number | null): void {
      const t = now();
      if (t - lastSweep > BUDGET_S * 1000) {
        lastSweep = t;
        sweep.run(t, BUDGET_S);
      }
      write.run(userId, level(userId, t) - costOf(lengthSec), t);
    },
  };
}
