import type { DB } from '../../db/open';

/** The member events that can unlock a badge. */
export type BadgeEvent =
  | 'completion'
  | 'template-session'
  | 'reflection'
  | 'reflection-shared'
  | 'echo'
  | 'voice-analysis'
  | 'mood-entry'
  | 'program-finished'
  | 'circle-joined';

export interface AwardedBadge {
  id: string;
  name: string;
  description: string;
  category: string;
  tier: string;
}

/**
 * Awards every badge the member qualifies for after `event` and returns the newly unlocked
 * ones. Call it inside the event's own transaction, after the event's row is written, so the
 * award is exactly once and rolls back with the event.
 *
 * TODO(issue 9): the badge catalogue and its rules replace this empty award.
 */
export function awardBadges(_db: DB, _userId: string, _event: BadgeEvent): AwardedBadge[] {
  return [];
}
