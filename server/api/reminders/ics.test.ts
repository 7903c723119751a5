import { describe, expect, it } from 'vitest';
import { localDateTime } from '../../../src/domain/reminder-schedule';
import type { Weekday } from '../../../src/domain/reminders';
import { foldLine, icsText, reminderCalendar, type CalendarInput } from './ics';
import { all, floating, parseIcs, toUtc, unescapeText, value, type Component } from './test-ics-parse';

const DAY = 86_400_000;
const WD = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

function feed(over: Partial<CalendarInput> = {}): string {
  return reminderCalendar({
    uidBase: 'a1b2c3d4e5f6',
    host: 'tuneful.example.org',
    appUrl: 'https://tuneful.example.org',
    enabled: true,
    zone: 'Europe/London',
    days: ['mon', 'wed', 'fri'],
    time: '07:30',
    topics: ['recommendation', 'streak'],
    revision: 3,
    savedAtMs: Date.parse('2026-03-10T12:00:00Z'),
    circles: [],
    ...over,
  });
}

/** Every occurrence of the reminder event in [from, from + days), as UTC instants, read from the feed alone. */
function occurrences(cal: Component, days: number): number[] {
  const tz = all(cal, 'VTIMEZONE')[0]!;
  const event = all(cal, 'VEVENT').find((e) => value(e, 'UID')!.startsWith('practice-'))!;
  const start = event.props.find((p) => p.name === 'DTSTART')!;
  expect(start.params.TZID).toBe(value(tz, 'TZID'));
  const local0 = floating(start.value);
  const rule = Object.fromEntries(
    value(event, 'RRULE')!
      .split(';')
      .map((p) => p.split('=')),
  );
  expect(rule.FREQ).toBe('WEEKLY');
  const byDay = String(rule.BYDAY).split(',');
  const out: number[] = [];
  for (let d = 0; d < days; d++) {
    const local = local0 + d * DAY;
    if (d === 0 || byDay.includes(WD[new Date(local).getUTCDay()]!)) out.push(toUtc(tz, local));
  }
  return out;
}

