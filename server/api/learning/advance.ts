import type { SqlExecutor } from '../../db/sql';
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

const DUE = `SELECT e.id, e.program_id, e.current_session_index,
    (SELECT count(*) FROM program_items c WHERE c.program_id = e.program_id) AS step_count
  FROM program_enrollments e
  JOIN program_items i ON i.program_id = e.program_id AND i.position = e.current_session_index
  WHERE e.user_id = ? AND e.completed_at IS NULL
    AND ((? = 'session' AND i.session_id = ?) OR (? = 'template' AND i.template_id = ?))`;

/**
 * After a member finishes a catalogue session or a session template: every active enrollment
 * whose next step is that item moves one step on, and an enrollment whose last step it was is
 * completed (which can unlock the 'program-finished' badge). Call it inside the completion's
 * own transaction with its `tx`. Exactly once per step: the (enrollment, position) key of
 * program_step_completions (ON CONFLICT DO NOTHING) and the UPDATE guarded by the index read
 * make a replayed or racing completion change nothing.
 */
export async function advanceProgramsAfter(
  tx: SqlExecutor,
  userId: string,
  item: FinishedItem,
  at: string = new Date().toISOString(),
): Promise<ProgramAdvance[]> {
  const due = await tx.all<{
    id: number;
    program_id: number;
    current_session_index: number;
    step_count: number;
  }>(DUE, [userId, item.kind, item.id, item.kind, item.id]);
  const advanced: ProgramAdvance[] = [];
  for (const e of due) {
    const steps = Number(e.step_count);
    const step = await tx.get(
      `INSERT INTO program_step_completions (enrollment_id, position, completed_at) VALUES (?, ?, ?)
       ON CONFLICT DO NOTHING RETURNING position`,
      [e.id, e.current_session_index, at],
    );
    if (!step) continue;
    const moved = await tx.run(
      `UPDATE program_enrollments SET current_session_index = current_session_index + 1,
         completed_at = CASE WHEN current_session_index + 1 >= ? THEN ? ELSE NULL END
       WHERE id = ? AND current_session_index = ?`,
      [steps, at, e.id, e.current_session_index],
    );
    if (moved.changes !== 1) continue;
    const index = e.current_session_index + 1;
    const completed = index >= steps;
    advanced.push({
      programId: e.program_id,
      currentSessionIndex: index,
      progress: progressOf(index, steps),
      completed,
      newBadges: completed ? await awardBadges(tx, userId, 'program-finished') : [],
    });
  }
  return advanced;
}
