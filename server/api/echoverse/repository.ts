import type { SqlExecutor } from '../../db/sql';
import { ECHOVERSE_REPORTS_TO_HIDE } from '../../../src/domain/voice-notes';

export interface SharedNoteRow {
  id: string;
  user_id: string;
  voice_note_id: string;
  title: string;
  duration_ms: number;
  mime_type: string;
  size_bytes: number;
  object_name: string;
  shared_at: string;
  report_count: number;
  hidden_at: string | null;
  reviewed_at: string | null;
}

/** A shared note as listed: its sharer's first name and the echoes. */
export interface ListedNoteRow extends SharedNoteRow {
  first_name: string | null;
  echoes: number;
  echoed_by_me: number;
}

export interface NewSharedNote {
  id: string;
  userId: string;
  voiceNoteId: string;
  title: string;
  durationMs: number;
  mimeType: string;
  sizeBytes: number;
  objectName: string;
}

const COLUMNS = `n.id, n.user_id, n.voice_note_id, n.title, n.duration_ms, n.mime_type, n.size_bytes,
  n.object_name, n.shared_at, n.report_count, n.hidden_at, n.reviewed_at`;
const PLAIN_COLUMNS = COLUMNS.replace(/n\./g, '');

/** The list's select for a viewer (`?` = the viewer's id, for "echoed by me"). */
const LISTED = `SELECT ${COLUMNS}, u.first_name,
    (SELECT count(*) FROM echoverse_echoes e WHERE e.note_id = n.id) AS echoes,
    (SELECT count(*) FROM echoverse_echoes e WHERE e.note_id = n.id AND e.user_id = ?) AS echoed_by_me
  FROM echoverse_notes n JOIN users u ON u.id = n.user_id`;

