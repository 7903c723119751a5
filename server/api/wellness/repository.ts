import type { SqlExecutor } from '../../db/sql';

export interface MoodRow {
  id: number;
  mood_score: number;
  stress_level: number;
  anxiety_level: number;
  energy_level: number;
  emotions: string;
  notes: string;
  recorded_at: string;
  local_date: string;
}

export interface BiometricRow {
  id: number;
  data_type: string;
  value: number;
  unit: string;
  source_device: string;
  recorded_at: string;
  local_date: string;
}

export interface NewMood {
  userId: string;
  moodScore: number;
  stressLevel: number;
  anxietyLevel: number;
  energyLevel: number;
  emotions: string[];
  notes: string;
  recordedAt: string;
  localDate: string;
  createdAt: string;
}

export interface NewBiometric {
  userId: string;
  dataType: string;
  value: number;
  unit: string;
  sourceDevice: string;
  recordedAt: string;
  localDate: string;
  createdAt: string;
}

const MOOD_COLS =
  'id, mood_score, stress_level, anxiety_level, energy_level, emotions, notes, recorded_at, local_date';
const BIO_COLS = 'id, data_type, value, unit, source_device, recorded_at, local_date';

/** Every SQL statement of the wellness API. All reads are by member. */
export function createWellnessRepository(sql: SqlExecutor) {
  const mood = (on: SqlExecutor, id: number) =>
    on.get<MoodRow>(`SELECT ${MOOD_COLS} FROM mood_entries WHERE id = ?`, [id]);

  return {
    accountCreatedAt: async (userId: string) =>
      (await sql.get<{ created_at: string }>('SELECT created_at FROM users WHERE id = ?', [userId]))
        ?.created_at ?? null,
    recentMoods: (userId: string, limit: number) =>
      sql.all<MoodRow>(
        `SELECT ${MOOD_COLS} FROM mood_entries WHERE user_id = ? ORDER BY recorded_at DESC, id DESC LIMIT ?`,
        [userId, limit],
      ),
    moodsSince: (userId: string, localDate: string) =>
      sql.all<MoodRow>(
        `SELECT ${MOOD_COLS} FROM mood_entries WHERE user_id = ? AND local_date >= ? ORDER BY recorded_at, id`,
        [userId, localDate],
      ),
    allMoods: (userId: string) =>
      sql.all<MoodRow>(`SELECT ${MOOD_COLS} FROM mood_entries WHERE user_id = ? ORDER BY recorded_at, id`, [
        userId,
      ]),
    /** The badge hook runs in the same transaction, so an entry and its badges land together. */
    addMood<T>(
      m: NewMood,
      after: (tx: SqlExecutor, id: number) => T | Promise<T>,
    ): Promise<{ row: MoodRow; extra: T }> {
      return sql.transaction(async (tx) => {
        const created = await tx.get<{ id: number }>(
          `INSERT INTO mood_entries
            (user_id, mood_score, stress_level, anxiety_level, energy_level, emotions, notes, recorded_at, local_date, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          [
            m.userId,
            m.moodScore,
            m.stressLevel,
            m.anxietyLevel,
            m.energyLevel,
            JSON.stringify(m.emotions),
            m.notes,
            m.recordedAt,
            m.localDate,
            m.createdAt,
          ],
        );
        const id = Number(created?.id);
        const extra = await after(tx, id);
        return { row: (await mood(tx, id)) as MoodRow, extra };
      });
    },
    /** Deletes only the member's own entry; false when there is none with this id for them. */
    deleteMood: async (userId: string, id: number) =>
      (await sql.run('DELETE FROM mood_entries WHERE id = ? AND user_id = ?', [id, userId])).changes === 1,
    recentBiometrics: (userId: string, limit: number) =>
      sql.all<BiometricRow>(
        `SELECT ${BIO_COLS} FROM biometric_records WHERE user_id = ? ORDER BY recorded_at DESC, id DESC LIMIT ?`,
        [userId, limit],
      ),
    /** The member's records of the local dates from `localDate` on (all of them without it). */
    biometricsSince: (userId: string, localDate = '') =>
      sql.all<BiometricRow>(
        `SELECT ${BIO_COLS} FROM biometric_records WHERE user_id = ? AND local_date >= ? ORDER BY recorded_at, id`,
        [userId, localDate],
      ),
    /** One statement: the new row comes back from RETURNING. */
    addBiometric: async (b: NewBiometric) =>
      (await sql.get<BiometricRow>(
        `INSERT INTO biometric_records
          (user_id, data_type, value, unit, source_device, recorded_at, local_date, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${BIO_COLS}`,
        [b.userId, b.dataType, b.value, b.unit, b.sourceDevice, b.recordedAt, b.localDate, b.createdAt],
      )) as BiometricRow,
    deleteBiometric: async (userId: string, id: number) =>
      (await sql.run('DELETE FROM biometric_records WHERE id = ? AND user_id = ?', [id, userId])).changes ===
      1,
  };
}

export type WellnessRepository = ReturnType<typeof createWellnessRepository>;
