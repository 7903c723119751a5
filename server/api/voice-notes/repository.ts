import type { SqlExecutor } from '../../db/sql';

export interface VoiceNoteRow {
  id: string;
  user_id: string;
  title: string;
  recorded_at: string;
  duration_ms: number;
  mime_type: string;
  size_bytes: number;
  object_name: string;
  created_at: string;
  updated_at: string;
}

export interface NewVoiceNote {
  id: string;
  userId: string;
  title: string;
  recordedAt: string;
  durationMs: number;
  mimeType: string;
  sizeBytes: number;
  objectName: string;
}

const COLUMNS =
  'id, user_id, title, recorded_at, duration_ms, mime_type, size_bytes, object_name, created_at, updated_at';

/** What the app reads about a note kept in the account (no storage names, no member id). */
export function presentNote(row: VoiceNoteRow) {
  return {
    id: row.id,
    title: row.title,
    recordedAt: row.recorded_at,
    durationMs: row.duration_ms,
    mimeType: row.mime_type,
    sizeBytes: row.size_bytes,
    keptAt: row.created_at,
  };
}
export type PresentedNote = ReturnType<typeof presentNote>;

/** Every statement about voice notes kept in accounts; `sql` is the database or a transaction. */
export function createVoiceNoteRepository(sql: SqlExecutor) {
  return {
    list: (userId: string) =>
      sql.all<VoiceNoteRow>(
        `SELECT ${COLUMNS} FROM voice_notes WHERE user_id = ? ORDER BY recorded_at DESC, id DESC`,
        [userId],
      ),
    /** A note by id, whoever it belongs to (ids are made on devices: a clash must be seen). */
    byId: async (id: string) =>
      (await sql.get<VoiceNoteRow>(`SELECT ${COLUMNS} FROM voice_notes WHERE id = ?`, [id])) ?? null,
    find: async (userId: string, id: string) =>
      (await sql.get<VoiceNoteRow>(`SELECT ${COLUMNS} FROM voice_notes WHERE id = ? AND user_id = ?`, [
        id,
        userId,
      ])) ?? null,
    usedBytes: async (userId: string) =>
      (await sql.get<{ bytes: number }>('SELECT bytes FROM voice_note_usage WHERE user_id = ?', [userId]))
        ?.bytes ?? 0,
    accountCreatedAt: async (userId: string) =>
      (await sql.get<{ created_at: string }>('SELECT created_at FROM users WHERE id = ?', [userId]))
        ?.created_at ?? null,
    /** The row, or null when the id exists already (the primary key decides). */
    insert: async (n: NewVoiceNote, nowIso: string) =>
      (await sql.get<VoiceNoteRow>(
        `INSERT INTO voice_notes (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
        [
          n.id,
          n.userId,
          n.title,
          n.recordedAt,
          n.durationMs,
          n.mimeType,
          n.sizeBytes,
          n.objectName,
          nowIso,
          nowIso,
        ],
      )) ?? null,
    /**
     * Adds `bytes` to the member's usage only while it stays within `quota`, in one statement
     * (PostgreSQL locks the row and re-checks the WHERE on the committed total). The new total,
     * or null when the note does not fit.
     */
    reserve: async (userId: string, bytes: number, quota: number) =>
      (
        await sql.get<{ bytes: number }>(
          `INSERT INTO voice_note_usage (user_id, bytes) VALUES (?, ?)
           ON CONFLICT (user_id) DO UPDATE SET bytes = voice_note_usage.bytes + excluded.bytes
           WHERE voice_note_usage.bytes + excluded.bytes <= ?
           RETURNING bytes`,
          [userId, bytes, quota],
        )
      )?.bytes ?? null,
    release: (userId: string, bytes: number) =>
      sql.run(
        `UPDATE voice_note_usage SET bytes = CASE WHEN bytes > ? THEN bytes - ? ELSE 0 END WHERE user_id = ?`,
        [bytes, bytes, userId],
      ),
    rename: async (userId: string, id: string, title: string, nowIso: string) =>
      (await sql.get<VoiceNoteRow>(
        `UPDATE voice_notes SET title = ?, updated_at = ? WHERE id = ? AND user_id = ? RETURNING ${COLUMNS}`,
        [title, nowIso, id, userId],
      )) ?? null,
    /** Removes the member's note; its row as it was, or null when there was none. */
    remove: async (userId: string, id: string) =>
      (await sql.get<VoiceNoteRow>(
        `DELETE FROM voice_notes WHERE id = ? AND user_id = ? RETURNING ${COLUMNS}`,
        [id, userId],
      )) ?? null,
  };
}
