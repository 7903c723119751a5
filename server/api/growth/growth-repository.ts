import type { SqlExecutor } from '../../db/sql';

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

/**
 * The reads behind journey progress and the calendar, besides practice itself (which comes
 * from the practice ledger, server/api/practice/ledger.ts).
 */
export function createGrowthRepository(sql: SqlExecutor) {
  return {
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
        `SELECT r.id, coalesce(r.session_id, r.template_id) AS session_id,
          coalesce(s.title, t.title) AS session_title, r.reflection_text, r.created_at
        FROM reflections r LEFT JOIN sessions s ON s.id = r.session_id
          LEFT JOIN session_templates t ON t.id = r.template_id
        WHERE r.user_id = ?
        ORDER BY r.created_at DESC, r.id DESC`,
        [u],
      ),
    analyses: (u: string) =>
      sql.all<AnalysisFact>(
        `SELECT id, recorded_at, local_date, score, duration_sec FROM voice_analyses
        WHERE user_id = ? ORDER BY recorded_at DESC, id DESC`,
        [u],
      ),
    moods: (u: string) =>
      sql.all<MoodFact>(
        `SELECT recorded_at, mood_score, emotions FROM mood_entries WHERE user_id = ?
        ORDER BY recorded_at DESC, id DESC`,
        [u],
      ),
    /**
     * How many sessions each focus has: catalogue sessions and session templates, as both are
     * practice on the ledger. A catalogue category is a JSON array (TEXT in SQLite, JSONB in
     * PostgreSQL), taken apart here so one query serves both.
     */
    async focusSizes(): Promise<{ focus: string; n: number }[]> {
      const rows = await sql.all<{ category: string }>('SELECT category FROM sessions');
      const templates = await sql.all<{ category: string }>('SELECT category FROM session_templates');
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
      for (const t of templates)
        if (FOCUSES.includes(t.category)) sizes.set(t.category, (sizes.get(t.category) ?? 0) + 1);
      return [...sizes].map(([focus, n]) => ({ focus, n }));
    },
  };
}
export type GrowthRepository = ReturnType<typeof createGrowthRepository>;
