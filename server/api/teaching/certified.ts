import type { SqlExecutor } from '../../db/sql';

/**
 * True when an admin approved the member's teaching application. For the screens that show
 * "certified teacher", and for issue 33 (certified teachers publish to the catalogue).
 */
export async function isCertifiedTeacher(sql: SqlExecutor, userId: string): Promise<boolean> {
  const row = await sql.get<{ status: string }>(
    'SELECT status FROM teaching_applications WHERE user_id = ?',
    [userId],
  );
  return row?.status === 'approved';
}

/** The certified teachers among `userIds` (one query for a circle's member list). */
export async function certifiedAmong(sql: SqlExecutor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await sql.all<{ user_id: string }>(
    `SELECT user_id FROM teaching_applications WHERE status = 'approved'
     AND user_id IN (${userIds.map(() => '?').join(', ')})`,
    [...userIds],
  );
  return new Set(rows.map((r) => r.user_id));
}
