import type { DB } from '../../db/open';
import { localDateOf } from '../../../src/domain/streaks';
import type { DayValue } from './insights';

/**
 * Voice analyses saved by the member (table voice_analyses: user_id, recorded_at, score and,
 * when stored, clarity) feed the voice-sleep and clarity insights. Another area creates that
 * table, so its absence (or a missing column) is not an error: those insights just do not
 * apply. Checked per call because the table can appear with a later migration.
 */
export function readVoiceSeries(
  db: DB,
  userId: string,
  timeZone: string,
): { score: DayValue[] | null; clarity: DayValue[] | null } {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'voice_analyses'")
    .get();
  if (!table) return { score: null, clarity: null };
  const columns = new Set(
    (db.prepare("SELECT name FROM pragma_table_info('voice_analyses')").all() as { name: string }[]).map(
      (c) => c.name,
    ),
  );
  if (!columns.has('user_id') || !columns.has('recorded_at') || !columns.has('score'))
    return { score: null, clarity: null };
  const hasClarity = columns.has('clarity');
  const rows = db
    .prepare(
      `SELECT recorded_at, score${hasClarity ? ', clarity' : ''} FROM voice_analyses
       WHERE user_id = ? ORDER BY recorded_at`,
    )
    .all(userId) as { recorded_at: string; score: number | null; clarity?: number | null }[];
  const day = (iso: string) => localDateOf(Date.parse(iso), timeZone);
  const valid = rows.filter((r) => !Number.isNaN(Date.parse(r.recorded_at)));
  return {
    score: valid
      .filter((r) => typeof r.score === 'number')
      .map((r) => ({ localDate: day(r.recorded_at), value: r.score as number })),
    clarity: hasClarity
      ? valid
          .filter((r) => typeof r.clarity === 'number')
          .map((r) => ({ localDate: day(r.recorded_at), value: r.clarity as number }))
      : null,
  };
}
