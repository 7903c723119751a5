/**
 * Who is present in which live group session.
 *
 * Today one Node process serves everything, so presence lives in this process's memory behind
 * a small interface. To run several processes (DESIGN "Beyond one machine"), implement the
 * same interface over a table such as
 *   live_presence(session_key, conn_id PRIMARY KEY, user_id, first_name, seen_at)
 * where `add` inserts, `remove` deletes, every heartbeat refreshes `seen_at`, rows older than
 * two heartbeats count as gone, and `present` / `streamsOf` are SELECTs; each process then
 * re-reads presence on its step timer (or on PostgreSQL LISTEN/NOTIFY) instead of being told
 * in memory. Nothing else holds session state: step timing is computed from the session's
 * start time and the clock, so any process gives every member the same step.
 */
export interface PresentMember {
  userId: string;
  firstName: string;
}

export interface PresenceStore {
  add(sessionKey: string, connId: string, member: PresentMember): void;
  remove(sessionKey: string, connId: string): void;
  /** Distinct members with at least one open stream, in order of arrival. */
  present(sessionKey: string): PresentMember[];
  /** Open streams of a member across every session (for the per-member cap). */
  streamsOf(userId: string): number;
}

export function createMemoryPresence(): PresenceStore {
  const bySession = new Map<string, Map<string, PresentMember>>();
  const streams = new Map<string, number>();
  return {
    add(sessionKey, connId, member) {
      let conns = bySession.get(sessionKey);
      if (!conns) bySession.set(sessionKey, (conns = new Map()));
      conns.set(connId, member);
      streams.set(member.userId, (streams.get(member.userId) ?? 0) + 1);
    },
    remove(sessionKey, connId) {
      const conns = bySession.get(sessionKey);
      const member = conns?.get(connId);
      if (!conns || !member) return;
      conns.delete(connId);
      if (conns.size === 0) bySession.delete(sessionKey);
      const left = (streams.get(member.userId) ?? 1) - 1;
      if (left <= 0) streams.delete(member.userId);
      else streams.set(member.userId, left);
    },
    present(sessionKey) {
      const seen = new Map<string, PresentMember>();
      for (const m of bySession.get(sessionKey)?.values() ?? [])
        if (!seen.has(m.userId)) seen.set(m.userId, m);
      return [...seen.values()];
    },
    streamsOf: (userId) => streams.get(userId) ?? 0,
  };
}
