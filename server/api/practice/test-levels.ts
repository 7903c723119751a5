import type { TestApp } from '../../test-support';
import { TIERS } from '../../../src/domain/tiers';
import { recordPractice } from './ledger';

/**
 * Past practice for a server test that needs a member at a level: one guided exercise on the
 * practice ledger yesterday, earning exactly the tokens that open `level` (tokens only come from
 * the ledger, so every gate reads them as it would after real practice).
 */
export async function reachLevel(t: TestApp, userId: string, level: number): Promise<void> {
  const tokens = TIERS[level - 1]?.requiredTokens;
  if (tokens === undefined) throw new Error(`no level ${level}`);
  if (tokens === 0) return;
  const at = new Date(t.deps.now() - 24 * 3_600_000).toISOString();
  await recordPractice(t.deps.sql, {
    userId,
    kind: 'template',
    itemId: 0,
    title: 'Earlier practice',
    categories: ['find'],
    practisedAt: at,
    localDate: at.slice(0, 10),
    plannedSec: 600,
    practisedSec: 600,
    counted: true,
    earned: tokens,
    sourceId: null,
  });
}
