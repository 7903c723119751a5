import type { SqlExecutor } from '../../db/sql';

export interface CompletionFact {
  id: number;
  session_id: number;
  title: string;
  completed_at: string;
  local_date: string;
  tokens_awarded: number;
  length_sec: number | null;
  category: string | null;
}
export interface AchievementFact {
  id: number;
  badge_id: string;
  unlocked_at: string;
  local_date: string;
}
export interface ReflectionFact {
  id: number;
  session_id: number;
  session_title: string;
  reflection_text: string;
  created_at: string;
}
export interface AnalysisFact {
  id: number;
  recorded_at: string;
  local_date: string;
  score: number;
  duration_sec: number;
}

export interface MoodFact {
  recorded_at: string;
  mood_score: number;
  emotions: string;
}

const FOCUSES = ['find', 'free', 'fine-tune', 'fun'];

/** The reads behind journey progress and the calendar. */
export function createGrowthRepository(sql: SqlExecutor) {
  return {
    completions: (u: string) =>
      sql.all<CompletionFact>(
        `SELECT c.id, c.session_id, c.title, c.completed_at, c.local_date, c.tokens_awarded,
          s.length_sec, s.category
        FROM session_completions c LEFT JOIN sessions s ON s.id = c.session_id
        WHERE c.user_id = ? ORDER BY c.completed_at DESC, c.id DESC`,
        [u],
      ),
    /**
     * The member's badges, newest first. `id` is the badge's place in the order the member
     * earned them (1 = first): user_achievements is keyed by (user, badge) and never loses a
     * row, so the number is stable, and it needs no SQLite rowid.
     */
    async achievements(u: string): Promise<AchievementFact[]> {
      const rows = await sql.all<Omit<AchievementFact, 'id'>>(
        `SELECT badge_id, unlocked_at, local_date FROM user_achievements WHERE user_id = ?
         ORDER BY unlocked_at, badge_id`,
        [u],
      );
      return rows.map((r, i) => ({ id: i + 1, ...r })).reverse();
    },
    reflections: (u: string) =>
      sql.all<ReflectionFact>(
        `SELECT r.id, r.session_id, s.title AS session_title, r.reflection_text, r.created_at
        FROM reflections r JOIN sessions s ON s.id = r.session_id WHERE r.user_id = ?
        ORDER BY r.created_at DESC, r.id DESC`,
        [u],
      ),
    analyses: (u: string) =>
      sql.all<AnalysisFact>(
        `SELECT id, recorded_at, local_date, score, duration_sec FROM voice_analyses
        WHERE user_id = ? ORDER BY recorded_at DESC, id DESC`,
        [u],
      ),
    /** When the member finished template sessions (the template player): practice days too. */
    templateSessionTimes: async (u: string) =>
      (
        await sql.all<{ completed_at: string }>(
          'SELECT completed_at FROM template_sessions WHERE user_id = ? ORDER BY completed_at DESC',
          [u],
        )
      ).map((r) => r.completed_at),
    moods: (u: string) =>
      sql.all<MoodFact>(
        `SELECT recorded_at, mood_score, emotions FROM mood_entries WHERE user_id = ?
        ORDER BY recorded_at DESC, id DESC`,
        [u],
      ),
    /**
     * How many catalogue sessions each focus has. The category is a JSON array (TEXT in
     * SQLite, JSONB in PostgreSQL), taken apart here so one query serves both.
     */
    async focusSizes(): Promise<{ focus: string; n: number }[]> {
      const rows = await sql.all<{ category: string }>('SELECT category FROM sessions');
      const sizes = new Map<string, number>();
      for (const row of rows) {
        let list: unknown;
        try {
          list = JSON.parse(row.category);
        } catch {
          continue;
        }
        if (!Array.isArray(list)) continue;
        for (const focus of list) {
          if (typeof focus === 'string' && FOCUSES.includes(focus))
            sizes.set(focus, (sizes.get(focus) ?? 0) + 1);
        }
      }
      return [...sizes].map(([focus, n]) => ({ focus, n }));
    },
  };
}
export type GrowthRepository = ReturnType<typeof createGrowthRepository>;
