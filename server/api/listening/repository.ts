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
    complete: db.prepare(`INSERT OR IGNORE INTO session_completions
      (user_id, session_id, title, completed_at, local_date, time_zone, tokens_awarded)
      VALUES (@userId, @sessionId, @title, @completedAt, @localDate, @timeZone, @tokens)`),
    totalTokens: db.prepare(
      'SELECT coalesce(sum(tokens_awarded), 0) AS n FROM session_completions WHERE user_id = ?',
    ),
    completions:
      db.prepare(`SELECT c.session_id, c.title, c.completed_at, c.local_date, c.tokens_awarded, s.length_sec
      FROM session_completions c LEFT JOIN sessions s ON s.id = c.session_id
      WHERE c.user_id = ? ORDER BY c.completed_at DESC, c.id DESC`),
  };

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
    /**
     * Records a completion unless the same session was already completed that local day.
     * One transaction, so "first session" and the token total are read consistently.
     */
    complete(c: NewCompletion): {
      recorded: boolean;
      isFirst: boolean;
      totalTokens: number;
      newBadges: AwardedBadge[];
    } {
      return db.transaction(() => {
        const isFirst = !s.hasCompletion.get(c.userId);
        const recorded = s.complete.run(c).changes === 1;
        const totalTokens = (s.totalTokens.get(c.userId) as { n: number }).n;
        // Badges are part of the completion: same transaction, so they roll back together.
        const newBadges = recorded ? awardBadges(db, c.userId, 'completion', new Date(c.completedAt)) : [];
        return { recorded, isFirst: isFirst && recorded, totalTokens, newBadges };
      })();
    },
    completions: (userId: string) => s.completions.all(userId) as CompletionRow[],
  };
}

export type ListeningRepository = ReturnType<typeof createListeningRepository>;
