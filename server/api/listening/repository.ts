import type { SqlExecutor } from '../../db/sql';
import { awardBadges, type AwardedBadge } from '../achievements/award';

export interface SessionRow {
  id: number;
  title: string;
  description: string;
  cover_color: string;
  voice_path: string | null;
  instr_path: string | null;
  length_sec: number;
  skill_level: string;
  category: string;
  moods: string;
  tags: string;
  intentions: string;
  musicians: string;
  created_at: string;
}

export interface NewCompletion {
  userId: string;
  sessionId: number;
  title: string;
  completedAt: string;
  localDate: string;
  timeZone: string;
  tokens: number;
}

/**
 * Every SQL statement of the listening API. Reads run on `sql`; the writes that belong to a
 * request's transaction take its `tx`.
 */
export function createListeningRepository(sql: SqlExecutor) {
  return {
    allSessions: () => sql.all<SessionRow>('SELECT * FROM sessions ORDER BY id DESC'),
    session: async (id: number) =>
      (await sql.get<SessionRow>('SELECT * FROM sessions WHERE id = ?', [id])) ?? null,
    /** Idempotent: a second echo by the same member changes nothing. Returns the session's echo count. */
    async echo(
      tx: SqlExecutor,
      userId: string,
      sessionId: number,
      at: string,
    ): Promise<{ echoes: number; newBadges: AwardedBadge[] }> {
      const added = await tx.get(
        `INSERT INTO session_echoes (user_id, session_id, created_at) VALUES (?, ?, ?)
         ON CONFLICT DO NOTHING RETURNING session_id`,
        [userId, sessionId, at],
      );
      const newBadges = added ? await awardBadges(tx, userId, 'echo', new Date(at)) : [];
      const count = await tx.get<{ n: number }>(
        'SELECT count(*) AS n FROM session_echoes WHERE session_id = ?',
        [sessionId],
      );
      return { echoes: Number(count?.n ?? 0), newBadges };
    },
    echoedSessions: (userId: string) =>
      sql.all<{ id: number; title: string }>(
        `SELECT s.id, s.title FROM session_echoes e JOIN sessions s ON s.id = e.session_id
         WHERE e.user_id = ? ORDER BY e.created_at DESC, s.id DESC`,
        [userId],
      ),
    /** True when this session already counted on this local day (a repeat earns nothing). */
    completedOn: async (tx: SqlExecutor, userId: string, sessionId: number, localDate: string) =>
      (await tx.get(
        'SELECT 1 AS one FROM session_completions WHERE user_id = ? AND session_id = ? AND local_date = ?',
        [userId, sessionId, localDate],
      )) !== undefined,
    /**
     * Records a completion unless the same session was already completed that local day (the
     * UNIQUE (user, session, local_date) key decides, also when two processes race: on
     * PostgreSQL the second insert waits for the first transaction and then does nothing).
     * Returns the new row's id, or null when nothing was recorded. Call inside the route's
     * transaction with its `tx`; the route writes the practice ledger's entry beside it.
     */
    async complete(tx: SqlExecutor, c: NewCompletion): Promise<number | null> {
      const inserted = await tx.get<{ id: number }>(
        `INSERT INTO session_completions
          (user_id, session_id, title, completed_at, local_date, time_zone, tokens_awarded)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
        [c.userId, c.sessionId, c.title, c.completedAt, c.localDate, c.timeZone, c.tokens],
      );
      return inserted ? Number(inserted.id) : null;
    },
  };
}

export type ListeningRepository = ReturnType<typeof createListeningRepository>;
