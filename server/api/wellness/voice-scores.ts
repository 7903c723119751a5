import type { SqlExecutor } from '../../db/sql';
import { localDateOf } from '../../../src/domain/streaks';
import type { DayValue } from './insights';

/**
 * The voice analyses a member chose to keep in their account (growth area, table
 * voice_analyses) feed the voice-sleep and clarity insights, by the member's local day.
 * A member who keeps their scores only in the browser has none here: those insights do not
 * apply to them.
 */
export async function readVoiceSeries(
  sql: SqlExecutor,
  userId: string,
  timeZone: string,
): Promise<{ score: DayValue[]; clarity: DayValue[] }> {
  const rows = await sql.all<{ recorded_at: string; score: number; clarity: number }>(
    'SELECT recorded_at, score, clarity FROM voice_analyses WHERE user_id = ? ORDER BY recorded_at',
    [userId],
  );
  const day = (iso: string) => localDateOf(Date.parse(iso), timeZone);
  return {
    score: rows.map((r) => ({ localDate: day(r.recorded_at), value: r.score })),
    clarity: rows.map((r) => ({ localDate: day(r.recorded_at), value: r.clarity })),
  };
}
