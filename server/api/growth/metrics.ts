import type { Statement } from 'better-sqlite3';
import type { DB } from '../../db/open';
import { dayNumber } from '../../../src/domain/streaks';

/**
 * What a badge rule can measure about one member. Each metric is one small query, run only for
 * badges the member has not unlocked yet, inside the event's transaction.
 */
export type MetricKey =
  | 'sessions'
  | 'practiceDays'
  | 'longestStreak'
  | 'focusFind'
  | 'focusFree'
  | 'focusFineTune'
  | 'focusFun'
  | 'focusesTried'
  | 'distinctSessions'
  | 'practiceMinutes'
  | 'reflections'
  | 'sharedReflections'
  | 'echoesGiven'
  | 'echoesReceived'
  | 'analyses'
  | 'analysesScoring80'
  | 'bestScore'
  | 'widestRangeSemitones'
  | 'analysisDays'
  // Events other areas add (after the merge their tables exist; see registerMetric).
  | 'templateSessions'
  | 'moodDays'
  | 'programsFinished'
  | 'circlesJoined';

export type Metric = (db: DB, userId: string) => number;

/** Statements per database, prepared on first use. */
const cache = new WeakMap<DB, Map<string, Statement | null>>();

/**
 * Runs a one-number query. `optional` queries read tables other areas create: when the table
 * (or a column) does not exist in this database the metric is 0 instead of an error, and the
 * failed prepare is not retried until the process restarts (migrations run before serving).
 */
function scalar(db: DB, sql: string, userId: string, optional = false): number {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  let stmt = perDb.get(sql);
  if (stmt === undefined) {
    try {
      stmt = db.prepare(sql);
    } catch (err) {
      if (!optional) throw err;
      stmt = null;
    }
    perDb.set(sql, stmt);
  }
  if (!stmt) return 0;
  const row = (sql.includes('@u') ? stmt.get({ u: userId }) : stmt.get(userId)) as
    { n: number | null } | undefined;
  return Number(row?.n ?? 0);
}

const focusCount =
  (focus: string): Metric =>
  (db, userId) =>
    scalar(
      db,
      `SELECT (SELECT count(*) FROM session_completions c JOIN sessions s ON s.id = c.session_id
         WHERE c.user_id = @u AND EXISTS (SELECT 1 FROM json_each(s.category) j WHERE j.value = '${focus}'))
       + (SELECT count(*) FROM template_sessions WHERE user_id = @u AND category = '${focus}') AS n`,
      userId,
    );

/** Longest run of consecutive practice days, over the local dates stored with each completion. */
const streakDays = new WeakMap<DB, Statement>();
function longestStreak(db: DB, userId: string): number {
  let stmt = streakDays.get(db);
  if (!stmt) {
    stmt = db.prepare(
      `SELECT local_date AS d FROM session_completions WHERE user_id = @u
       UNION SELECT local_date FROM template_sessions WHERE user_id = @u ORDER BY d`,
    );
    streakDays.set(db, stmt);
  }
  const rows = stmt.all({ u: userId }) as { d: string }[];
  let longest = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const { d } of rows) {
    const n = dayNumber(d);
    run = n === previous + 1 ? run + 1 : 1;
    previous = n;
    longest = Math.max(longest, run);
  }
  return longest;
}

