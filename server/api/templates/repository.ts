import type { DB } from '../../db/open';

export interface TemplateRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  category: string;
  difficulty: string;
  voice_level: string;
  duration_sec: number;
  instructions_json: string;
}

export interface TemplateStep {
  text: string;
  duration: number;
}

export interface NewTemplateSession {
  userId: string;
  template: TemplateRow;
  durationSec: number;
  rating: number;
  maxLevel: number;
  completed: boolean;
  completedAt: string;
  localDate: string;
  timeZone: string;
  /** What the day's first save of this template earns. */
  tokens: number;
}

/** A template session as the dashboard counts it (the listening CompletionRow shape). */
export interface TemplateActivityRow {
  session_id: number;
  title: string;
  completed_at: string;
  local_date: string;
  tokens_awarded: number;
  length_sec: number;
}

export function templateSteps(row: TemplateRow): TemplateStep[] {
  return JSON.parse(row.instructions_json) as TemplateStep[];
}

/**
 * Session templates and the template sessions members save. Other areas (voice circles) read
 * templates through `listTemplates` and `templateById`; the dashboard adds `activity`.
 */
export function createTemplateRepository(db: DB) {
  const s = {
    list: db.prepare('SELECT * FROM session_templates ORDER BY id'),
    byId: db.prepare('SELECT * FROM session_templates WHERE id = ?'),
    insertAwarded: db.prepare(`INSERT OR IGNORE INTO template_sessions
      (user_id, template_id, title, category, difficulty, voice_level, duration_sec, rating, max_level,
       completed, completed_at, local_date, time_zone, tokens_awarded, award_date)
      VALUES (@userId, @templateId, @title, @category, @difficulty, @voiceLevel, @durationSec, @rating,
       @maxLevel, @completed, @completedAt, @localDate, @timeZone, @tokens, @localDate)`),
    insertPlain: db.prepare(`INSERT INTO template_sessions
      (user_id, template_id, title, category, difficulty, voice_level, duration_sec, rating, max_level,
       completed, completed_at, local_date, time_zone, tokens_awarded, award_date)
      VALUES (@userId, @templateId, @title, @category, @difficulty, @voiceLevel, @durationSec, @rating,
       @maxLevel, @completed, @completedAt, @localDate, @timeZone, 0, NULL)`),
    activity: db.prepare(`SELECT template_id AS session_id, title, completed_at, local_date, tokens_awarded,
      duration_sec AS length_sec FROM template_sessions WHERE user_id = ? ORDER BY completed_at DESC, id DESC`),
    // Every tone token the member holds: catalogue completions plus template sessions.
    tokens: db.prepare(`SELECT
      (SELECT coalesce(sum(tokens_awarded), 0) FROM session_completions WHERE user_id = @u) +
      (SELECT coalesce(sum(tokens_awarded), 0) FROM template_sessions WHERE user_id = @u) AS n`),
  };

  return {
    listTemplates: () => s.list.all() as TemplateRow[],
    templateById: (id: number) => (s.byId.get(id) as TemplateRow | undefined) ?? null,
    /**
     * Writes one template session. The first save of a template on a local day carries the
     * tokens (the UNIQUE award key decides, not a prior read); later ones are recorded without.
     * Call inside the caller's transaction so badges and the token total roll back with it.
     */
    saveSession(n: NewTemplateSession): { id: number; tokensAwarded: number } {
      const params = {
        userId: n.userId,
        templateId: n.template.id,
        title: n.template.title,
        category: n.template.category,
        difficulty: n.template.difficulty,
        voiceLevel: n.template.voice_level,
        durationSec: n.durationSec,
        rating: n.rating,
        maxLevel: n.maxLevel,
        completed: n.completed ? 1 : 0,
        completedAt: n.completedAt,
        localDate: n.localDate,
        timeZone: n.timeZone,
        tokens: n.tokens,
      };
      const awarded = s.insertAwarded.run(params);
      if (awarded.changes === 1) return { id: Number(awarded.lastInsertRowid), tokensAwarded: n.tokens };
      const plain = s.insertPlain.run(params);
      return { id: Number(plain.lastInsertRowid), tokensAwarded: 0 };
    },
    /** The member's template sessions, newest first, for streaks and totals. */
    activity: (userId: string) => s.activity.all(userId) as TemplateActivityRow[],
    tokenTotal: (userId: string) => (s.tokens.get({ u: userId }) as { n: number }).n,
  };
}

export type TemplateRepository = ReturnType<typeof createTemplateRepository>;
