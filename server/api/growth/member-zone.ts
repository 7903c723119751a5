import type { SqlExecutor } from '../../db/sql';
import { memberZone } from '../practice/zone';

/**
 * The member's time zone as the server keeps it (practice/zone.ts): the same zone for every
 * read of the member's practice, badges and recordings.
 */
export function memberTimeZone(
  sql: SqlExecutor,
  userId: string,
  nowMs: number = Date.now(),
): Promise<string> {
  return memberZone(sql, userId, nowMs);
}
