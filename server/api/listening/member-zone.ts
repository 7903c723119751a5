import type { SqlExecutor } from '../../db/sql';
import { localDateOf } from '../../../src/domain/streaks';

interface ZoneRow {
  time_zone: string | null;
  time_zone_next: string | null;
  time_zone_next_after: string | null;
}

/**
 * The member's time zone, kept on the server (migration 0006). Day rules (once per session per
 * local day) use it instead of whatever zone a request names, so hopping from Etc/GMT+12 to
 * Pacific/Kiritimati cannot make one calendar day count twice.
 *
 * - The first zone the member's app reports is adopted at once.
 * - A different zone reported later (travel, a new phone) is remembered and takes effect on
 *   the member's next local day, counted in the zone in force when it was reported.
 * - A request without a zone uses the stored one (UTC for a member who never sent one).
 */
const Q = {
  get: 'SELECT time_zone, time_zone_next, time_zone_next_after FROM users WHERE id = ?',
  adopt: 'UPDATE users SET time_zone = ?, time_zone_next = NULL, time_zone_next_after = NULL WHERE id = ?',
  // The pending zone takes over; the old one is kept with its last day for late writes
  // (occurred-at.ts: a completion queued offline counts in the zone of its moment).
  adoptPending: `UPDATE users SET time_zone_prev = time_zone, time_zone_prev_until = time_zone_next_after,
    time_zone = time_zone_next, time_zone_next = NULL, time_zone_next_after = NULL WHERE id = ?`,
  schedule: 'UPDATE users SET time_zone_next = ?, time_zone_next_after = ? WHERE id = ?',
  cancel: 'UPDATE users SET time_zone_next = NULL, time_zone_next_after = NULL WHERE id = ?',
};

/**
 * The zone in force at `nowMs`, after noting the reported one. Call inside the write
 * transaction with its `tx`. The writes are idempotent (the same report twice writes the same
 * values), so two racing requests of one member end with the same stored zones.
 */
export async function effectiveZone(
  sql: SqlExecutor,
  userId: string,
  reported: string | undefined,
  nowMs: number,
): Promise<string> {
  const row = await sql.get<ZoneRow>(Q.get, [userId]);
  if (!row) return reported ?? 'UTC';
  let current = row.time_zone;
  if (!current) {
    if (!reported) return 'UTC';
    await sql.run(Q.adopt, [reported, userId]);
    return reported;
  }
  const today = localDateOf(nowMs, current);
  if (row.time_zone_next && row.time_zone_next_after && today > row.time_zone_next_after) {
    await sql.run(Q.adoptPending, [userId]);
    current = row.time_zone_next;
  }
  if (reported && reported !== current) {
    // Re-reporting the pending zone keeps its original date: asking again never delays it.
    if (row.time_zone_next !== reported || current === row.time_zone_next) {
      await sql.run(Q.schedule, [reported, localDateOf(nowMs, current), userId]);
    }
  } else if (reported === current && row.time_zone_next && row.time_zone_next !== current) {
    await sql.run(Q.cancel, [userId]);
  }
  return current;
}

/** effectiveZone bound to one executor, for routes that note zones outside a transaction. */
export function createMemberZones(sql: SqlExecutor) {
  return {
    effectiveZone: (userId: string, reported: string | undefined, nowMs: number) =>
      effectiveZone(sql, userId, reported, nowMs),
  };
}
