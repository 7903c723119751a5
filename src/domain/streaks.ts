/**
 * Day-based rules use the member's own calendar: a session at 23:30 in Auckland counts for
 * that Auckland day, not the UTC one. Local dates are plain `YYYY-MM-DD` strings.
 */

const DAY_MS = 86_400_000;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a time-zone name this runtime's Intl knows (IANA names such as "Europe/Paris", or "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    dateFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Building an Intl.DateTimeFormat costs far more than using one, and every dashboard or
 * completion needs one per time zone: one formatter per zone is kept (a few hundred zones exist;
 * unknown zones throw before being stored).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Zone names are case-insensitive, so spellings are unbounded: cap what is kept.
    if (formatters.size >= 1000) formatters.clear();
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. Throws RangeError for an unknown zone. */
export function localDateOf(instantMs: number, timeZone: string): string {
  const parts = dateFormatter(timeZone).formatToParts(new Date(instantMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}

/** Days since the epoch for a local date, so consecutive days differ by exactly 1. */
export function dayNumber(localDate: string): number {
  const m = LOCAL_DATE.exec(localDate);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${localDate}`);
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

export interface Streaks {
  current: number;
  longest: number;
}

/**
 * Current streak: consecutive practice days ending today or yesterday (a member who has not
 * practised yet today keeps yesterday's streak until the day is over). Longest: the longest
 * run ever. Duplicate dates (several sessions a day) count once.
 */
export function streaksFrom(localDates: readonly string[], today: string): Streaks {
  const days = [...new Set(localDates.map(dayNumber))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const d of days) {
    run = d === previous + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = d;
  }
  const todayN = dayNumber(today);
  const last = days[days.length - 1];
  const current = last !== undefined && (last === todayN || last === todayN - 1) ? run : 0;
  return { current, longest };
}
