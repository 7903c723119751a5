import type { DB } from '../../db/open';

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

/** The reads behind journey progress and the calendar, prepared once. */
export function createGrowthRepository(db: DB) {
  const s = {
    completions:
      db.prepare(`SELECT c.id, c.session_id, c.title, c.completed_at, c.local_date, c.tokens_awarded,
        s.length_sec, s.category
      FROM session_completions c LEFT JOIN sessions s ON s.id = c.session_id
      WHERE c.user_id = ? ORDER BY c.completed_at DESC, c.id DESC`),
    achievements: db.prepare(`SELECT rowid AS id, badge_id, unlocked_at, local_date FROM user_achievements
      WHERE user_id = ? ORDER BY unlocked_at DESC, rowid DESC`),
    reflections:
      db.prepare(`SELECT r.id, r.session_id, s.title AS session_title, r.reflection_text, r.created_at
      FROM reflections r JOIN sessions s ON s.id = r.session_id WHERE r.user_id = ?
      ORDER BY r.created_at DESC, r.id DESC`),
    analyses: db.prepare(`SELECT id, recorded_at, local_date, score, duration_sec FROM voice_analyses
      WHERE user_id = ? ORDER BY recorded_at DESC, id DESC`),
    templateSessionTimes: db.prepare(
      'SELECT completed_at FROM template_sessions WHERE user_id = ? ORDER BY completed_at DESC',
    ),
    moods: db.prepare(`SELECT recorded_at, mood_score, emotions FROM mood_entries WHERE user_id = ?
      ORDER BY recorded_at DESC, id DESC`),
    focusSizes: db.prepare(`SELECT j.value AS focus, count(*) AS n FROM sessions s, json_each(s.category) j
      WHERE j.value IN ('find', 'free', 'fine-tune', 'fun') GROUP BY j.value`),
  };
  return {
    completions: (u: string) => s.completions.all(u) as CompletionFact[],
    achievements: (u: string) => s.achievements.all(u) as AchievementFact[],
    reflections: (u: string) => s.reflections.all(u) as ReflectionFact[],
    analyses: (u: string) => s.analyses.all(u) as AnalysisFact[],
    /** When the member finished template sessions (the template player): practice days too. */
    templateSessionTimes: (u: string) =>
      (s.templateSessionTimes.all(u) as { completed_at: string }[]).map((r) => r.completed_at),
    moods: (u: string) => s.moods.all(u) as MoodFact[],
    focusSizes: () => s.focusSizes.all() as { focus: string; n: number }[],
  };
}
export type GrowthRepository = ReturnType<typeof createGrowthRepository>;
