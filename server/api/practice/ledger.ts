import type { SqlExecutor } from '../../db/sql';
import { dayNumber, localDateOf, streaksFrom, type Streaks } from '../../../src/domain/streaks';
import { memberZone } from './zone';

/**
 * The practice ledger (migration 0112): the one record of a member's practice. Writes come from
 * the places practice happens (catalogue completions, listening-room tracks, template saves,
 * tuning-room recordings and takes) and from streak rewards, inside their own transactions; every number a member sees about their practice is read here. Nothing else
 * counts completions, template sessions, tokens or streak days on its own.
 */

/**
 * `pitch`: a take of a pitch-matching exercise in the tuning room (minutes only, never a session).
 * `recording`: a recording in the tuning room (minutes only), whether or not its numbers are kept.
 * `listening`: a listening-room track (listening minutes: not practice, not a session).
 * `reward`: a streak reward's bonus tone tokens (no practice: counted 0, practised 0).
 */
export type PracticeKind = 'catalogue' | 'template' | 'pitch' | 'recording' | 'listening' | 'reward';

/** Kinds whose seconds are practice minutes; listening minutes are kept apart, rewards have none. */
export const isPracticeTime = (e: { kind: PracticeKind }): boolean => e.kind !== 'listening';

export interface PracticeEntry {
  id: number;
  kind: PracticeKind;
  /**
   * The catalogue session's or the template's id (the item may since have been removed); for a
   * pitch take, its pitch_exercise_results id.
   */
  itemId: number;
  title: string;
  /** The item's focuses as recorded (find, free, fine-tune, fun...). */
  categories: string[];
  practisedAt: string;
  /** The member's local day it counts for, in the zone in force when it happened. */
  localDate: string;
  plannedSec: number;
  practisedSec: number;
  /** A session (tokens, streak day, "sessions"), or partial practice (minutes only). */
  counted: boolean;
  /** Tone tokens this entry earned. */
  earned: number;
}

export interface NewPracticeEntry {
  userId: string;
  kind: PracticeKind;
  itemId: number;
  title: string;
  categories: readonly string[];
  practisedAt: string;
  localDate: string;
  plannedSec: number;
  practisedSec: number;
  counted: boolean;
  earned: number;
  /** The row of session_completions / template_sessions / streak_rewards this entry stands for, if any. */
  sourceId: number | null;
}

interface LedgerRow {
  id: number;
  kind: PracticeKind;
  item_id: number;
  title: string;
  categories: string;
  practised_at: string;
  local_date: string;
  planned_sec: number;
  practised_sec: number;
  counted: number;
  earned: number;
}

