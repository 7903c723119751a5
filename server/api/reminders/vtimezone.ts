import { offsetAt, zoneChanges, type ZoneChange } from '../../../src/domain/reminder-schedule';

/**
 * A VTIMEZONE (RFC 5545 §3.6.5) built from a zone's real rules: the offset changes the runtime's
 * time-zone data knows, found in the years the feed covers. A change that falls on the same
 * weekday of the same month at the same local time every year becomes one observance with an
 * RRULE (London: `FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`); anything less regular is listed as RDATEs.
 * A zone without changes (Asia/Kolkata) is one STANDARD observance.
 */

const DAY = 86_400_000;
const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `+0100`, `+0530`, `-0330`, `+004115` (seconds only when there are any). */
export function icsOffset(ms: number): string {
  const total = Math.round(ms / 1000);
  const sign = total < 0 ? '-' : '+';
  const abs = Math.abs(total);
  const s = abs % 60;
  return `${sign}${pad(Math.floor(abs / 3600))}${pad(Math.floor(abs / 60) % 60)}${s ? pad(s) : ''}`;
}

/** Local date-time as `YYYYMMDDTHHMMSS` from an instant and the offset in force. */
export function icsLocal(instantMs: number, offsetMs: number): string {
  const d = new Date(instantMs + offsetMs);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

interface Rule {
  month: number;
  /** BYDAY: `-1SU` (last Sunday) or `2SU` (second Sunday). */
  byDay: string;
  time: string;
}

/** The yearly rule a change follows, judged from the wall clock just before it. */
function ruleOf(c: ZoneChange): Rule {
  const local = new Date(c.atMs + c.offsetBefore);
  const day = local.getUTCDate();
  const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  const ordinal = day + 7 > daysInMonth ? -1 : Math.ceil(day / 7);
  return {
    month: local.getUTCMonth() + 1,
    byDay: `${ordinal}${BYDAY[local.getUTCDay()]}`,
    time: icsLocal(c.atMs, c.offsetBefore).slice(9),
  };
}

const sameRule = (a: Rule, b: Rule) => a.month === b.month && a.byDay === b.byDay && a.time === b.time;

function observance(kind: 'STANDARD' | 'DAYLIGHT', changes: ZoneChange[]): string[] {
  const first = changes[0]!;
  const lines = [
    `BEGIN:${kind}`,
    `DTSTART:${icsLocal(first.atMs, first.offsetBefore)}`,
    `TZOFFSETFROM:${icsOffset(first.offsetBefore)}`,
    `TZOFFSETTO:${icsOffset(first.offsetAfter)}`,
  ];
  const rule = ruleOf(first);
  if (changes.length > 1 && changes.every((c) => sameRule(ruleOf(c), rule))) {
    lines.push(`RRULE:FREQ=YEARLY;BYMONTH=${rule.month};BYDAY=${rule.byDay}`);
  } else {
    for (const c of changes.slice(1)) lines.push(`RDATE:${icsLocal(c.atMs, c.offsetBefore)}`);
  }
  lines.push(`END:${kind}`);
  return lines;
}

/**
 * The VTIMEZONE lines for `zone`, covering the changes from the start of `fromYear` for `years`
 * years (the rules then repeat by their RRULE).
 */
export function vtimezone(zone: string, fromYear: number, years = 4): string[] {
  const from = Date.UTC(fromYear, 0, 1);
  const changes = zoneChanges(zone, from, Date.UTC(fromYear + years, 0, 1) - DAY);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  if (changes.length === 0) {
    const offset = offsetAt(from, zone);
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${icsOffset(offset)}`,
      `TZOFFSETTO:${icsOffset(offset)}`,
      'END:STANDARD',
    );
  } else {
    // Group by the pair of offsets: one group for each direction of a yearly rule.
    const groups = new Map<string, ZoneChange[]>();
    for (const c of changes) {
      const key = `${c.offsetBefore}>${c.offsetAfter}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    for (const group of groups.values()) {
      const forward = group[0]!.offsetAfter > group[0]!.offsetBefore;
      lines.push(...observance(forward ? 'DAYLIGHT' : 'STANDARD', group));
    }
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
