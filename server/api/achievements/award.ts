import type { SqlExecutor } from '../../db/sql';
import { localDateOf } from '../../../src/domain/streaks';
import { BADGES, type Badge } from '../growth/badges';
import { memberTimeZone } from '../growth/member-zone';
import { readMetric, type MetricKey } from '../growth/metrics';

/** The member events that can unlock a badge. 'backfill' re-checks every rule (on reads). */
export type BadgeEvent =
  | 'completion'
  | 'template-session'
  | 'reflection'
  | 'reflection-shared'
  | 'echo'
  | 'voice-analysis'
  | 'recording'
  | 'voice-assessment'
  | 'mood-entry'
  | 'program-finished'
  | 'pitch-exercise'
  | 'circle-joined'
  | 'challenge'
  | 'backfill';

export interface AwardedBadge {
  id: string;
  name: string;
  description: string;
  category: string;
  tier: string;
}

/**
 * Awards every badge the member qualifies for after `event` and returns the newly unlocked
 * ones. Call it inside the event's own transaction with its `tx`, after the event's row is
 * written, so the award rolls back with the event. Exactly once comes from the primary key
 * (user, badge) and `ON CONFLICT DO NOTHING RETURNING`: only the insert that really adds the
 * row reports the badge as new, even when two events race in two processes (on PostgreSQL the
 * second insert waits for the first transaction and then does nothing). Every locked badge is
 * checked whatever the event, so a badge whose rule was met by an event without a hook (a
 * reflection written through /rest) is back-filled by the next event or read.
 */
export async function awardBadges(
  tx: SqlExecutor,
  userId: string,
  _event: BadgeEvent,
  now: Date = new Date(),
): Promise<AwardedBadge[]> {
  const rows = await tx.all<{ badge_id: string }>(
    'SELECT badge_id FROM user_achievements WHERE user_id = ?',
    [userId],
  );
  const have = new Set(rows.map((r) => r.badge_id));
  const locked = BADGES.filter((badge) => !have.has(badge.id));
  if (locked.length === 0) return [];
  const values = new Map<MetricKey, number>();
  const value = async (key: MetricKey) => {
    let v = values.get(key);
    if (v === undefined) values.set(key, (v = await readMetric(tx, userId, key)));
    return v;
  };
  const at = now.toISOString();
  const localDate = localDateOf(now.getTime(), await memberTimeZone(tx, userId, now.getTime()));
  const awarded: AwardedBadge[] = [];
  for (const badge of locked) {
    if ((await value(badge.metric)) < badge.target) continue;
    const added = await tx.get(
      `INSERT INTO user_achievements (user_id, badge_id, unlocked_at, local_date) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, badge_id) DO NOTHING RETURNING badge_id`,
      [userId, badge.id, at, localDate],
    );
    if (added) awarded.push(present(badge));
  }
  return awarded;
}

function present(badge: Badge): AwardedBadge {
  return {
    id: badge.id,
    name: badge.name,
    description: badge.description,
    category: badge.category,
    tier: badge.tier,
  };
}
