import type { SqlExecutor } from '../../db/sql';
import { dayNumber } from '../../../src/domain/streaks';
import { minutesOf } from '../practice/ledger';
import { challengesMet } from '../challenges/met';
import { masterMet } from '../challenges/master';

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
  | 'circlesJoined'
  | 'challengesMet'
  | 'masterStreak30'
  | 'masterHundredInHundred'
  | 'masterThousandMinutes'
  | 'masterEveryFocus'
  | 'masterMonthlyAssessments';

export type Metric = (sql: SqlExecutor, userId: string) => Promise<number>;

/** Runs a one-number query (`n`); NULL (max of nothing) is 0. */
async function scalar(sql: SqlExecutor, text: string, params: readonly string[]): Promise<number> {
  const row = await sql.get<{ n: number | null }>(text, params);
  return Number(row?.n ?? 0);
}

/**
 * The member's sessions on the practice ledger (entries that counted), as the few columns the
 * practice badges need. Practice is read from the ledger only (server/api/practice/ledger.ts),
 * so a badge counts exactly what the screens show.
 */
async function sessionsOf(sql: SqlExecutor, userId: string) {
  const rows = await sql.all<{ kind: string; item_id: number; categories: string; local_date: string }>(
    'SELECT kind, item_id, categories, local_date FROM practice_ledger WHERE user_id = ? AND counted = 1',
    [userId],
  );
  return rows.map((r) => ({
    key: `${r.kind}:${Number(r.item_id)}`,
    focuses: focusesOf(r.categories),
    localDate: r.local_date,
  }));
}

function focusesOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

const FOCUSES = ['find', 'free', 'fine-tune', 'fun'];

const focusCount =
  (focus: string): Metric =>
  async (sql, userId) =>
    (await sessionsOf(sql, userId)).filter((s) => s.focuses.includes(focus)).length;

async function focusesTried(sql: SqlExecutor, userId: string): Promise<number> {
  const tried = new Set((await sessionsOf(sql, userId)).flatMap((s) => s.focuses));
  return [...tried].filter((f) => FOCUSES.includes(f)).length;
}

/** Longest run of consecutive practice days, over the ledger's local days. */
async function longestStreak(sql: SqlExecutor, userId: string): Promise<number> {
  const days = [...new Set((await sessionsOf(sql, userId)).map((s) => s.localDate))].sort();
  let longest = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const d of days) {
    const n = dayNumber(d);
    run = n === previous + 1 ? run + 1 : 1;
    previous = n;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Whole minutes practised, partial practice included, listening not, rounded as every screen rounds them. */
async function practiceMinutes(sql: SqlExecutor, userId: string): Promise<number> {
  const seconds = await scalar(
    sql,
    "SELECT coalesce(sum(practised_sec), 0) AS n FROM practice_ledger WHERE user_id = ? AND kind <> 'listening'",
    [userId],
  );
  return minutesOf(seconds);
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
  // Sessions of either kind on the practice ledger, as every screen counts them.
  sessions: one('SELECT count(*) AS n FROM practice_ledger WHERE user_id = ? AND counted = 1'),
  practiceDays: one(
    'SELECT count(DISTINCT local_date) AS n FROM practice_ledger WHERE user_id = ? AND counted = 1',
  ),
  longestStreak,
  focusFind: focusCount('find'),
  focusFree: focusCount('free'),
  focusFineTune: focusCount('fine-tune'),
  focusFun: focusCount('fun'),
  focusesTried,
  distinctSessions: async (sql, u) => new Set((await sessionsOf(sql, u)).map((s) => s.key)).size,
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
  // Recordings in the tuning room are practice on the ledger, kept numbers or not (issue 30);
  // the score and range badges need the numbers, so they read the kept analyses.
  analyses: one("SELECT count(*) AS n FROM practice_ledger WHERE user_id = ? AND kind = 'recording'"),
  analysesScoring80: one('SELECT count(*) AS n FROM voice_analyses WHERE user_id = ? AND score >= 80'),
  bestScore: one('SELECT max(score) AS n FROM voice_analyses WHERE user_id = ?'),
  widestRangeSemitones: one('SELECT max(pitch_range_semitones) AS n FROM voice_analyses WHERE user_id = ?'),
  analysisDays: one(
    "SELECT count(DISTINCT local_date) AS n FROM practice_ledger WHERE user_id = ? AND kind = 'recording'",
  ),
  // Other areas' events: template player (0021), wellness (0030), programs (0031), circles (0025).
  templateSessions: one(
    "SELECT count(*) AS n FROM practice_ledger WHERE user_id = ? AND counted = 1 AND kind = 'template'",
  ),
  moodDays: one('SELECT count(DISTINCT local_date) AS n FROM mood_entries WHERE user_id = ?'),
  programsFinished: one(
    'SELECT count(*) AS n FROM program_enrollments WHERE user_id = ? AND completed_at IS NOT NULL',
  ),
  circlesJoined: one('SELECT count(*) AS n FROM circle_members WHERE user_id = ?'),
  // Challenges (server/api/challenges/): counted from the ledger between each challenge's dates.
  challengesMet,
  masterStreak30: (sql, u) => masterMet(sql, u, 'streak-30'),
  masterHundredInHundred: (sql, u) => masterMet(sql, u, 'hundred-in-hundred'),
  masterThousandMinutes: (sql, u) => masterMet(sql, u, 'thousand-minutes'),
  masterEveryFocus: (sql, u) => masterMet(sql, u, 'every-focus-10'),
  masterMonthlyAssessments: (sql, u) => masterMet(sql, u, 'monthly-assessments'),
};

export function readMetric(sql: SqlExecutor, userId: string, key: MetricKey): Promise<number> {
  return metrics[key](sql, userId);
}
