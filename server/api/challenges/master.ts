import type { SqlExecutor } from '../../db/sql';
import {
  CHALLENGE_FOCUSES,
  MASTER_CHALLENGES,
  MASTER_FOCUS_SESSIONS,
  MASTER_WINDOW_DAYS,
  type MasterChallengeId,
} from '../../../src/domain/challenges';
import { localDateOf } from '../../../src/domain/streaks';
import { TIERS } from '../../../src/domain/tiers';
import { memberTimeZone } from '../growth/member-zone';
import {
  dayTokensReached,
  longestRunFrom,
  mostSessionsWithin,
  practiceEntries,
  tallyBetween,
  tokenBalance,
  type PracticeEntry,
  type Tally,
} from '../practice/ledger';

/** The tone tokens of level 10, where master challenges open. */
const LEVEL_10_TOKENS = TIERS[9]?.requiredTokens ?? 4750;
const FOREVER = '9999-12-31';

export interface MasterView {
  id: MasterChallengeId;
  title: string;
  description: string;
  target: number;
  /** Progress towards the target (a run or count may pass it; the app shows at most the target). */
  value: number;
  /** The local day it was met, or null. */
  metOn: string | null;
  badgeId: string;
  badgeName: string;
  /** "every focus": sessions of each focus so far. */
  focuses?: Record<string, number>;
}

export interface MasterProgress {
  /** The local day the member reached level 10, from which every master challenge counts; null below it. */
  since: string | null;
  challenges: MasterView[];
}

/**
 * Consecutive calendar months (YYYY-MM) with at least one voice assessment, from `since` on:
 * the longest run, and the day of the assessment that first made the run `target` long.
 */
export function monthlyRun(days: readonly string[], since: string, target: number): Tally {
  const firstOfMonth = new Map<string, string>();
  for (const d of [...days].filter((d) => d >= since).sort()) {
    const month = d.slice(0, 7);
    if (!firstOfMonth.has(month)) firstOfMonth.set(month, d);
  }
  const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  let run = 0;
  let previous = Number.NaN;
  let longest = 0;
  let reachedOn: string | null = null;
  for (const [month, first] of [...firstOfMonth].sort(([a], [b]) => a.localeCompare(b))) {
    const n = monthIndex(month);
    run = n === previous + 1 ? run + 1 : 1;
    previous = n;
    longest = Math.max(longest, run);
    if (reachedOn === null && run >= target) reachedOn = first;
  }
  return { value: longest, reachedOn };
}

/** The member's voice assessments as local days in their zone (assessments are not practice). */
async function assessmentDays(sql: SqlExecutor, userId: string, nowMs: number): Promise<string[]> {
  const zone = await memberTimeZone(sql, userId, nowMs);
  const rows = await sql.all<{ recorded_at: string }>(
    'SELECT recorded_at FROM voice_assessments WHERE user_id = ?',
    [userId],
  );
  return rows
    .map((r) => Date.parse(r.recorded_at))
    .filter(Number.isFinite)
    .map((ms) => localDateOf(ms, zone));
}

function measure(
  id: MasterChallengeId,
  entries: readonly PracticeEntry[],
  since: string,
  assessments: readonly string[],
): Pick<MasterView, 'value' | 'metOn' | 'focuses'> {
  const target = MASTER_CHALLENGES.find((m) => m.id === id)?.target ?? 0;
  const of = (t: Tally) => ({ value: t.value, metOn: t.reachedOn });
  switch (id) {
    case 'streak-30':
      return of(longestRunFrom(entries, since, target));
    case 'hundred-in-hundred':
      return of(mostSessionsWithin(entries, since, MASTER_WINDOW_DAYS, target));
    case 'thousand-minutes':
      return of(tallyBetween(entries, { from: since, to: FOREVER, focus: null, measure: 'minutes', target }));
    case 'every-focus-10': {
      const each = CHALLENGE_FOCUSES.map((focus) => ({
        focus,
        tally: tallyBetween(entries, {
          from: since,
          to: FOREVER,
          focus,
          measure: 'sessions',
          target: MASTER_FOCUS_SESSIONS,
        }),
      }));
      const reached = each.map((e) => e.tally.reachedOn);
      return {
        value: each.reduce((n, e) => n + Math.min(MASTER_FOCUS_SESSIONS, e.tally.value), 0),
        // Met on the day the last focus reached ten.
        metOn: reached.every((d) => d !== null) ? ([...reached].sort().at(-1) ?? null) : null,
        focuses: Object.fromEntries(each.map((e) => [e.focus, e.tally.value])),
      };
    }
    case 'monthly-assessments':
      return of(monthlyRun(assessments, since, target));
  }
}

/**
 * Every master challenge with the member's progress, counted from the day they reached level
 * 10 (practice from the ledger; the monthly one from their kept voice assessments). Below level
 * 10 nothing counts yet (`since` null, every value 0).
 */
export async function readMasterProgress(
  sql: SqlExecutor,
  userId: string,
  nowMs: number,
): Promise<MasterProgress> {
  const entries = await practiceEntries(sql, userId);
  const since = dayTokensReached(entries, LEVEL_10_TOKENS);
  const assessments = since === null ? [] : await assessmentDays(sql, userId, nowMs);
  return {
    since,
    challenges: MASTER_CHALLENGES.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      target: m.target,
      badgeId: m.badgeId,
      badgeName: m.badgeName,
      ...(since === null ? { value: 0, metOn: null } : measure(m.id, entries, since, assessments)),
    })),
  };
}

/**
 * 1 when the member has met master challenge `id` (its badge's rule), else 0. Runs in every
 * practice event's badge check, so a member below level 10 costs one sum, not a ledger read.
 */
export async function masterMet(sql: SqlExecutor, userId: string, id: MasterChallengeId): Promise<number> {
  if ((await tokenBalance(sql, userId)) < LEVEL_10_TOKENS) return 0;
  const progress = await readMasterProgress(sql, userId, Date.now());
  return progress.challenges.find((c) => c.id === id)?.metOn ? 1 : 0;
}
