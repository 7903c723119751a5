import type { SqlExecutor } from '../../db/sql';

/** Who holds an open live stream, as the stream was authorised when it opened. */
export interface StreamHolder {
  connId: string;
  userId: string;
  /** The sign-in session (auth_sessions.id) whose token opened the stream. */
  authSessionId: string;
  circleId: number;
}

/** Well under either database's limit on bound parameters. */
const CHUNK = 500;

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * The streams whose holder may still watch: their sign-in session still exists (a sign-out, a
 * revocation by another device or by refresh-token reuse and an account deletion all delete
 * it) and they are still a member of the circle. Two reads however many streams there are.
 */
export async function stillEntitled(sql: SqlExecutor, holders: StreamHolder[]): Promise<Set<string>> {
  const sessions = new Set<string>();
  const members = new Set<string>();
  const sessionIds = [...new Set(holders.map((h) => h.authSessionId))];
  const userIds = [...new Set(holders.map((h) => h.userId))];
  for (let i = 0; i < sessionIds.length; i += CHUNK) {
    const ids = sessionIds.slice(i, i + CHUNK);
    const rows = await sql.all<{ id: string }>(
      `SELECT id FROM auth_sessions WHERE id IN (${marks(ids.length)})`,
      ids,
    );
    for (const r of rows) sessions.add(r.id);
  }
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const ids = userIds.slice(i, i + CHUNK);
    const rows = await sql.all<{ circle_id: number; user_id: string }>(
      `SELECT circle_id, user_id FROM circle_members WHERE user_id IN (${marks(ids.length)})`,
      ids,
    );
    for (const r of rows) members.add(`${Number(r.circle_id)}:${r.user_id}`);
  }
  return new Set(
    holders
      .filter((h) => sessions.has(h.authSessionId) && members.has(`${h.circleId}:${h.userId}`))
      .map((h) => h.connId),
  );
}
