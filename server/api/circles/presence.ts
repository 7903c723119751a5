import type { DB } from '../../db/open';

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
   * Count and insert are one immediate transaction: two processes cannot both take the last.
   */
  claim(sessionKey: string, connId: string, member: PresentMember, maxStreams: number): boolean;
  release(connId: string): void;
  /** Distinct members with at least one live stream, in order of arrival. */
  present(sessionKey: string): PresentMember[];
  /** Live streams of a member across every session and process. */
  streamsOf(userId: string): number;
  /** Keeps this process's streams alive and forgets those of processes that stopped beating. */
  beat(connIds: string[]): void;
}

export function createDbPresence(db: DB, now: () => number): PresenceStore {
  const countOf = db.prepare('SELECT count(*) AS n FROM live_presence WHERE user_id = ? AND seen_ms > ?');
  const insert = db.prepare(
    `INSERT INTO live_presence (conn_id, session_key, user_id, first_name, joined_ms, seen_ms)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const remove = db.prepare('DELETE FROM live_presence WHERE conn_id = ?');
  const presentIn = db.prepare(
    `SELECT user_id AS userId, first_name AS firstName FROM live_presence
     WHERE session_key = ? AND seen_ms > ? GROUP BY user_id ORDER BY min(rowid)`,
  );
  const touch = db.prepare('UPDATE live_presence SET seen_ms = ? WHERE conn_id = ?');
  const sweep = db.prepare('DELETE FROM live_presence WHERE seen_ms <= ?');

  const claim = db.transaction(
    (sessionKey: string, connId: string, member: PresentMember, maxStreams: number): boolean => {
      const t = now();
      const { n } = countOf.get(member.userId, t - STALE_MS) as { n: number };
      if (n >= maxStreams) return false;
      insert.run(connId, sessionKey, member.userId, member.firstName, t, t);
      return true;
    },
  );
  const beat = db.transaction((connIds: string[]) => {
    const t = now();
    for (const id of connIds) touch.run(t, id);
    sweep.run(t - STALE_MS);
  });
  return {
    claim,
    release: (connId) => void remove.run(connId),
    present: (sessionKey) => presentIn.all(sessionKey, now() - STALE_MS) as PresentMember[],
    streamsOf: (userId) => (countOf.get(userId, now() - STALE_MS) as { n: number }).n,
    beat,
  };
}
