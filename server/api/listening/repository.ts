import type { DB } from '../../db/open';
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

export interface CompletionRow {
  session_id: number;
  title: string;
  completed_at: string;
  local_date: string;
  tokens_awarded: number;
  length_sec: number | null;
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

/** Every SQL statement of the listening API, prepared once per app. */
export function createListeningRepository(db: DB) {
  const s = {
    allSessions: db.prepare('SELECT * FROM sessions ORDER BY id DESC'),
    session: db.prepare('SELECT * FROM sessions WHERE id = ?'),
    echo: db.prepare(
      'INSERT OR IGNORE INTO session_echoes (user_id, session_id, created_at) VALUES (?, ?, ?)',
    ),
    echoCount: db.prepare('SELECT count(*) AS n FROM session_echoes WHERE session_id = ?'),
    echoed: db.prepare(`SELECT s.id, s.title FROM session_echoes e JOIN sessions s ON s.id = e.session_id
      WHERE e.user_id = ? ORDER BY e.created_at DESC, s.id DESC`),
    hasCompletion: db.prepare('SELECT 1 FROM session_completions WHERE user_id = ? LIMIT 1'),
    completedOn: db.prepare(
      'SELECT 1 FROM session_completions WHERE user_id = ? AND session_id = ? AND local_date = ?',
    ),
    complete: db.prepare(`INSERT OR IGNORE INTO session_completions
      (user_id, session_id, title, completed_at, local_date, time_zone, tokens_awarded)
      VALUES (@userId, @sessionId, @title, @completedAt, @localDate, @timeZone, @tokens)`),
    // The member's whole balance: template sessions (server/api/templates) earn tokens too.
    totalTokens: db.prepare(`SELECT
      (SELECT coalesce(sum(tokens_awarded), 0) FROM session_completions WHERE user_id = @u) +
      (SELECT coalesce(sum(tokens_awarded), 0) FROM template_sessions WHERE user_id = @u) AS n`),
    completions:
      db.prepare(`SELECT c.session_id, c.title, c.completed_at, c.local_date, c.tokens_awarded, s.length_sec
      FROM session_completions c LEFT JOIN sessions s ON s.id = c.session_id
      WHERE c.user_id = ? ORDER BY c.completed_at DESC, c.id DESC`),
  };

  const totalTokens = (userId: string) => (s.totalTokens.get({ u: userId }) as { n: number }).n;

  return {
    allSessions: () => s.allSessions.all() as SessionRow[],
    session: (id: number) => (s.session.get(id) as SessionRow | undefined) ?? null,
    /** Idempotent: a second echo by the same member changes nothing. Returns the session's echo count. */
    echo(userId: string, sessionId: number, at: string): { echoes: number; newBadges: AwardedBadge[] } {
      return db.transaction(() => {
        const added = s.echo.run(userId, sessionId, at).changes === 1;
        const newBadges = added ? awardBadges(db, userId, 'echo', new Date(at)) : [];
        return { echoes: (s.echoCount.get(sessionId) as { n: number }).n, newBadges };
      })();
    },
    echoedSessions: (userId: string) => s.echoed.all(userId) as { id: number; title: string }[],
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    /** True when this session already counted on this local day (a repeat earns nothing). */
    completedOn: (userId: string, sessionId: number, localDate: string) =>
      s.completedOn.get(userId, sessionId, localDate) !== undefined,
    /**
     * Records a completion unless the same session was already completed that local day (the
     * UNIQUE key decides, also under races). Call inside the route's transaction, so "first
     * session" and the token total are read consistently with the write.
     */
    complete(c: NewCompletion): { recorded: boolean; isFirst: boolean; totalTokens: number } {
      const isFirst = !s.hasCompletion.get(c.userId);
      const recorded = s.complete.run(c).changes === 1;
      return { recorded, isFirst: isFirst && recorded, totalTokens: totalTokens(c.userId) };
    },
    totalTokens,
    completions: (userId: string) => s.completions.all(userId) as CompletionRow[],
  };
}

export type ListeningRepository = ReturnType<typeof createListeningRepository>;
