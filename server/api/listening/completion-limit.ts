import type { SqlExecutor } from '../../db/sql';

/**
 * How fast one member can earn tone tokens. Nobody finishes thirty sessions in a minute, so
 * each member has a "listening budget" in seconds of audio, refilled by the clock one second
 * per second up to BUDGET_S. An awarded completion spends the session's length; when the
 * budget cannot cover it the completion is refused (429 with Retry-After) and nothing is
 * recorded. BUDGET_S lets a few sessions finished offline be replayed at once when the
 * connection returns; a burst over the whole catalogue stops after fifteen minutes of audio.
 * Repeats of the same session on the same local day award nothing and spend nothing.
 *
 * Kept in the database (`listening_budgets`, migration 0075) so every process of a cluster
 * spends from the same budget. The check and the spend are ONE conditional upsert: on
 * PostgreSQL the upsert locks the member's row and re-evaluates its WHERE on the latest
 * committed level, so parallel requests in two processes cannot both spend the last seconds;
 * on SQLite the write transaction serialises them. Call `trySpend` inside the completion's
 * transaction, so a refused completion rolls back with it.
 */
export const BUDGET_S = 900;
/** Sessions with an unknown length still cost this much. */
const MIN_COST_S = 30;

/** The budget at `t`, refilled since the row was written, in SQL over `listening_budgets`. */
const LEVEL = `CASE WHEN listening_budgets.seconds + (? - listening_budgets.at_ms) / 1000.0 > ${BUDGET_S}
  THEN ${BUDGET_S} ELSE listening_budgets.seconds + (? - listening_budgets.at_ms) / 1000.0 END`;

export function createCompletionLimiter(now: () => number) {
  let lastSweep = now();
  const costOf = (lengthSec: number | null) => Math.min(BUDGET_S, Math.max(MIN_COST_S, lengthSec ?? 0));
  return {
    /**
     * Spends a session's cost when the budget covers it. Returns 0 when spent, else the seconds
     * to wait before it could be (nothing is spent then).
     */
    async trySpend(tx: SqlExecutor, userId: string, lengthSec: number | null): Promise<number> {
      const t = now();
      const cost = costOf(lengthSec);
      if (t - lastSweep > BUDGET_S * 1000) {
        lastSweep = t;
        // A full budget is the same as no row: refilled rows are removed, so the table stays small.
        await tx.run('DELETE FROM listening_budgets WHERE seconds + (? - at_ms) / 1000.0 >= ?', [
          t,
          BUDGET_S,
        ]);
      }
      const spent = await tx.get(
        `INSERT INTO listening_budgets (user_id, seconds, at_ms) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET seconds = ${LEVEL} - ?, at_ms = excluded.at_ms
         WHERE ${LEVEL} >= ?
         RETURNING user_id`,
        [userId, BUDGET_S - cost, t, t, t, cost, t, t, cost],
      );
      if (spent) return 0;
      const row = await tx.get<{ level: number }>(
        `SELECT ${LEVEL} AS level FROM listening_budgets WHERE user_id = ?`,
        [t, t, userId],
      );
      const missing = cost - (row ? Number(row.level) : BUDGET_S);
      return Math.max(1, Math.ceil(missing));
    },
  };
}
