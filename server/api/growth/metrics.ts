import type { SqlExecutor } from '../../db/sql';
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
  | 'templateSessions'
  | 'moodDays'
  | 'programsFinished'
  | 'circlesJoined';

export type Metric = (sql: SqlExecutor, userId: string) => Promise<number>;

/** Runs a one-number query (`n`); NULL (max of nothing) is 0. */
async function scalar(sql: SqlExecutor, text: string, params: readonly string[]): Promise<number> {
  const row = await sql.get<{ n: number | null }>(text, params);
  return Number(row?.n ?? 0);
}

/** The focuses of a catalogue session's category (JSON text in both databases). */
function focusesOf(category: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(category ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * How many catalogue completions the member has per category list. The category is a JSON
 * array (TEXT in SQLite, JSONB in PostgreSQL); it is taken apart here rather than with either
 * dialect's JSON functions, so one query serves both.
 */
async function completionsByCategory(sql: SqlExecutor, userId: string) {
  const rows = await sql.all<{ category: string; n: number }>(
    `SELECT s.category AS category, count(*) AS n FROM session_completions c
     JOIN sessions s ON s.id = c.session_id WHERE c.user_id = ? GROUP BY s.category`,
    [userId],
  );
  return rows.map((r) => ({ focuses: focusesOf(r.category), n: Number(r.n) }));
}

const FOCUSES = ['find', 'free', 'fine-tune', 'fun'];

const focusCount =
  (focus: string): Metric =>
  async (sql, userId) => {
    const catalogue = (await completionsByCategory(sql, userId))
      .filter((r) => r.focuses.includes(focus))
      .reduce((sum, r) => sum + r.n, 0);
    const templates = await scalar(
      sql,
      'SELECT count(*) AS n FROM template_sessions WHERE user_id = ? AND category = ?',
      [userId, focus],
    );
    return catalogue + templates;
  };

async function focusesTried(sql: SqlExecutor, userId: string): Promise<number> {
  const tried = new Set((await completionsByCategory(sql, userId)).flatMap((r) => r.focuses));
  const templates = await sql.all<{ category: string }>(
    'SELECT DISTINCT category FROM template_sessions WHERE user_id = ?',
    [userId],
  );
  for (const t of templates) tried.add(t.category);
  return [...tried].filter((f) => FOCUSES.includes(f)).length;
}

/** Longest run of consecutive practice days, over the local dates stored with each completion. */
async function longestStreak(sql: SqlExecutor, userId: string): Promise<number> {
  const rows = await sql.all<{ d: string }>(
    `SELECT local_date AS d FROM session_completions WHERE user_id = ?
     UNION SELECT local_date AS d FROM template_sessions WHERE user_id = ? ORDER BY d`,
    [userId, userId],
  );
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

/** Whole minutes of practice; summed in JS so integer division means the same in both. */
async function practiceMinutes(sql: SqlExecutor, userId: string): Promise<number> {
  const catalogue = await scalar(
    sql,
    `SELECT coalesce(sum(s.length_sec), 0) AS n FROM session_completions c
     JOIN sessions s ON s.id = c.session_id WHERE c.user_id = ?`,
    [userId],
  );
  const templates = await scalar(
    sql,
    'SELECT coalesce(sum(duration_sec), 0) AS n FROM template_sessions WHERE user_id = ?',
    [userId],
  );
  return Math.floor((catalogue + templates) / 60);
}

const one =
  (text: string): Metric =>
  (sql, u) =>
    scalar(sql, text, [u]);
/** For queries that name the member more than once (`?` each time). */
const many =
  (text: string): Metric =>
  (sql, u) =>
    scalar(sql, text, Array<string>((text.match(/\?/g) ?? []).length).fill(u));

const metrics: Record<MetricKey, Metric> = {
  // Catalogue sessions and template sessions both count as practice, as on the dashboard.
  sessions: many(`SELECT (SELECT count(*) FROM session_completions WHERE user_id = ?)
    + (SELECT count(*) FROM template_sessions WHERE user_id = ?) AS n`),
  practiceDays: many(`SELECT count(*) AS n FROM (SELECT local_date FROM session_completions WHERE user_id = ?
    UNION SELECT local_date FROM template_sessions WHERE user_id = ?) AS days`),
  longestStreak,
  focusFind: focusCount('find'),
  focusFree: focusCount('free'),
  focusFineTune: focusCount('fine-tune'),
  focusFun: focusCount('fun'),
  focusesTried,
  distinctSessions: one('SELECT count(DISTINCT session_id) AS n FROM session_completions WHERE user_id = ?'),
  practiceMinutes,
  reflections: one('SELECT count(*) AS n FROM reflections WHERE user_id = ?'),
  sharedReflections: one('SELECT count(*) AS n FROM reflections WHERE user_id = ? AND shared = 1'),
  echoesGiven: many(`SELECT (SELECT count(*) FROM session_echoes WHERE user_id = ?)
    + (SELECT count(*) FROM reflection_echoes WHERE user_id = ?)
    + (SELECT count(*) FROM completion_echoes WHERE user_id = ?) AS n`),
  echoesReceived:
    many(`SELECT (SELECT count(*) FROM reflection_echoes e JOIN reflections r ON r.id = e.reflection_id
      WHERE r.user_id = ? AND e.user_id <> ?)
    + (SELECT count(*) FROM completion_echoes e JOIN session_completions c ON c.id = e.completion_id
      WHERE c.user_id = ? AND e.user_id <> ?) AS n`),
  analyses: one('SELECT count(*) AS n FROM voice_analyses WHERE user_id = ?'),
  analysesScoring80: one('SELECT count(*) AS n FROM voice_analyses WHERE user_id = ? AND score >= 80'),
  bestScore: one('SELECT max(score) AS n FROM voice_analyses WHERE user_id = ?'),
  widestRangeSemitones: one('SELECT max(pitch_range_semitones) AS n FROM voice_analyses WHERE user_id = ?'),
  analysisDays: one('SELECT count(DISTINCT local_date) AS n FROM voice_analyses WHERE user_id = ?'),
  // Other areas' events: template player (0021), wellness (0030), programs (0031), circles (0025).
  templateSessions: one('SELECT count(*) AS n FROM template_sessions WHERE user_id = ?'),
  moodDays: one('SELECT count(DISTINCT local_date) AS n FROM mood_entries WHERE user_id = ?'),
  programsFinished: one(
    'SELECT count(*) AS n FROM program_enrollments WHERE user_id = ? AND completed_at IS NOT NULL',
  ),
  circlesJoined: one('SELECT count(*) AS n FROM circle_members WHERE user_id = ?'),
};

export function readMetric(sql: SqlExecutor, userId: string, key: MetricKey): Promise<number> {
  return metrics[key](sql, userId);
}
