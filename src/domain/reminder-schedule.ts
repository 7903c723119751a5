import { WEEKDAYS, type Weekday } from './reminders';

/**
 * When a reminder falls due: a local wall-clock time on chosen weekdays, in an IANA zone, turned
 * into instants with the zone's real rules (the runtime's Intl data), daylight saving included.
 *
 * - A time that exists once is that moment.
 * - A time skipped by a spring-forward change (01:30 on the last Sunday of March in London) is
 *   due at the first valid moment after it: the change itself (02:00 BST, 01:00 UTC).
 * - A time that happens twice on an autumn change (01:30 on the last Sunday of October in
 *   London) is due once, at its first occurrence (01:30 BST).
 *
 * Offsets are found at second precision; zones whose changes fall on a fraction of a second do
 * not exist in the tz database since 1972.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(zone);
  if (!f) {
    if (partFormatters.size >= 1000) partFormatters.clear();
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(zone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instantMs: number, zone: string): WallClock {
  const parts = partsFormatter(zone).formatToParts(new Date(instantMs));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour') % 24,
    minute: n('minute'),
    second: n('second'),
  };
}

const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC at an instant, in ms (local minus UTC: +3,600,000 for BST). */
export function offsetAt(instantMs: number, zone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return asUtc(wallClock(whole, zone)) - whole;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local date ('YYYY-MM-DD') and time ('HH:MM') of an instant in a zone. */
export function localDateTime(instantMs: number, zone: string): { date: string; time: string } {
  const w = wallClock(instantMs, zone);
  return {
    date: `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`,
    time: `${pad(w.hour)}:${pad(w.minute)}`,
  };
}

function parseDate(localDate: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(localDate);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${localDate}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function parseTime(time: string): [number, number] {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) throw new RangeError(`Not an HH:MM time: ${time}`);
  return [Number(m[1]), Number(m[2])];
}

/** The weekday of a local date. */
export function weekdayOf(localDate: string): Weekday {
  const [y, m, d] = parseDate(localDate);
  // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]!;
}

/** The local date `days` after `localDate`. */
export function addDays(localDate: string, days: number): string {
  const [y, m, d] = parseDate(localDate);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

/**
 * The instant a local date and time happen in a zone: the one moment, the first of two in an
 * autumn overlap, or, in a spring gap, the change itself (the first valid moment after it).
 */
export function instantOf(localDate: string, time: string, zone: string): number {
  const [y, mo, d] = parseDate(localDate);
  const [h, mi] = parseTime(time);
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  // A day either side, the offsets in force before and after any change near this moment.
  const before = offsetAt(naive - DAY, zone);
  const after = offsetAt(naive + DAY, zone);
  const matches = [naive - before, naive - after].filter((t) => asUtc(wallClock(t, zone)) === naive);
  if (matches.length > 0) return Math.min(...matches);
  // In a gap: the local clock jumps over `time`. The change happens between the two readings.
  let lo = Math.min(naive - before, naive - after);
  let hi = Math.max(naive - before, naive - after);
  const loOffset = offsetAt(lo, zone);
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (offsetAt(mid, zone) === loOffset) lo = mid;
    else hi = mid;
  }
  return hi;
}

export interface DueSlot {
  /** When it falls due (ms since the epoch). */
  atMs: number;
  /** The member's local day it is for. */
  localDate: string;
}

/**
 * The first reminder strictly after `afterMs` on one of `days` at `time` in `zone`, or null when
 * no day is chosen. Each local date has exactly one instant, so a slot is due once per day.
 */
export function nextDue(
  days: readonly Weekday[],
  time: string,
  zone: string,
  afterMs: number,
): DueSlot | null {
  if (days.length === 0) return null;
  // Yesterday too: in a zone behind UTC a slot of "yesterday" can still be ahead of a UTC moment.
  let date = addDays(localDateTime(afterMs, zone).date, -1);
  for (let i = 0; i < 10; i++, date = addDays(date, 1)) {
    if (!days.includes(weekdayOf(date))) continue;
    const atMs = instantOf(date, time, zone);
    if (atMs > afterMs) return { atMs, localDate: date };
  }
  return null;
}

export interface ZoneChange {
  /** The instant of the change. */
  atMs: number;
  offsetBefore: number;
  offsetAfter: number;
}

/**
 * Every change of offset in `zone` between two instants (daylight saving starts and ends, and
 * changes of standard time), found by sampling every 12 hours and narrowing to the second.
 */
export function zoneChanges(zone: string, fromMs: number, toMs: number): ZoneChange[] {
  const out: ZoneChange[] = [];
  const step = 12 * HOUR;
  let t = fromMs;
  let offset = offsetAt(t, zone);
  while (t < toMs) {
    const next = Math.min(t + step, toMs);
    const nextOffset = offsetAt(next, zone);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > 1000) {
        const mid = Math.floor((lo + hi) / 2000) * 1000;
        if (offsetAt(mid, zone) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ atMs: hi, offsetBefore: offset, offsetAfter: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  return out;
}
