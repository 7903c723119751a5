import type { DB } from '../../db/open';

export interface GoalInput {
  metric: string;
  targetValue: number;
  targetDate: string;
}
interface Row {
  id: number;
  metric: string;
  target_value: number;
  target_date: string;
  created_at: string;
}
const present = (r: Row) => ({
  id: r.id,
  targetMetric: r.metric,
  targetValue: r.target_value,
  targetDate: r.target_date,
  createdAt: r.created_at,
});

/** Voice goals: the target is the member's; current value and progress come from their analyses. */
export function createGoalRepository(db: DB) {
  const s = {
    list: db.prepare('SELECT * FROM voice_goals WHERE user_id = ? ORDER BY id DESC'),
    insert: db.prepare(
      'INSERT INTO voice_goals (user_id, metric, target_value, target_date, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    one: db.prepare('SELECT * FROM voice_goals WHERE id = ?'),
    remove: db.prepare('DELETE FROM voice_goals WHERE user_id = ? AND id = ?'),
  };
  return {
    list: (userId: string) => (s.list.all(userId) as Row[]).map(present),
    add(userId: string, g: GoalInput, at: string) {
      const id = s.insert.run(userId, g.metric, g.targetValue, g.targetDate, at).lastInsertRowid;
      return present(s.one.get(id) as Row);
    },
    remove: (userId: string, id: number) => s.remove.run(userId, id).changes === 1,
  };
}
