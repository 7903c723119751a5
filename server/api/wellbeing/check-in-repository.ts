import type { SqlExecutor } from '../../db/sql';
import type { EnergyLevel, Mood, VoiceFeel } from '../../../src/domain/check-in';

export interface CheckInRow {
  id: number;
  local_date: string;
  voice: VoiceFeel;
  energy: EnergyLevel;
  mood: Mood;
  note: string;
  checked_at: string;
}

export interface NewCheckIn {
  userId: string;
  localDate: string;
  voice: VoiceFeel;
  energy: EnergyLevel;
  mood: Mood;
  note: string;
  checkedAt: string;
  now: string;
}

const COLS = 'id, local_date, voice, energy, mood, note, checked_at';

/** Every SQL statement of the daily check-in. All reads are by member. */
export function createCheckInRepository(sql: SqlExecutor) {
  const ofDay = (userId: string, localDate: string) =>
    sql.get<CheckInRow>(`SELECT ${COLS} FROM voice_check_ins WHERE user_id = ? AND local_date = ?`, [
      userId,
      localDate,
    ]);
  return {
    /**
     * One check-in per member per local day, decided by the unique key: a second one the same
     * day replaces the first, unless it was tapped earlier than the stored one (an old write
     * that waited offline arriving after a newer one), which leaves the newer one in place.
     * Answers the day's check-in as stored afterwards.
     */
    async upsert(c: NewCheckIn): Promise<CheckInRow> {
      const written = await sql.get<CheckInRow>(
        `INSERT INTO voice_check_ins
          (user_id, local_date, voice, energy, mood, note, checked_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, local_date) DO UPDATE SET voice = excluded.voice, energy = excluded.energy,
           mood = excluded.mood, note = excluded.note, checked_at = excluded.checked_at,
           updated_at = excluded.updated_at
         WHERE voice_check_ins.checked_at <= excluded.checked_at
         RETURNING ${COLS}`,
        [c.userId, c.localDate, c.voice, c.energy, c.mood, c.note, c.checkedAt, c.now, c.now],
      );
      return written ?? ((await ofDay(c.userId, c.localDate)) as CheckInRow);
    },
    /** The member's check-ins from `fromDate` on, oldest first. */
    since: (userId: string, fromDate: string) =>
      sql.all<CheckInRow>(
        `SELECT ${COLS} FROM voice_check_ins WHERE user_id = ? AND local_date >= ? ORDER BY local_date`,
        [userId, fromDate],
      ),
  };
}

/** The API's shape of a check-in (GET and POST /api/check-ins). */
export function presentCheckIn(r: CheckInRow) {
  return {
    id: Number(r.id),
    localDate: r.local_date,
    voice: r.voice,
    energy: r.energy,
    mood: r.mood,
    note: r.note,
    checkedAt: r.checked_at,
  };
}
