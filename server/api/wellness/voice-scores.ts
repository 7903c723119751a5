import type { DB } from '../../db/open';
import { localDateOf } from '../../../src/domain/streaks';
import type { DayValue } from './insights';

const statements = new WeakMap<DB, ReturnType<DB['prepare']>>();

/**
 * The voice analyses a member chose to keep in their account (growth area, table
 * voice_analyses) feed the voice-sleep and clarity insights, by the member's local day.
 * A member who keeps their scores only in the browser has none here: those insights do not
 * apply to them.
 */
export function readVoiceSeries(
  db: DB,
  userId: string,
  timeZone: string,
): { score: DayValue[]; clarity: DayValue[] } {
  let stmt = statements.get(db);
  if (!stmt) {
    stmt = db.prepare(
      'SELECT recorded_at, score, clarity FROM voice_analyses WHERE user_id = ? ORDER BY recorded_at',
    );
    statements.set(db, stmt);
  }
  const rows = stmt.all(userId) as { recorded_at: string; score: number; clarity: number }[];
  const day = (iso: string) => localDateOf(Date.parse(iso), timeZone);
  return {
    score: rows.map((r) => ({ localDate: day(r.recorded_at), value: r.score })),
    clarity: rows.map((r) => ({ localDate: day(r.recorded_at), value: r.clarity })),
  };
}