const metrics: Record<MetricKey, Metric> = {
  // Catalogue sessions and template sessions both count as practice, as on the dashboard.
  sessions: (db, u) =>
    scalar(
      db,
      `SELECT (SELECT count(*) FROM session_completions WHERE user_id = @u)
        + (SELECT count(*) FROM template_sessions WHERE user_id = @u) AS n`,
      u,
    ),
  practiceDays: (db, u) =>
    scalar(
      db,
      `SELECT count(*) AS n FROM (SELECT local_date FROM session_completions WHERE user_id = @u
       UNION SELECT local_date FROM template_sessions WHERE user_id = @u)`,
      u,
    ),
  longestStreak,
  focusFind: focusCount('find'),
  focusFree: focusCount('free'),
  focusFineTune: focusCount('fine-tune'),
  focusFun: focusCount('fun'),
  focusesTried: (db, u) =>
    scalar(
      db,
      `SELECT count(*) AS n FROM (
         SELECT j.value FROM session_completions c JOIN sessions s ON s.id = c.session_id,
           json_each(s.category) j WHERE c.user_id = @u AND j.value IN ('find', 'free', 'fine-tune', 'fun')
         UNION SELECT category FROM template_sessions WHERE user_id = @u)`,
      u,
    ),
  distinctSessions: (db, u) =>
    scalar(db, 'SELECT count(DISTINCT session_id) AS n FROM session_completions WHERE user_id = ?', u),
  practiceMinutes: (db, u) =>
    scalar(
      db,
      `SELECT ((SELECT coalesce(sum(s.length_sec), 0) FROM session_completions c
         JOIN sessions s ON s.id = c.session_id WHERE c.user_id = @u)
       + (SELECT coalesce(sum(duration_sec), 0) FROM template_sessions WHERE user_id = @u)) / 60 AS n`,
      u,
    ),
  reflections: (db, u) => scalar(db, 'SELECT count(*) AS n FROM reflections WHERE user_id = ?', u),
  sharedReflections: (db, u) =>
    scalar(db, 'SELECT count(*) AS n FROM reflections WHERE user_id = ? AND shared = 1', u),
  echoesGiven: (db, u) =>
    scalar(
      db,
      `SELECT (SELECT count(*) FROM session_echoes WHERE user_id = @u)
        + (SELECT count(*) FROM reflection_echoes WHERE user_id = @u)
        + (SELECT count(*) FROM completion_echoes WHERE user_id = @u) AS n`,
      u,
    ),
  echoesReceived: (db, u) =>
    scalar(
      db,
      `SELECT (SELECT count(*) FROM reflection_echoes e JOIN reflections r ON r.id = e.reflection_id
               WHERE r.user_id = @u AND e.user_id <> @u)
        + (SELECT count(*) FROM completion_echoes e JOIN session_completions c ON c.id = e.completion_id
               WHERE c.user_id = @u AND e.user_id <> @u) AS n`,
      u,
    ),
  analyses: (db, u) => scalar(db, 'SELECT count(*) AS n FROM voice_analyses WHERE user_id = ?', u),
  analysesScoring80: (db, u) =>
    scalar(db, 'SELECT count(*) AS n FROM voice_analyses WHERE user_id = ? AND score >= 80', u),
  bestScore: (db, u) => scalar(db, 'SELECT max(score) AS n FROM voice_analyses WHERE user_id = ?', u),
  widestRangeSemitones: (db, u) =>
    scalar(db, 'SELECT max(pitch_range_semitones) AS n FROM voice_analyses WHERE user_id = ?', u),
  analysisDays: (db, u) =>
    scalar(db, 'SELECT count(DISTINCT local_date) AS n FROM voice_analyses WHERE user_id = ?', u),
  // Other areas' events: template player (0021), wellness (0030), programs (0031), circles (0025).
  templateSessions: (db, u) => scalar(db, 'SELECT count(*) AS n FROM template_sessions WHERE user_id = ?', u),
  moodDays: (db, u) =>
    scalar(db, 'SELECT count(DISTINCT local_date) AS n FROM mood_entries WHERE user_id = ?', u),
  programsFinished: (db, u) =>
    scalar(
      db,
      'SELECT count(*) AS n FROM program_enrollments WHERE user_id = ? AND completed_at IS NOT NULL',
      u,
    ),
  circlesJoined: (db, u) => scalar(db, 'SELECT count(*) AS n FROM circle_members WHERE user_id = ?', u),
};

export function readMetric(db: DB, userId: string, key: MetricKey): number {
  return metrics[key](db, userId);
}
