import type { DB } from '../../db/open';
import { awardBadges, type AwardedBadge } from '../achievements/award';

export interface FinishedItem {
  kind: 'session' | 'template';
  id: number;
}

export interface ProgramAdvance {
  programId: number;
  currentSessionIndex: number;
  progress: number;
  completed: boolean;
  newBadges: AwardedBadge[];
}

/** progress (percent) = finished steps / steps, whole percent. */
export function progressOf(currentIndex: number, count: number): number {
  return count === 0 ? 0 : Math.min(100, Math.round((currentIndex / count) * 100));
}

const statements = new WeakMap<DB, ReturnType<typeof prepare>>();
function prepare(db: DB) {
  return {
    due: db.prepare(`SELECT e.id, e.program_id, e.current_session_index,
        (SELECT count(*) FROM program_items c WHERE c.program_id = e.program_id) AS step_count
      FROM program_enrollments e
      JOIN program_items i ON i.program_id = e.program_id AND i.position = e.current_session_index
      WHERE e.user_id = ? AND e.completed_at IS NULL
        AND ((? = 'session' AND i.session_id = ?) OR (? = 'template' AND i.template_id = ?))`),
    step: db.prepare(
      'INSERT OR IGNORE INTO program_step_completions (enrollment_id, position, completed_at) VALUES (?, ?, ?)',
    ),
    move: db.prepare(`UPDATE program_enrollments SET current_session_index = current_session_index + 1,
        completed_at = CASE WHEN current_session_index + 1 >= ? THEN ? ELSE NULL END
      WHERE id = ? AND current_session_index = ?`),
  };
}

/**
 * After a member finishes a catalogue session or a session template: every active enrollment
 * whose next step is that item moves one step on, and an enrollment whose last step it was is
 * completed (which can unlock the 'program-finished' badge). Call it inside the completion's
 * own transaction. Exactly once per step: the (enrollment, position) key of
 * program_step_completions and the guarded UPDATE make a replayed completion change nothing.
 */
export function advanceProgramsAfter(
  db: DB,
  userId: string,
  item: FinishedItem,
  at: string = new Date().toISOString(),
): ProgramAdvance[] {
  let s = statements.get(db);
  if (!s) {
    s = prepare(db);
    statements.set(db, s);
  }
  const due = s.due.all(userId, item.kind, item.id, item.kind, item.id) as {
    id: number;
    program_id: number;
    current_session_index: number;
    step_count: number;
  }[];
  const advanced: ProgramAdvance[] = [];
  for (const e of due) {
    if (s.step.run(e.id, e.current_session_index, at).changes !== 1) continue;
    if (s.move.run(e.step_count, at, e.id, e.current_session_index).changes !== 1) continue;
    const index = e.current_session_index + 1;
    const completed = index >= e.step_count;
    advanced.push({
      programId: e.program_id,
      currentSessionIndex: index,
      progress: progressOf(index, e.step_count),
      completed,
      newBadges: completed ? awardBadges(db, userId, 'program-finished') : [],
    });
  }
  return advanced;
}
