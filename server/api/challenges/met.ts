import type { SqlExecutor } from '../../db/sql';
import { practiceEntries, tallyBetween } from '../practice/ledger';
import { createChallengeRepository } from './repository';

/**
 * How many of the challenges the member took on they have met (the "challenges met" count and
 * its badge). Met does not depend on today: the ledger's entries between the dates reached the
 * target or did not. One read of the member's challenges; the ledger only when there are some.
 */
export async function challengesMet(sql: SqlExecutor, userId: string): Promise<number> {
  const mine = await createChallengeRepository(sql).mine(userId);
  if (mine.length === 0) return 0;
  const entries = await practiceEntries(sql, userId);
  return mine.filter(
    (c) =>
      tallyBetween(entries, {
        from: c.start_date,
        to: c.end_date,
        focus: c.focus,
        measure: c.measure,
        target: c.target,
      }).reachedOn !== null,
  ).length;
}
