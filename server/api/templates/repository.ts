import type { SqlExecutor } from '../../db/sql';

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
  /** A pitch exercise's id (src/domain/pitch-target/exercises.ts) when the step is sung to a target. */
  exercise?: string;
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
  /**
   * What the day's first counted save of this template earns; null for partial practice, which
   * earns nothing and leaves the day's award free for a later full save.
   */
  tokens: number | null;
}

export function templateSteps(row: TemplateRow): TemplateStep[] {
  return JSON.parse(row.instructions_json) as TemplateStep[];
}

const COLUMNS = `(user_id, template_id, title, category, difficulty, voice_level, duration_sec, rating,
  max_level, completed, completed_at, local_date, time_zone, tokens_awarded, award_date)`;

/**
 * Session templates and the template sessions members save. Other areas (voice circles) read
 * templates through `listTemplates` and `templateById`. What members practised is counted by the
 * practice ledger (server/api/practice/ledger.ts), not here.
 */
export function createTemplateRepository(sql: SqlExecutor) {
  return {
    listTemplates: () => sql.all<TemplateRow>('SELECT * FROM session_templates ORDER BY id'),
    templateById: async (id: number) =>
      (await sql.get<TemplateRow>('SELECT * FROM session_templates WHERE id = ?', [id])) ?? null,
    /**
     * Writes one template session. The first save of a template on a local day carries the
     * tokens (the UNIQUE (user, template, award_date) key decides, not a prior read; on
     * PostgreSQL a racing second save waits for the first and then takes the plain insert);
     * later ones are recorded without. Call inside the caller's transaction with its `tx`.
     */
    async saveSession(
      tx: SqlExecutor,
      n: NewTemplateSession,
    ): Promise<{ id: number; tokensAwarded: number }> {
      const params = [
        n.userId,
        n.template.id,
        n.template.title,
        n.template.category,
        n.template.difficulty,
        n.template.voice_level,
        n.durationSec,
        n.rating,
        n.maxLevel,
        n.completed ? 1 : 0,
        n.completedAt,
        n.localDate,
        n.timeZone,
      ];
      const awarded =
        n.tokens === null
          ? undefined
          : await tx.get<{ id: number }>(
              `INSERT INTO template_sessions ${COLUMNS}
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
              [...params, n.tokens, n.localDate],
            );
      if (awarded && n.tokens !== null) return { id: Number(awarded.id), tokensAwarded: n.tokens };
      const plain = await tx.get<{ id: number }>(
        `INSERT INTO template_sessions ${COLUMNS}
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL) RETURNING id`,
        params,
      );
      return { id: Number(plain!.id), tokensAwarded: 0 };
    },
  };
}

export type TemplateRepository = ReturnType<typeof createTemplateRepository>;
