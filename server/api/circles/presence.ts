import type { SqlExecutor } from '../../db/sql';
import { lockMember, MEMBER_LOCK } from '../../db/sql/member-lock';

/**
 * Who is present in which live group session, in app.db (`live_presence`, migration 0076), so
 * members whose streams are held by different processes (cluster mode) see each other.
 *
 * One row per open stream. The process holding a stream refreshes its rows every beat
 * (BEAT_MS); rows not refreshed for STALE_MS belong to a process that died and stop counting
 * (and are deleted by the next beat anywhere). Each process learns about other processes' joins
 * and leaves by re-reading `present` on its beat (live.ts). On PostgreSQL the same table works,
 * and the re-read can be triggered by LISTEN/NOTIFY instead of the beat; the beat then only
 * keeps rows alive. Step timing needs no shared state: it comes from the start time and clock.
 *
 * Arrival order is `joined_ms`, kept strictly increasing within a session by the claim (one
 * millisecond after the latest arrival when two land in the same one), so it needs no rowid
 * (PostgreSQL has none) and no extra column.
 */
export const BEAT_MS = 1_000;
export const STALE_MS = 5_000;

export interface PresentMember {
  userId: string;
  firstName: string;
}

export interface PresenceStore {
  /**
   * Records a new stream unless the member already holds `maxStreams` live ones (false then).
   * Count and insert are one transaction holding the member's lock: two processes cannot both
   * take the last slot.
   */
  claim(sessionKey: string, connId: string, member: PresentMember, maxStreams: number): Promise<boolean>;
  release(connId: string): Promise<void>;
  /**
   * Distinct members of the circle with at least one live stream, in order of arrival. Only
   * current members count: a stream whose member left is not shown even in the moment before
   * its process closes it, so `present` never names more people than the circle has.
   */
  present(sessionKey: string, circleId: number): Promise<PresentMember[]>;
  /** Live streams of a member across every session and process. */
  streamsOf(userId: string): Promise<number>;
  /** Keeps this process's streams alive and forgets those of processes that stopped beating. */
  beat(connIds: string[]): Promise<void>;
}

const COUNT = 'SELECT count(*) AS n FROM live_presence WHERE user_id = ? AND seen_ms > ?';

// One member's claims in turn (lockMember): two transactions would both count 2 of 3 and both insert.
export function createDbPresence(sql: SqlExecutor, now: () => number): PresenceStore {
  return {
    claim: (sessionKey, connId, member, maxStreams) =>
      sql.transaction(async (tx) => {
        await lockMember(tx, MEMBER_LOCK.presence, member.userId);
        const t = now();
        const count = await tx.get<{ n: number }>(COUNT, [member.userId, t - STALE_MS]);
        if ((count?.n ?? 0) >= maxStreams) return false;
        const last = await tx.get<{ m: number | null }>(
          'SELECT max(joined_ms) AS m FROM live_presence WHERE session_key = ?',
          [sessionKey],
        );
        const joined = last?.m != null && last.m >= t ? last.m + 1 : t;
        await tx.run(
          `INSERT INTO live_presence (conn_id, session_key, user_id, first_name, joined_ms, seen_ms)
          VALUES (?, ?, ?, ?, ?, ?)`,
          [connId, sessionKey, member.userId, member.firstName, joined, t],
        );
        return true;
      }),
    release: async (connId) => {
      await sql.run('DELETE FROM live_presence WHERE conn_id = ?', [connId]);
    },
    // min(first_name): one row per member (PostgreSQL wants every column grouped or aggregated;
    // a member's rows all carry the same name).
    present: (sessionKey, circleId) =>
      sql.all<PresentMember>(
        `SELECT p.user_id AS "userId", min(p.first_name) AS "firstName" FROM live_presence p
        JOIN circle_members m ON m.user_id = p.user_id AND m.circle_id = ?
        WHERE p.session_key = ? AND p.seen_ms > ? GROUP BY p.user_id ORDER BY min(p.joined_ms), p.user_id`,
        [circleId, sessionKey, now() - STALE_MS],
      ),
    streamsOf: async (userId) => (await sql.get<{ n: number }>(COUNT, [userId, now() - STALE_MS]))?.n ?? 0,
    // Two plain statements, no transaction: nothing breaks between them, and a beat never
    // holds the write lock across an await.
    beat: async (connIds) => {
      const t = now();
      // One statement per few hundred streams (well under either database's parameter limit).
      for (let i = 0; i < connIds.length; i += 500) {
        const ids = connIds.slice(i, i + 500);
        await sql.run(
          `UPDATE live_presence SET seen_ms = ? WHERE conn_id IN (${ids.map(() => '?').join(', ')})`,
          [t, ...ids],
        );
      }
      await sql.run('DELETE FROM live_presence WHERE seen_ms <= ?', [t - STALE_MS]);
    },
  };
}
