import { instantOf, localDateTime, nextDue } from '../../../src/domain/reminder-schedule';
import { sortedDays, type ReminderTopic, type Weekday } from '../../../src/domain/reminders';
import { icsLocal, vtimezone } from './vtimezone';

/**
 * The calendar feed (RFC 5545): one recurring VEVENT at the member's time on their weekdays, in
 * their zone (TZID with a VTIMEZONE built from the zone's rules), with a display alarm at the
 * time itself; when "a circle's next session" is chosen, one weekly VEVENT per live circle of
 * theirs, 15 minutes' warning. CRLF line ends, lines folded at 75 octets, text escaped. UIDs
 * are stable (they derive from the member, not the feed's secret), so a calendar app updates
 * its events when the settings change (SEQUENCE is the settings' revision) instead of adding
 * new ones, also after the member regenerates the URL.
 */

export interface CalendarCircle {
  id: number;
  name: string;
  /** The first weekly start (ms); the circle meets at this UTC instant every week. */
  firstStartMs: number;
  durationMin: number;
}

export interface CalendarInput {
  /** Stable per member, not secret: a hash of the member's id. */
  uidBase: string;
  /** The domain part of every UID (the public URL's host). */
  host: string;
  /** The public URL links point to, without a trailing slash. */
  appUrl: string;
  /** Off (calendar channel not chosen): a feed with no events, so subscribed calendars empty. */
  enabled: boolean;
  zone: string;
  days: Weekday[];
  time: string;
  topics: ReminderTopic[];
  /** The settings' revision (SEQUENCE) and when they were saved (DTSTAMP, LAST-MODIFIED). */
  revision: number;
  savedAtMs: number;
  circles: CalendarCircle[];
}

const DAYS_BY_ICS: Record<Weekday, string> = {
  mon: 'MO',
  tue: 'TU',
  wed: 'WE',
  thu: 'TH',
  fri: 'FR',
  sat: 'SA',
  sun: 'SU',
};

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line (RFC 5545 §3.1) into lines of at most 75 octets of UTF-8, each
 * continuation starting with one space; never inside a multi-byte character.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > 75) {
      out.push(current);
      current = ` ${ch}`;
      octets = 1 + size;
    } else {
      current += ch;
      octets += size;
    }
  }
  out.push(current);
  return out.join('\r\n');
}

const utcStamp = (ms: number) => icsLocal(ms, 0) + 'Z';

function describeReminder(i: CalendarInput): string {
  const lines = ['Time for your voice practice.'];
  if (i.topics.includes('recommendation'))
    lines.push(`Today's suggestion is on your home screen: ${i.appUrl}/home`);
  if (i.topics.includes('streak')) lines.push('A session today keeps your streak going.');
  lines.push(`Change or stop these reminders: ${i.appUrl}/reminders`);
  return lines.join('\n');
}

function reminderEvent(i: CalendarInput): string[] {
  // DTSTART is the first chosen day on or after the day the settings were saved.
  const dayStart = instantOf(localDateTime(i.savedAtMs, i.zone).date, '00:00', i.zone);
  const first = nextDue(i.days, i.time, i.zone, dayStart - 1);
  if (!first) return [];
  const [hh, mm] = i.time.split(':');
  const date = first.localDate.replace(/-/g, '');
  return [
    'BEGIN:VEVENT',
    `UID:practice-${i.uidBase}@${i.host}`,
    `DTSTAMP:${utcStamp(i.savedAtMs)}`,
    `LAST-MODIFIED:${utcStamp(i.savedAtMs)}`,
    `SEQUENCE:${i.revision}`,
    `DTSTART;TZID=${i.zone}:${date}T${hh}${mm}00`,
    'DURATION:PT15M',
    `RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=${sortedDays(i.days)
      .map((d) => DAYS_BY_ICS[d])
      .join(',')}`,
    `SUMMARY:${icsText('Voice practice (Tuneful)')}`,
    `DESCRIPTION:${icsText(describeReminder(i))}`,
    `URL:${i.appUrl}/home`,
    'TRANSP:TRANSPARENT',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${icsText('Time for your voice practice')}`,
    'TRIGGER:PT0M',
    'END:VALARM',
    'END:VEVENT',
  ];
}

function circleEvent(i: CalendarInput, c: CalendarCircle): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:circle-${c.id}-${i.uidBase}@${i.host}`,
    `DTSTAMP:${utcStamp(i.savedAtMs)}`,
    `SEQUENCE:${i.revision}`,
    `DTSTART:${utcStamp(c.firstStartMs)}`,
    `DURATION:PT${c.durationMin}M`,
    // The circle meets at the same UTC moment every week (src/domain/circles.ts).
    'RRULE:FREQ=WEEKLY',
    `SUMMARY:${icsText(`Circle: ${c.name}`)}`,
    `DESCRIPTION:${icsText(`Your voice circle "${c.name}" meets. Join: ${i.appUrl}/voice-circles/${c.id}`)}`,
    `URL:${i.appUrl}/voice-circles/${c.id}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${icsText(`${c.name} starts in 15 minutes`)}`,
    'TRIGGER:-PT15M',
    'END:VALARM',
    'END:VEVENT',
  ];
}

/** The whole feed, CRLF-terminated lines, folded. */
export function reminderCalendar(i: CalendarInput): string {
  const events: string[] = [];
  if (i.enabled) {
    events.push(...reminderEvent(i));
    if (i.topics.includes('circle')) for (const c of i.circles) events.push(...circleEvent(i, c));
  }
  // From the year before the first event, so an observance is in force at its DTSTART.
  const fromYear = Number(localDateTime(i.savedAtMs, i.zone).date.slice(0, 4)) - 1;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tuneful//Practice reminders//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText('Tuneful practice')}`,
    `X-WR-TIMEZONE:${i.zone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
    ...(events.length > 0 ? vtimezone(i.zone, fromYear, 5) : []),
    ...events,
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
