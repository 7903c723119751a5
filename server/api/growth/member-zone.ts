import type { SqlExecutor } from '../../db/sql';
import { isValidTimeZone } from '../../../src/domain/streaks';

/**
 * The member's time zone as the server keeps it: the zone of their latest completion (the
 * player sends it with each completion), UTC before the first one. Reads take no zone from the
 * request, so a day rule cannot be replayed under another zone.
 */
export async function memberTimeZone(sql: SqlExecutor, userId: string): Promise<string> {
  const row = await sql.get<{ tz: string }>(
    'SELECT time_zone AS tz FROM session_completions WHERE user_id = ? ORDER BY completed_at DESC, id DESC LIMIT 1',
    [userId],
  );
  return row && isValidTimeZone(row.tz) ? row.tz : 'UTC';
}
