import type { DB } from '../../db/open';

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

/** Every SQL statement of the wellness API, prepared once per app. All reads are by member. */
export function createWellnessRepository(db: DB) {
  const s = {
    accountCreated: db.prepare('SELECT created_at FROM users WHERE id = ?'),
    recentMoods: db.prepare(
      `SELECT ${MOOD_COLS} FROM mood_entries WHERE user_id = ? ORDER BY recorded_at DESC, id DESC LIMIT ?`,
    ),
    moodsSince: db.prepare(
      `SELECT ${MOOD_COLS} FROM mood_entries WHERE user_id = ? AND local_date >= ? ORDER BY recorded_at, id`,
    ),
    allMoods: db.prepare(`SELECT ${MOOD_COLS} FROM mood_entries WHERE user_id = ? ORDER BY recorded_at, id`),
    mood: db.prepare(`SELECT ${MOOD_COLS} FROM mood_entries WHERE id = ?`),
    insertMood: db.prepare(`INSERT INTO mood_entries
      (user_id, mood_score, stress_level, anxiety_level, energy_level, emotions, notes, recorded_at, local_date, created_at)
      VALUES (@userId, @moodScore, @stressLevel, @anxietyLevel, @energyLevel, @emotions, @notes, @recordedAt, @localDate, @createdAt)`),
    deleteMood: db.prepare('DELETE FROM mood_entries WHERE id = ? AND user_id = ?'),
    recentBio: db.prepare(
      `SELECT ${BIO_COLS} FROM biometric_records WHERE user_id = ? ORDER BY recorded_at DESC, id DESC LIMIT ?`,
    ),
    allBio: db.prepare(
      `SELECT ${BIO_COLS} FROM biometric_records WHERE user_id = ? ORDER BY recorded_at, id`,
    ),
    bio: db.prepare(`SELECT ${BIO_COLS} FROM biometric_records WHERE id = ?`),
    insertBio: db.prepare(`INSERT INTO biometric_records
      (user_id, data_type, value, unit, source_device, recorded_at, local_date, created_at)
      VALUES (@userId, @dataType, @value, @unit, @sourceDevice, @recordedAt, @localDate, @createdAt)`),
    deleteBio: db.prepare('DELETE FROM biometric_records WHERE id = ? AND user_id = ?'),
    practiceDays: db.prepare(
      'SELECT DISTINCT local_date FROM session_completions WHERE user_id = ? ORDER BY local_date',
    ),
  };

  return {
    accountCreatedAt: (userId: string) =>
      (s.accountCreated.get(userId) as { created_at: string } | undefined)?.created_at ?? null,
    recentMoods: (userId: string, limit: number) => s.recentMoods.all(userId, limit) as MoodRow[],
    moodsSince: (userId: string, localDate: string) => s.moodsSince.all(userId, localDate) as MoodRow[],
    allMoods: (userId: string) => s.allMoods.all(userId) as MoodRow[],
    /** The badge hook runs in the same transaction, so an entry and its badges land together. */
    addMood(m: NewMood, after: (id: number) => unknown): { row: MoodRow; extra: unknown } {
      return db.transaction(() => {
        const id = Number(s.insertMood.run({ ...m, emotions: JSON.stringify(m.emotions) }).lastInsertRowid);
        const extra = after(id);
        return { row: s.mood.get(id) as MoodRow, extra };
      })();
    },
    /** Deletes only the member's own entry; false when there is none with this id for them. */
    deleteMood: (userId: string, id: number) => s.deleteMood.run(id, userId).changes === 1,
    recentBiometrics: (userId: string, limit: number) => s.recentBio.all(userId, limit) as BiometricRow[],
    allBiometrics: (userId: string) => s.allBio.all(userId) as BiometricRow[],
    addBiometric(b: NewBiometric): BiometricRow {
      const id = Number(s.insertBio.run(b).lastInsertRowid);
      return s.bio.get(id) as BiometricRow;
    },
    deleteBiometric: (userId: string, id: number) => s.deleteBio.run(id, userId).changes === 1,
    practiceDays: (userId: string) =>
      (s.practiceDays.all(userId) as { local_date: string }[]).map((r) => r.local_date),
  };
}

export type WellnessRepository = ReturnType<typeof createWellnessRepository>;
