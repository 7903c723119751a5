import type { SqlExecutor } from '../../db/sql';

export interface GoalInput {
  metric: string;
  targetValue: number;
  targetDate: string;
}
/**
 * The scale a goal's target is on: 'assessment' (the metric's unit: AVQI, CPPS dB, seconds), or
 * 'retired-blend' for goals set on the 0-100 blends voice health showed before issue 21
 * (migration 0137), which cannot be compared with anything measured today.
 */
export type GoalScale = 'assessment' | 'retired-blend';
interface Row {
  id: number;
  metric: string;
  target_value: number;
  target_date: string;
  created_at: string;
  scale: GoalScale;
}
const present = (r: Row) => ({
  id: Number(r.id),
  targetMetric: r.metric,
  targetValue: r.target_value,
  targetDate: r.target_date,
  createdAt: r.created_at,
  scale: r.scale,
});

/** Voice goals: the target is the member's; current value and progress come from their assessments. */
export function createGoalRepository(sql: SqlExecutor) {
  return {
    list: async (userId: string) =>
      (await sql.all<Row>('SELECT * FROM voice_goals WHERE user_id = ? ORDER BY id DESC', [userId])).map(
        present,
      ),
    async add(userId: string, g: GoalInput, at: string) {
      const row = await sql.get<Row>(
        `INSERT INTO voice_goals (user_id, metric, target_value, target_date, created_at, scale)
         VALUES (?, ?, ?, ?, ?, 'assessment')
         RETURNING id, metric, target_value, target_date, created_at, scale`,
        [userId, g.metric, g.targetValue, g.targetDate, at],
      );
      return present(row!);
    },
    remove: async (userId: string, id: number) =>
      (await sql.run('DELETE FROM voice_goals WHERE user_id = ? AND id = ?', [userId, id])).changes === 1,
  };
}