/** Every statement of the Echoverse; writes take the executor they run on (a transaction). */
export function createEchoverseRepository(sql: SqlExecutor) {
  return {
    /**
     * What a member hears: every note not hidden, newest first, except the ones they reported
     * (a member who reported a note is not played it again).
     */
    listening: (viewerId: string, limit: number) =>
      sql.all<ListedNoteRow>(
        `${LISTED}
         WHERE n.hidden_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM echoverse_reports r WHERE r.note_id = n.id AND r.user_id = ?)
         ORDER BY n.shared_at DESC, n.id DESC LIMIT ?`,
        [viewerId, viewerId, limit],
      ),
    /** The member's own shares, hidden ones included. */
    mine: (userId: string) =>
      sql.all<ListedNoteRow>(`${LISTED} WHERE n.user_id = ? ORDER BY n.shared_at DESC, n.id DESC`, [
        userId,
        userId,
      ]),
    byId: async (id: string) =>
      (await sql.get<SharedNoteRow>(`SELECT ${COLUMNS} FROM echoverse_notes n WHERE n.id = ?`, [id])) ?? null,
    sharesOn: async (userId: string, localDate: string) =>
      (
        await sql.get<{ shares: number }>(
          'SELECT shares FROM echoverse_share_days WHERE user_id = ? AND local_date = ?',
          [userId, localDate],
        )
      )?.shares ?? 0,
    /** The new row, or null when this voice note is shared already (the unique key decides). */
    insert: async (n: NewSharedNote, nowIso: string) =>
      (await sql.get<SharedNoteRow>(
        `INSERT INTO echoverse_notes
           (id, user_id, voice_note_id, title, duration_ms, mime_type, size_bytes, object_name, shared_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, voice_note_id) DO NOTHING RETURNING ${PLAIN_COLUMNS}`,
        [n.id, n.userId, n.voiceNoteId, n.title, n.durationMs, n.mimeType, n.sizeBytes, n.objectName, nowIso],
      )) ?? null,
    /**
     * Counts one share on the member's local day while the day has room, in one statement; the
     * day's count, or null when the limit is reached.
     */
    countShare: async (userId: string, localDate: string, perDay: number) =>
      (
        await sql.get<{ shares: number }>(
          `INSERT INTO echoverse_share_days (user_id, local_date, shares) VALUES (?, ?, 1)
           ON CONFLICT (user_id, local_date) DO UPDATE SET shares = echoverse_share_days.shares + 1
           WHERE echoverse_share_days.shares < ?
           RETURNING shares`,
          [userId, localDate, perDay],
        )
      )?.shares ?? null,
    /** Removes a note (its echoes and reports cascade); the row as it was, or null. */
    remove: async (id: string, userId?: string) =>
      (await sql.get<SharedNoteRow>(
        `DELETE FROM echoverse_notes WHERE id = ?${userId ? ' AND user_id = ?' : ''} RETURNING ${PLAIN_COLUMNS}`,
        userId ? [id, userId] : [id],
      )) ?? null,
    /** One echo per member; null when the note is not there to echo (hidden, withdrawn, unknown). */
    echo: async (userId: string, id: string, nowIso: string) => {
      const note = await sql.get(
        'SELECT 1 AS found FROM echoverse_notes WHERE id = ? AND hidden_at IS NULL',
        [id],
      );
      if (!note) return null;
      await sql.run(
        `INSERT INTO echoverse_echoes (user_id, note_id, created_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id, note_id) DO NOTHING`,
        [userId, id, nowIso],
      );
      const n = await sql.get<{ n: number }>('SELECT count(*) AS n FROM echoverse_echoes WHERE note_id = ?', [
        id,
      ]);
      return { echoes: Number(n?.n ?? 0) };
    },
    /** True when this member's report is new (one per member per note). */
    addReport: async (userId: string, id: string, reason: string, nowIso: string) =>
      (
        await sql.run(
          `INSERT INTO echoverse_reports (user_id, note_id, reason, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (user_id, note_id) DO NOTHING`,
          [userId, id, reason, nowIso],
        )
      ).changes === 1,
    /**
     * Counts a new report on the note and hides it when that makes the limit, in one UPDATE
     * (PostgreSQL serialises two reports on the row lock). `nowHidden` is true only for the
     * report that hid it, so the sharer is told once.
     */
    countReport: async (id: string, nowIso: string) => {
      const row = await sql.get<{ report_count: number; hidden_at: string | null }>(
        `UPDATE echoverse_notes SET report_count = report_count + 1,
           hidden_at = CASE WHEN hidden_at IS NULL AND report_count + 1 >= ? THEN ? ELSE hidden_at END
         WHERE id = ? RETURNING report_count, hidden_at`,
        [ECHOVERSE_REPORTS_TO_HIDE, nowIso, id],
      );
      return { nowHidden: row?.report_count === ECHOVERSE_REPORTS_TO_HIDE && row.hidden_at === nowIso };
    },
    hidden: () =>
      sql.all<SharedNoteRow & { first_name: string | null }>(
        `SELECT ${COLUMNS}, u.first_name FROM echoverse_notes n JOIN users u ON u.id = n.user_id
         WHERE n.hidden_at IS NOT NULL ORDER BY n.hidden_at`,
      ),
    reportsOf: (id: string) =>
      sql.all<{ reason: string; created_at: string }>(
        'SELECT reason, created_at FROM echoverse_reports WHERE note_id = ? ORDER BY created_at',
        [id],
      ),
    /** Shows a reviewed note again; its reports stay (their members do not hear it again). */
    restore: async (id: string, nowIso: string) =>
      (
        await sql.run(
          `UPDATE echoverse_notes SET hidden_at = NULL, report_count = 0, reviewed_at = ?
           WHERE id = ? AND hidden_at IS NOT NULL`,
          [nowIso, id],
        )
      ).changes === 1,
    memberContact: async (userId: string) =>
      (await sql.get<{ email: string; first_name: string | null }>(
        'SELECT email, first_name FROM users WHERE id = ?',
        [userId],
      )) ?? null,
  };
}

export type EchoverseRepository = ReturnType<typeof createEchoverseRepository>;
