import type { SqlExecutor } from '../../db/sql';
import { weekStartOf } from '../../../src/domain/circles';

/**
 * One statement marks the week's practice in every asynchronous circle the member belongs to
 * whose plan is this template. A circle without a chosen template practises the shortest one
 * (as `templateOf` resolves it when read), so that case is resolved the same way here. The
 * circle_practices primary key (circle, member, week) makes it exactly once per week: a second
 * template session in the same week changes nothing.
 */
// CAST: PostgreSQL cannot infer a type for a bare parameter in a SELECT list. The WHERE is
// never empty-true here, so SQLite's INSERT … SELECT … ON CONFLICT parse ambiguity does not arise.
const SQL = `INSERT INTO circle_practices (circle_id, user_id, week_start, done_at, time_zone)
  SELECT c.id, CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT) FROM voice_circles c
  JOIN circle_members m ON m.circle_id = c.id AND m.user_id = ?
  WHERE c.session_type = 'asynchronous'
    AND coalesce(c.template_id,
      (SELECT t.id FROM session_templates t ORDER BY t.duration_sec, t.id LIMIT 1)) = ?
  ON CONFLICT DO NOTHING
  RETURNING circle_id`;

export interface TemplatePractice {
  me: string;
  templateId: number;
  /** The member's local date of the session (their zone), which decides the week. */
  localDate: string;
  at: string;
  timeZone: string;
}

/** Call inside the session save's transaction with its `tx`. Returns the circles newly marked this week. */
export async function markCirclePractice(tx: SqlExecutor, p: TemplatePractice): Promise<number[]> {
  const rows = await tx.all<{ circle_id: number }>(SQL, [
    p.me,
    weekStartOf(p.localDate),
    p.at,
    p.timeZone,
    p.me,
    p.templateId,
  ]);
  return rows.map((r) => r.circle_id).sort((a, b) => a - b);
}
