import type { SqlExecutor } from '../../db/sql';
import type { NoteResult } from '../../../src/domain/pitch-target/types';
import { recordPractice } from '../practice/ledger';

/** A take as stored (migration 0130) and as the API answers it. */
export interface PitchResult {
  id: number;
  exerciseId: string;
  title: string;
  focus: string;
  /** The target as sung (`NAME:seconds,…`), already placed in the member's range. */
  target: string;
  notes: NoteResult[];
  score: number;
  /** Semitones the exercise was moved from its written pitch (range placement and octave choice). */
  shift: number;
  durationSec: number;
  recordedAt: string;
  localDate: string;
  /** The template whose step this take was, or null for the tuning room. */
  templateId: number | null;
}

export type NewPitchResult = Omit<PitchResult, 'id'>;

interface Row {
  id: number;
  exercise_id: string;
  title: string;
  focus: string;
  target: string;
  notes_json: string;
  score: number;
  shift: number;
  duration_sec: number;
  recorded_at: string;
  local_date: string;
  template_id: number | null;
}

function notesOf(json: string): NoteResult[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? (list as NoteResult[]) : [];
  } catch {
    return [];
  }
}

const toResult = (r: Row): PitchResult => ({
  id: Number(r.id),
  exerciseId: r.exercise_id,
  title: r.title,
  focus: r.focus,
  target: r.target,
  notes: notesOf(r.notes_json),
  score: Number(r.score),
  shift: Number(r.shift),
  durationSec: Number(r.duration_sec),
  recordedAt: r.recorded_at,
  localDate: r.local_date,
  templateId: r.template_id === null ? null : Number(r.template_id),
});

/** The most a list answer holds: years of daily practice, still a small payload. */
export const LIST_LIMIT = 1000;

export function createPitchResultRepository(sql: SqlExecutor) {
  return {
    /**
     * Stores one take and, for a take sung in the tuning room, its practice-ledger entry in the
     * same transaction (call with the write's `tx`). A take sung as a template step writes no
     * ledger entry: the template session's own save counts that time, so it is not counted twice.
     */
    /**
     * A take of the member's that overlaps one sung at `at` for `seconds`: two takes are sung one
     * after another, so their times are at least the shorter one's length apart (whether a
     * take's recordedAt marks its start or its end).
     */
    async overlapping(userId: string, at: number, seconds: number): Promise<string | null> {
      const near = await sql.all<{ recorded_at: string; duration_sec: number }>(
        `SELECT recorded_at, duration_sec FROM pitch_exercise_results
         WHERE user_id = ? AND recorded_at > ? AND recorded_at < ?`,
        [userId, new Date(at - seconds * 1000).toISOString(), new Date(at + seconds * 1000).toISOString()],
      );
      const clash = near.find(
        (t) => Math.abs(Date.parse(t.recorded_at) - at) < Math.min(seconds, Number(t.duration_sec)) * 1000,
      );
      return clash?.recorded_at ?? null;
    },
    async add(userId: string, r: NewPitchResult): Promise<PitchResult> {
      const row = await sql.get<Row>(
        `INSERT INTO pitch_exercise_results (user_id, exercise_id, title, focus, target, notes_json, score,
          shift, duration_sec, recorded_at, local_date, template_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        [
          userId,
          r.exerciseId,
          r.title,
          r.focus,
          r.target,
          JSON.stringify(r.notes),
          r.score,
          r.shift,
          r.durationSec,
          r.recordedAt,
          r.localDate,
          r.templateId,
        ],
      );
      if (!row) throw new Error('the pitch result was not stored');
      const stored = toResult(row);
      if (stored.templateId === null) {
        await recordPractice(sql, {
          userId,
          kind: 'pitch',
          itemId: stored.id,
          title: stored.title,
          categories: [stored.focus],
          practisedAt: stored.recordedAt,
          localDate: stored.localDate,
          plannedSec: stored.durationSec,
          practisedSec: stored.durationSec,
          // Minutes only: a take of a few seconds is practice, not a session (docs/pitch-matching-app.md).
          counted: false,
          earned: 0,
          sourceId: stored.id,
        });
      }
      return stored;
    },

    /** The member's own takes, newest first. */
    list: async (userId: string): Promise<PitchResult[]> =>
      (
        await sql.all<Row>(
          `SELECT * FROM pitch_exercise_results WHERE user_id = ? ORDER BY recorded_at DESC, id DESC LIMIT ?`,
          [userId, LIST_LIMIT],
        )
      ).map(toResult),
  };
}
