import type { Statement } from 'better-sqlite3';
import type { DB } from '../../db/open';
import { weekStartOf } from '../../../src/domain/circles';

/**
 * One statement marks the week's practice in every asynchronous circle the member belongs to
 * whose plan is this template. A circle without a chosen template practises the shortest one
 * (as `templateOf` resolves it when read), so that case is resolved the same way here. The
 * circle_practices primary key (circle, member, week) makes it exactly once per week: a second
 * template session in the same week changes nothing.
 */
const SQL = `INSERT OR IGNORE INTO circle_practices (circle_id, user_id, week_start, done_at, time_zone)
  SELECT c.id, @me, @weekStart, @at, @tz FROM voice_circles c
  JOIN circle_members m ON m.circle_id = c.id AND m.user_id = @me
  WHERE c.session_type = 'asynchronous'
    AND coalesce(c.template_id,
      (SELECT t.id FROM session_templates t ORDER BY t.duration_sec, t.id LIMIT 1)) = @templateId
  RETURNING circle_id`;

const prepared = new WeakMap<DB, Statement>();

export interface TemplatePractice {
  me: string;
  templateId: number;
  /** The member's local date of the session (their zone), which decides the week. */
  localDate: string;
  at: string;
  timeZone: string;
}

/** Call inside the session save's transaction. Returns the circles newly marked this week. */
export function markCirclePractice(db: DB, p: TemplatePractice): number[] {
  let stmt = prepared.get(db);
  if (!stmt) {
    stmt = db.prepare(SQL);
    prepared.set(db, stmt);
  }
  const rows = stmt.all({
    me: p.me,
    templateId: p.templateId,
    weekStart: weekStartOf(p.localDate),
    at: p.at,
    tz: p.timeZone,
  }) as { circle_id: number }[];
  return rows.map((r) => r.circle_id).sort((a, b) => a - b);
}