describe('the calendar feed', () => {
  it('is strict iCalendar: CRLF, folded at 75 octets, balanced components, one VCALENDAR 2.0', () => {
    const text = feed();
    expect(text).not.toMatch(/[^\r]\n/);
    const cal = parseIcs(text);
    expect(value(cal, 'VERSION')).toBe('2.0');
    expect(value(cal, 'PRODID')).toBeTruthy();
    expect(all(cal, 'VTIMEZONE')).toHaveLength(1);
    expect(all(cal, 'VEVENT')).toHaveLength(1);
  });

  it('means what the member chose: Mondays, Wednesdays and Fridays at 07:30 London time, across the March change', () => {
    const cal = parseIcs(feed());
    const event = all(cal, 'VEVENT')[0]!;
    expect(value(event, 'RRULE')).toBe('FREQ=WEEKLY;WKST=MO;BYDAY=MO,WE,FR');
    // Saved on Tuesday 10 March: the first occurrence is Wednesday 11 March.
    expect(event.props.find((p) => p.name === 'DTSTART')).toMatchObject({
      params: { TZID: 'Europe/London' },
      value: '20260311T073000',
    });
    const alarm = all(event, 'VALARM')[0]!;
    expect(value(alarm, 'ACTION')).toBe('DISPLAY');
    expect(value(alarm, 'TRIGGER')).toBe('PT0M');
    expect(value(alarm, 'DESCRIPTION')).toBeTruthy();
    // Read with the feed's own VTIMEZONE, every occurrence is 07:30 in London (GMT, then BST).
    const times = occurrences(cal, 28);
    expect(times.length).toBe(12);
    for (const t of times) {
      const local = localDateTime(t, 'Europe/London');
      expect(local.time).toBe('07:30');
      expect(['mon', 'wed', 'fri']).toContain(
        (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as Weekday[])[
          new Date(`${local.date}T12:00:00Z`).getUTCDay()
        ],
      );
    }
    expect(new Date(times[0]!).toISOString()).toBe('2026-03-11T07:30:00.000Z');
    expect(new Date(times[times.length - 1]!).toISOString()).toBe('2026-04-06T06:30:00.000Z');
  });

  it("builds London's VTIMEZONE from its real rules: last Sunday of March and of October", () => {
    const tz = all(parseIcs(feed()), 'VTIMEZONE')[0]!;
    expect(value(tz, 'TZID')).toBe('Europe/London');
    const daylight = all(tz, 'DAYLIGHT')[0]!;
    const standard = all(tz, 'STANDARD')[0]!;
    expect(value(daylight, 'RRULE')).toBe('FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
    expect(value(daylight, 'DTSTART')).toBe('20250330T010000');
    expect([value(daylight, 'TZOFFSETFROM'), value(daylight, 'TZOFFSETTO')]).toEqual(['+0000', '+0100']);
    expect(value(standard, 'RRULE')).toBe('FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU');
    expect(value(standard, 'DTSTART')).toBe('20251026T020000');
    expect([value(standard, 'TZOFFSETFROM'), value(standard, 'TZOFFSETTO')]).toEqual(['+0100', '+0000']);
  });

  it('covers a southern zone (Pacific/Auckland) and a half-hour zone without daylight saving (Asia/Kolkata)', () => {
    const nz = parseIcs(feed({ zone: 'Pacific/Auckland', days: ['sun'], time: '07:30' }));
    const nzTz = all(nz, 'VTIMEZONE')[0]!;
    expect(value(all(nzTz, 'DAYLIGHT')[0]!, 'RRULE')).toBe('FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU');
    expect(value(all(nzTz, 'STANDARD')[0]!, 'RRULE')).toBe('FREQ=YEARLY;BYMONTH=4;BYDAY=1SU');
    for (const t of occurrences(nz, 60)) expect(localDateTime(t, 'Pacific/Auckland').time).toBe('07:30');

    const india = parseIcs(feed({ zone: 'Asia/Kolkata' }));
    const inTz = all(india, 'VTIMEZONE')[0]!;
    expect(all(inTz, 'DAYLIGHT')).toHaveLength(0);
    expect(value(all(inTz, 'STANDARD')[0]!, 'TZOFFSETTO')).toBe('+0530');
    expect(new Date(occurrences(india, 1)[0]!).toISOString()).toBe('2026-03-11T02:00:00.000Z');
  });

  it('keeps UIDs stable across revisions and adds a weekly event per circle when circles are chosen', () => {
    const circle = {
      id: 7,
      name: 'Evening hum, Ümlaut; and a \\ backslash',
      firstStartMs: Date.parse('2026-03-12T18:00:00Z'),
      durationMin: 30,
    };
    const a = parseIcs(feed({ revision: 1 }));
    const b = parseIcs(
      feed({ revision: 2, time: '08:00', topics: ['recommendation', 'circle'], circles: [circle] }),
    );
    const uidA = value(all(a, 'VEVENT')[0]!, 'UID');
    const events = all(b, 'VEVENT');
    expect(value(events[0]!, 'UID')).toBe(uidA);
    expect(value(events[0]!, 'SEQUENCE')).toBe('2');
    const c = events[1]!;
    expect(value(c, 'UID')).toBe('circle-7-a1b2c3d4e5f6@tuneful.example.org');
    expect(value(c, 'DTSTART')).toBe('20260312T180000Z');
    expect(value(c, 'RRULE')).toBe('FREQ=WEEKLY');
    expect(unescapeText(value(c, 'SUMMARY')!)).toBe('Circle: Evening hum, Ümlaut; and a \\ backslash');
    expect(value(all(c, 'VALARM')[0]!, 'TRIGGER')).toBe('-PT15M');
  });

  it('has no events when the calendar channel is off, so a subscribed calendar empties', () => {
    const cal = parseIcs(feed({ enabled: false }));
    expect(all(cal, 'VEVENT')).toHaveLength(0);
  });
});

describe('text and folding', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(icsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(unescapeText(icsText('a\\b;c,d\ne'))).toBe('a\\b;c,d\ne');
  });

  it('folds at 75 octets without splitting a character, and unfolds to the same line', () => {
    const line = `DESCRIPTION:${'Ü🎵'.repeat(40)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((p, i) => (i === 0 ? p : p.slice(1)))
        .join(''),
    ).toBe(line);
    expect(foldLine('SHORT:yes')).toBe('SHORT:yes');
  });
});
