import type { SqlExecutor } from '../../db/sql';
import type { Emotion, FeelingPhase } from '../../../src/domain/emotions';

export interface FeelingRow {
  id: number;
  run_key: string;
  kind: 'catalogue' | 'template';
  item_id: number;
  before_emotion: Emotion | null;
  before_at: string | null;
  after_emotion: Emotion | null;
  after_at: string | null;
  local_date: string;
}

export interface FeelingWrite {
  userId: string;
  runKey: string;
  kind: 'catalogue' | 'template';
  itemId: number;
  phase: FeelingPhase;
  emotion: Emotion;
  at: string;
  localDate: string;
  now: string;
}

const COLS = 'id, run_key, kind, item_id, before_emotion, before_at, after_emotion, after_at, local_date';

/** The two halves of a row; the phase is one of two literals (zod), never the client's text. */
const COLUMNS: Record<FeelingPhase, { emotion: string; at: string }> = {
  before: { emotion: 'before_emotion', at: 'before_at' },
  after: { emotion: 'after_emotion', at: 'after_at' },
};

/** Every SQL statement of emotion tracking. All reads are by member. */
export function createFeelingsRepository(sql: SqlExecutor) {
  const byRun = (userId: string, runKey: string) =>
    sql.get<FeelingRow>(`SELECT ${COLS} FROM practice_feelings WHERE user_id = ? AND run_key = ?`, [
      userId,
      runKey,
    ]);
  return {
    byRun,
    /**
     * Sets one half of a run's feelings in one statement: a new run is inserted; a later tap of
     * the same half replaces an earlier one (a changed answer, or writes replayed out of order
     * keep the newest); the run's kind and item never change. Answers the row as written, or
     * undefined when nothing was written (an older tap, or another item under the same key).
     */
    set(w: FeelingWrite): Promise<FeelingRow | undefined> {
      const { emotion, at } = COLUMNS[w.phase];
      return sql.get<FeelingRow>(
        `INSERT INTO practice_feelings (user_id, run_key, kind, item_id, ${emotion}, ${at}, local_date, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, run_key) DO UPDATE SET ${emotion} = excluded.${emotion}, ${at} = excluded.${at}
         WHERE practice_feelings.kind = excluded.kind AND practice_feelings.item_id = excluded.item_id
           AND (practice_feelings.${at} IS NULL OR practice_feelings.${at} <= excluded.${at})
         RETURNING ${COLS}`,
        [w.userId, w.runKey, w.kind, w.itemId, w.emotion, w.at, w.localDate, w.now],
      );
    },
    /** The member's runs from `fromDate` on, newest first. */
    since: (userId: string, fromDate: string) =>
      sql.all<FeelingRow>(
        `SELECT ${COLS} FROM practice_feelings WHERE user_id = ? AND local_date >= ?
         ORDER BY local_date DESC, id DESC`,
        [userId, fromDate],
      ),
  };
}
