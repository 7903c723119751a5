import type { SqlExecutor } from '../../db/sql';
import { localDateOf } from '../../../src/domain/streaks';
import type { DayValue } from './insights';

/**
 * The voice assessments a member saved (issue 21, table voice_assessments) feed the voice
 * insights, by the member's local day: the AVQI 03.01 (voice quality, lower is better) and
 * CPPS (tonal clarity, dB). The tuning room's kept analyses (voice_analyses) are never read
 * here: their score and "clarity" are the spec's live-feedback blends, not a validated measure.
 */
export async function readVoiceSeries(
  sql: SqlExecutor,
  userId: string,
  timeZone: string,
): Promise<{ avqi: DayValue[]; cpps: DayValue[] }> {
  const rows = await sql.all<{ recorded_at: string; avqi: number; cpps: number }>(
    'SELECT recorded_at, avqi, cpps FROM voice_assessments WHERE user_id = ? ORDER BY recorded_at',
    [userId],
  );
  const day = (iso: string) => localDateOf(Date.parse(iso), timeZone);
  return {
    avqi: rows.map((r) => ({ localDate: day(r.recorded_at), value: Number(r.avqi) })),
    cpps: rows.map((r) => ({ localDate: day(r.recorded_at), value: Number(r.cpps) })),
  };
}
