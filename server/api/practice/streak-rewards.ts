import type { SqlExecutor } from '../../db/sql';
import { milestonesReached } from '../../../src/domain/streak-rewards';
import { tierFeature } from '../../../src/domain/tier-features';
import { memberLevel } from './feature-gate';
import { recordPractice } from './ledger';

/** A streak reward as every answer carries it. */
export interface AwardedStreakReward {
  days: number;
  bonus: number;
  runStart: string;
  localDate: string;
}

/**
 * Awards the streak milestones a session just reached (call inside the session's own
 * transaction, after its counted ledger entry `entryId` is written). Only for members at the
 * feature's level (3) at that moment, counting the session's own tokens; milestones reached
 * before that level, or before this feature, are not paid later. Exactly once per milestone and
 * run: the unique key (user, milestone, run_start) of streak_rewards decides, also when a replay
 * or a second process reaches the same milestone; the bonus is a `reward` entry of the ledger,
 * so every screen's tokens include it.
 */
export async function awardStreakRewards(
  tx: SqlExecutor,
  userId: string,
  entry: { id: number; localDate: string; practisedAt: string },
  nowMs: number,
): Promise<AwardedStreakReward[]> {
  const rows = await tx.all<{ local_date: string }>(
    'SELECT DISTINCT local_date FROM practice_ledger WHERE user_id = ? AND counted = 1 AND id <> ?',
    [userId, entry.id],
  );
  const reached = milestonesReached(
    rows.map((r) => r.local_date),
    entry.localDate,
  );
  if (reached.length === 0) return [];
  if ((await memberLevel(tx, userId)).level < tierFeature('streak_rewards').level) return [];
  const awarded: AwardedStreakReward[] = [];
  for (const m of reached) {
    const row = await tx.get<{ id: number }>(
      `INSERT INTO streak_rewards (user_id, milestone, run_start, local_date, bonus, awarded_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
      [userId, m.days, m.runStart, entry.localDate, m.bonus, new Date(nowMs).toISOString()],
    );
    if (!row) continue;
    await recordPractice(tx, {
      userId,
      kind: 'reward',
      itemId: m.days,
      title: `${m.days}-day streak reward`,
      categories: [],
      practisedAt: entry.practisedAt,
      localDate: entry.localDate,
      plannedSec: 0,
      practisedSec: 0,
      counted: false,
      earned: m.bonus,
      sourceId: Number(row.id),
    });
    awarded.push({ days: m.days, bonus: m.bonus, runStart: m.runStart, localDate: entry.localDate });
  }
  return awarded;
}

/** Every streak reward the member earned, newest first (the /streak-rewards screen). */
export async function streakRewardsOf(sql: SqlExecutor, userId: string): Promise<AwardedStreakReward[]> {
  const rows = await sql.all<{ milestone: number; bonus: number; run_start: string; local_date: string }>(
    `SELECT milestone, bonus, run_start, local_date FROM streak_rewards WHERE user_id = ?
     ORDER BY local_date DESC, milestone DESC`,
    [userId],
  );
  return rows.map((r) => ({
    days: Number(r.milestone),
    bonus: Number(r.bonus),
    runStart: r.run_start,
    localDate: r.local_date,
  }));
}
