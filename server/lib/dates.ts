import { z } from 'zod';

/**
 * Dates and instants from the client (issue 20: `targetDate: "2030-02-31"` and
 * `recordedAt: "0001-01-01T00:00:00Z"` were stored, because `Date.parse` rolls 31 February over
 * into March and accepts any year). One parser for every route: real calendar dates only, ISO
 * 8601 with a zone for instants, and bounds that say what the date means:
 * - something that happened (a recording, a mood, a completion) is not before the account was
 *   created and not after tomorrow (routes may be stricter: a few minutes of clock slack);
 * - a target (a goal's date) may be in the future, within TARGET_YEARS, and not in the past.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead a "happened" instant may be at most: the rule's "after tomorrow". */
export const HAPPENED_AHEAD_MS = DAY_MS;
/**
 * A device clock may run a few minutes behind the server's: a recording made in the first
 * minute of a new account must not read as older than the account.
 */
export const CLOCK_SLACK_MS = 5 * 60_000;
export const TARGET_YEARS = 10;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** YYYY-MM-DD naming a day that exists (no 31 February, no month 13). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** An ISO 8601 date-time with a zone (`Z` or `+02:00`) on a real day, as milliseconds; else null. */
export function parseInstant(text: string): number | null {
  const m = INSTANT.exec(text);
  if (!m || !isCalendarDate(m[1] ?? '')) return null;
  const [h, min, s, oh, om] = [m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as number[];
  if (h! > 23 || min! > 59 || s! > 59 || oh! > 23 || om! > 59) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

export const INSTANT_MESSAGE = 'must be an ISO 8601 date-time such as 2026-01-31T08:00:00Z';
export const DATE_MESSAGE = 'must be a real date YYYY-MM-DD';

/** A zod field for an instant (kept as the client's text; read it with parseInstant). */
export const instantField = (message = INSTANT_MESSAGE) =>
  z
    .string({ error: message })
    .max(40, message)
    .refine((v) => parseInstant(v) !== null, message);

/** A zod field for a calendar day, YYYY-MM-DD. */
export const dateField = (message = DATE_MESSAGE) =>
  z.string({ error: message }).refine(isCalendarDate, message);

/**
 * What is wrong with an instant that records something that happened, or null. `aheadMs` lets a
 * route allow less than the outer bound (a phone clock a few minutes fast).
 */
export function happenedProblem(
  atMs: number,
  nowMs: number,
  accountCreatedMs: number,
  aheadMs = HAPPENED_AHEAD_MS,
): string | null {
  if (atMs > nowMs + Math.min(aheadMs, HAPPENED_AHEAD_MS)) return 'must not be in the future';
  if (atMs < accountCreatedMs - CLOCK_SLACK_MS) return 'must not be before your account was created';
  return null;
}

/** What is wrong with a target day (a goal's date) given the member's today, or null. */
export function targetDateProblem(date: string, today: string): string | null {
  if (!isCalendarDate(date)) return DATE_MESSAGE;
  if (date < today) return 'must not be in the past';
  const limit = `${String(Number(today.slice(0, 4)) + TARGET_YEARS)}${today.slice(4)}`;
  if (date > limit) return `must be within ${TARGET_YEARS} years`;
  return null;
}
