import type { SqlExecutor } from '../../db/sql';
import { isValidTimeZone, localDateOf } from '../../../src/domain/streaks';

interface ZoneRow {
  time_zone: string | null;
  time_zone_next: string | null;
  time_zone_next_after: string | null;
}

/**
 * The member's time zone for reading practice: the zone kept on the server with the member
 * (migration 0006, listening/member-zone.ts), including a pending change whose day has come.
 * Read-only, so a GET never moves a zone; every route that reports practice uses this one
 * zone for "today", so no two screens can disagree about which day it is. UTC for a member
 * whose app never reported a zone.
 */
export async function memberZone(sql: SqlExecutor, userId: string, nowMs: number): Promise<string> {
  return (await keptZone(sql, userId, nowMs)) ?? 'UTC';
}

/** As memberZone, but null for a member whose app never reported a zone. */
export async function keptZone(sql: SqlExecutor, userId: string, nowMs: number): Promise<string | null> {
  const row = await sql.get<ZoneRow>(
    'SELECT time_zone, time_zone_next, time_zone_next_after FROM users WHERE id = ?',
    [userId],
  );
  const current = row?.time_zone;
  if (!current || !isValidTimeZone(current)) return null;
  const next = row.time_zone_next;
  if (next && row.time_zone_next_after && isValidTimeZone(next)) {
    if (localDateOf(nowMs, current) > row.time_zone_next_after) return next;
  }
  return current;
}
