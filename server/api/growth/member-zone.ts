import type { Statement } from 'better-sqlite3';
import type { DB } from '../../db/open';
import { isValidTimeZone } from '../../../src/domain/streaks';

const statements = new WeakMap<DB, Statement>();

/**
 * The member's time zone as the server keeps it: the zone of their latest completion (the
 * player sends it with each completion), UTC before the first one. Reads take no zone from the
 * request, so a day rule cannot be replayed under another zone.
 */
export function memberTimeZone(db: DB, userId: string): string {
  let stmt = statements.get(db);
  if (!stmt) {
    stmt = db.prepare(
      'SELECT time_zone AS tz FROM session_completions WHERE user_id = ? ORDER BY completed_at DESC, id DESC LIMIT 1',
    );
    statements.set(db, stmt);
  }
  const row = stmt.get(userId) as { tz: string } | undefined;
  return row && isValidTimeZone(row.tz) ? row.tz : 'UTC';
}