function categoriesOf(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const toEntry = (r: LedgerRow): PracticeEntry => ({
  id: Number(r.id),
  kind: r.kind,
  itemId: Number(r.item_id),
  title: r.title,
  categories: categoriesOf(r.categories),
  practisedAt: r.practised_at,
  localDate: r.local_date,
  plannedSec: Number(r.planned_sec),
  practisedSec: Number(r.practised_sec),
  counted: Number(r.counted) === 1,
  earned: Number(r.earned),
});

/** Writes one entry; call inside the practice's own transaction with its `tx`. */
export async function recordPractice(tx: SqlExecutor, e: NewPracticeEntry): Promise<number> {
  return Number(await insertEntry(tx, e, ''));
}

/**
 * Writes one entry unless a unique key already holds it (a tuning-room recording: one member, one
 * instant, `practice_ledger_recording`); null when nothing was written. Exactly once under
 * replays and two processes, decided by the key, never by a read first.
 */
export async function recordPracticeOnce(tx: SqlExecutor, e: NewPracticeEntry): Promise<number | null> {
  return insertEntry(tx, e, ' ON CONFLICT DO NOTHING');
}

async function insertEntry(tx: SqlExecutor, e: NewPracticeEntry, onConflict: string): Promise<number | null> {
  const row = await tx.get<{ id: number }>(
    `INSERT INTO practice_ledger (user_id, kind, item_id, title, categories, practised_at, local_date,
      planned_sec, practised_sec, counted, earned, source_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)${onConflict} RETURNING id`,
    [
      e.userId,
      e.kind,
      e.itemId,
      e.title,
      JSON.stringify(e.categories),
      e.practisedAt,
      e.localDate,
      Math.max(0, Math.round(e.plannedSec)),
      Math.max(0, Math.round(e.practisedSec)),
      e.counted ? 1 : 0,
      e.counted || e.kind === 'reward' ? e.earned : 0,
      e.sourceId,
    ],
  );
  return row ? Number(row.id) : null;
}

/** The member's whole ledger, newest first. */
export async function practiceEntries(sql: SqlExecutor, userId: string): Promise<PracticeEntry[]> {
  const rows = await sql.all<LedgerRow>(
    `SELECT id, kind, item_id, title, categories, practised_at, local_date, planned_sec, practised_sec,
      counted, earned FROM practice_ledger WHERE user_id = ? ORDER BY practised_at DESC, id DESC`,
    [userId],
  );
  return rows.map(toEntry);
}

/** The member's tone tokens: what their sessions earned, streak rewards included. */
export async function tokenBalance(sql: SqlExecutor, userId: string): Promise<number> {
  const row = await sql.get<{ n: number | null }>(
    'SELECT coalesce(sum(earned), 0) AS n FROM practice_ledger WHERE user_id = ?',
    [userId],
  );
  return Number(row?.n ?? 0);
}

/** True once the member has a session (of either kind) on the ledger: "first session" is the one before. */
export async function hasSession(sql: SqlExecutor, userId: string): Promise<boolean> {
  return (
    (await sql.get('SELECT 1 AS one FROM practice_ledger WHERE user_id = ? AND counted = 1 LIMIT 1', [
      userId,
    ])) !== undefined
  );
}

export interface PracticeSummary {
  /** Sessions: entries that counted. */
  sessions: number;
  /** Whole minutes practised, partial practice and tuning-room recordings included, listening not. */
  minutes: number;
  /** Whole minutes of listening-room tracks: shown apart, never practice (docs/practice-ledger.md). */
  listeningMinutes: number;
  /** Tone tokens: sessions' and streak rewards'. */
  tokens: number;
  streaks: Streaks;
  /** The local days with a session, oldest first. */
  practiceDays: string[];
  /** When the first session was practised, or null before it. */
  firstSessionAt: string | null;
}

/** Seconds to whole minutes, the one rounding every screen uses. */
export const minutesOf = (seconds: number): number => Math.round(seconds / 60);

/** Practice minutes of `entries` (listening apart), rounded once as every screen rounds them. */
export const practiceMinutesOf = (entries: readonly PracticeEntry[]): number =>
  minutesOf(entries.filter(isPracticeTime).reduce((n, e) => n + e.practisedSec, 0));

/** Listening minutes of `entries`. */
export const listeningMinutesOf = (entries: readonly PracticeEntry[]): number =>
  minutesOf(entries.filter((e) => e.kind === 'listening').reduce((n, e) => n + e.practisedSec, 0));

/** The numbers of `entries` (any order) as of the member's `today`. */
export function summarise(entries: readonly PracticeEntry[], today: string): PracticeSummary {
  const sessions = entries.filter((e) => e.counted);
  const practiceDays = [...new Set(sessions.map((e) => e.localDate))].sort();
  const first = sessions.reduce<string | null>(
    (min, e) => (min === null || e.practisedAt < min ? e.practisedAt : min),
    null,
  );
  return {
    sessions: sessions.length,
    minutes: practiceMinutesOf(entries),
    listeningMinutes: listeningMinutesOf(entries),
    // Every entry's tokens: sessions' and streak rewards' (the CHECK keeps all others at 0).
    tokens: entries.reduce((n, e) => n + e.earned, 0),
    streaks: streaksFrom(practiceDays, today),
    practiceDays,
    firstSessionAt: first,
  };
}

export interface MemberPractice {
  /** The member's stored zone (practice/zone.ts) and their day in it now. */
  zone: string;
  today: string;
  entries: PracticeEntry[];
  summary: PracticeSummary;
}

/** Everything a practice screen reads: one call per request, one zone, one set of entries. */
export async function readPractice(sql: SqlExecutor, userId: string, nowMs: number): Promise<MemberPractice> {
  const zone = await memberZone(sql, userId, nowMs);
  const today = localDateOf(nowMs, zone);
  const entries = await practiceEntries(sql, userId);
  return { zone, today, entries, summary: summarise(entries, today) };
}

/** One line of the member's completed list (profile, reflection picker). */
export function presentCompleted(e: PracticeEntry) {
  return {
    kind: e.kind,
    /** Kept for the catalogue: the session id; for a template, its template id. */
    sessionId: e.itemId,
    title: e.title,
    completedAt: e.practisedAt,
    localDate: e.localDate,
    minutes: minutesOf(e.practisedSec),
  };
}

/*
 * Challenges (issue 30, server/api/challenges/): practice measured between two local days.
 * Counted here, like every other number about practice, from the entries above: the member's
 * own entries, on the local days the ledger stored for them, so a later time-zone change moves
 * nothing. Partial practice adds minutes only, never a session or a day.
 */

/** What a challenge counts: days with a session, whole practice minutes, or sessions. */
export type TallyMeasure = 'days' | 'minutes' | 'sessions';

export interface Tally {
  /** Days with a session, whole practice minutes, or sessions (for a run: the longest run). */
  value: number;
  /** The local day the practice first reached the target, or null before it did. */
  reachedOn: string | null;
}

/**
 * Seconds of an entry that are practice. Listening-room time is kept on the ledger apart from
 * practice (when that kind exists) and is never practice minutes.
 */
const practiceSecondsOf = (e: PracticeEntry): number =>
  (e.kind as string) === 'listening' ? 0 : e.practisedSec;

/** Oldest first: the order in which practice happened. */
const byTime = (a: PracticeEntry, b: PracticeEntry) =>
  a.localDate.localeCompare(b.localDate) || a.practisedAt.localeCompare(b.practisedAt) || a.id - b.id;

/**
 * The member's practice from `from` to `to` (local days, both included), of one focus when
 * `focus` is set (an entry whose recorded focuses include it), measured one way, and the day
 * it reached `target`.
 */
export function tallyBetween(
  entries: readonly PracticeEntry[],
  q: { from: string; to: string; focus: string | null; measure: TallyMeasure; target: number },
): Tally {
  const chosen = entries
    .filter((e) => e.localDate >= q.from && e.localDate <= q.to)
    .filter((e) => q.focus === null || e.categories.includes(q.focus))
    .sort(byTime);
  let seconds = 0;
  let sessions = 0;
  const days = new Set<string>();
  let value = 0;
  let reachedOn: string | null = null;
  for (const e of chosen) {
    if (q.measure === 'minutes') {
      seconds += practiceSecondsOf(e);
      value = minutesOf(seconds);
    } else if (!e.counted) continue;
    else if (q.measure === 'sessions') value = ++sessions;
    else {
      days.add(e.localDate);
      value = days.size;
    }
    if (reachedOn === null && value >= q.target) reachedOn = e.localDate;
  }
  return { value, reachedOn };
}

/** The longest run of consecutive days with a session from `from` on, and the day it reached `target`. */
export function longestRunFrom(entries: readonly PracticeEntry[], from: string, target: number): Tally {
  const days = [
    ...new Set(entries.filter((e) => e.counted && e.localDate >= from).map((e) => e.localDate)),
  ].sort();
  let run = 0;
  let previous = Number.NaN;
  let longest = 0;
  let reachedOn: string | null = null;
  for (const d of days) {
    const n = dayNumber(d);
    run = n === previous + 1 ? run + 1 : 1;
    previous = n;
    longest = Math.max(longest, run);
    if (reachedOn === null && run >= target) reachedOn = d;
  }
  return { value: longest, reachedOn };
}

/**
 * The most sessions within any `windowDays` consecutive days from `from` on, and the day a
 * window first held `target` of them.
 */
export function mostSessionsWithin(
  entries: readonly PracticeEntry[],
  from: string,
  windowDays: number,
  target: number,
): Tally {
  const days = entries
    .filter((e) => e.counted && e.localDate >= from)
    .map((e) => e.localDate)
    .sort();
  let best = 0;
  let reachedOn: string | null = null;
  let first = 0;
  for (let last = 0; last < days.length; last++) {
    const end = dayNumber(days[last]!);
    while (end - dayNumber(days[first]!) >= windowDays) first++;
    const count = last - first + 1;
    best = Math.max(best, count);
    if (reachedOn === null && count >= target) reachedOn = days[last]!;
  }
  return { value: best, reachedOn };
}

/** The local day the member's tone tokens first reached `tokens`, or null if they have not. */
export function dayTokensReached(entries: readonly PracticeEntry[], tokens: number): string | null {
  let sum = 0;
  for (const e of [...entries].sort((a, b) => a.practisedAt.localeCompare(b.practisedAt) || a.id - b.id)) {
    sum += e.earned;
    if (sum >= tokens) return e.localDate;
  }
  return null;
}
