import type { SqlExecutor } from '../../db/sql';
import { localDateOf } from '../../../src/domain/streaks';
import { ApiError } from '../../lib/http';
import { instantField, parseInstant } from '../../lib/dates';

/**
 * When a queued (offline) completion happened. The day it counts for, for streaks and tone
 * tokens, is taken at that moment, not when the write arrives. Bounded so it cannot be used to
 * fill past days: a phone clock may run a little fast (MAX_AHEAD_MS); a write older than
 * MAX_LATE_MS is refused. 72 hours covers a long-haul flight plus a weekend without a network,
 * yet can add at most three past days to a streak, each still once per session per day and
 * within the listening budget.
 */
export const MAX_LATE_MS = 72 * 60 * 60 * 1000;
export const MAX_AHEAD_MS = 5 * 60 * 1000;

/** ISO 8601 with a zone (`Z` or `+02:00`), as `new Date().toISOString()` writes it. */
export const occurredAtField = instantField(
  'must be an ISO 8601 time such as 2026-11-26T07:30:00Z',
).optional();

/** The instant a write happened: now without `occurredAt`; 400 naming the field when out of bounds. */
export function occurredAtMs(raw: string | undefined, now: number): number {
  if (raw === undefined) return now;
  const at = parseInstant(raw) ?? Number.NaN; // checked by occurredAtField
  if (at > now + MAX_AHEAD_MS) {
    throw new ApiError(400, 'validation_failed', 'Invalid occurredAt: it is in the future.', {
      occurredAt: 'in the future',
    });
  }
  if (at < now - MAX_LATE_MS) {
    throw new ApiError(
      400,
      'validation_failed',
      'Invalid occurredAt: writes made offline are accepted for 72 hours.',
      { occurredAt: 'older than 72 hours' },
    );
  }
  return Math.min(at, now);
}

interface ZoneRow {
  time_zone: string | null;
  time_zone_next: string | null;
  time_zone_next_after: string | null;
  time_zone_prev: string | null;
  time_zone_prev_until: string | null;
}

/**
 * The member's stored zone in force at `atMs`. member-zone.ts keeps the current zone, a pending
 * one that starts the day after `time_zone_next_after`, and (migration 0066) the previous one,
 * which applied through `time_zone_prev_until`. Read BEFORE effectiveZone notes the request's
 * zone, as that may adopt the pending one. A member who never reported a zone gets the reported
 * one (as effectiveZone adopts it), else UTC. One previous zone is kept: a write older than two
 * zone changes counts in the older of the two known zones.
 */
export async function zoneAt(
  sql: SqlExecutor,
  userId: string,
  reported: string | undefined,
  atMs: number,
): Promise<string> {
  const row = await sql.get<ZoneRow>(
    `SELECT time_zone, time_zone_next, time_zone_next_after, time_zone_prev,
      time_zone_prev_until FROM users WHERE id = ?`,
    [userId],
  );
  const current = row?.time_zone ?? null;
  if (!row || !current) return reported ?? 'UTC';
  const prev = row.time_zone_prev;
  if (prev && row.time_zone_prev_until && localDateOf(atMs, prev) <= row.time_zone_prev_until) return prev;
  const next = row.time_zone_next;
  if (next && row.time_zone_next_after && localDateOf(atMs, current) > row.time_zone_next_after) return next;
  return current;
}
