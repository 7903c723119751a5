import type { Statement } from 'better-sqlite3';
import type { DB } from '../../db/open';
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
  | 'mood-entry'
  | 'program-finished'
  | 'circle-joined'
  | 'backfill';

export interface AwardedBadge {
  id: string;
  name: string;
  description: string;
  category: string;
  tier: string;
}

interface Statements {
  unlocked: Statement;
  insert: Statement;
}
const prepared = new WeakMap<DB, Statements>();
function statementsFor(db: DB): Statements {
  let s = prepared.get(db);
  if (!s) {
    s = {
      unlocked: db.prepare('SELECT badge_id FROM user_achievements WHERE user_id = ?'),
      insert: db.prepare(
        'INSERT OR IGNORE INTO user_achievements (user_id, badge_id, unlocked_at, local_date) VALUES (?, ?, ?, ?)',
      ),
    };
    prepared.set(db, s);
  }
  return s;
}

/**
 * Awards every badge the member qualifies for after `event` and returns the newly unlocked
 * ones. Call it inside the event's own transaction, after the event's row is written, so the
 * award rolls back with the event. Exactly once comes from the primary key (user, badge) and
 * INSERT OR IGNORE: only the insert that really adds the row reports the badge as new, even
 * when two events race. Every locked badge is checked whatever the event, so a badge whose
 * rule was met by an event without a hook (a reflection written through /rest) is back-filled
 * by the next event or read.
 */
export function awardBadges(
  db: DB,
  userId: string,
  _event: BadgeEvent,
  now: Date = new Date(),
): AwardedBadge[] {
  const s = statementsFor(db);
  const run = () => {
    const have = new Set((s.unlocked.all(userId) as { badge_id: string }[]).map((r) => r.badge_id));
    const locked = BADGES.filter((badge) => !have.has(badge.id));
    if (locked.length === 0) return [];
    const values = new Map<MetricKey, number>();
    const value = (key: MetricKey) => {
      let v = values.get(key);
      if (v === undefined) values.set(key, (v = readMetric(db, userId, key)));
      return v;
    };
    const at = now.toISOString();
    const localDate = localDateOf(now.getTime(), memberTimeZone(db, userId));
    const awarded: AwardedBadge[] = [];
    for (const badge of locked) {
      if (value(badge.metric) < badge.target) continue;
      if (s.insert.run(userId, badge.id, at, localDate).changes === 1) awarded.push(present(badge));
    }
    return awarded;
  };
  // Nested in the caller's transaction this is a savepoint; alone it is its own transaction.
  return db.transaction(run)();
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
