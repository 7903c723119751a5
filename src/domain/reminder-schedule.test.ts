import { describe, expect, it } from 'vitest';
import {
  addDays,
  instantOf,
  localDateTime,
  nextDue,
  offsetAt,
  weekdayOf,
  zoneChanges,
} from './reminder-schedule';
import { daysText, WEEKDAYS } from './reminders';

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const at = (text: string) => Date.parse(text);
const EVERY_DAY = [...WEEKDAYS];

describe('a reminder at 07:30 in Europe/London', () => {
  it('fires at 07:30 local on both sides of the March change', () => {
    // Friday 27 March 2026: GMT (UTC+0). Monday 30 March: BST (UTC+1).
    expect(iso(instantOf('2026-03-27', '07:30', 'Europe/London'))).toBe('2026-03-27T07:30:00.000Z');
    expect(iso(instantOf('2026-03-30', '07:30', 'Europe/London'))).toBe('2026-03-30T06:30:00.000Z');
    // The Sunday of the change itself: 07:30 is already BST.
    expect(iso(instantOf('2026-03-29', '07:30', 'Europe/London'))).toBe('2026-03-29T06:30:00.000Z');
  });

  it('fires at 07:30 local on both sides of the October change', () => {
    expect(iso(instantOf('2026-10-23', '07:30', 'Europe/London'))).toBe('2026-10-23T06:30:00.000Z');
    expect(iso(instantOf('2026-10-25', '07:30', 'Europe/London'))).toBe('2026-10-25T07:30:00.000Z');
    expect(iso(instantOf('2026-10-26', '07:30', 'Europe/London'))).toBe('2026-10-26T07:30:00.000Z');
  });

  it('walks day by day through both changes at 07:30 local', () => {
    let after = at('2026-03-26T12:00:00Z');
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const slot = nextDue(EVERY_DAY, '07:30', 'Europe/London', after)!;
      const local = localDateTime(slot.atMs, 'Europe/London');
      expect(local.time).toBe('07:30');
      expect(local.date).toBe(slot.localDate);
      seen.push(slot.localDate);
      after = slot.atMs;
    }
    expect(seen).toEqual(['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
  });
});

describe('times that do not exist or happen twice', () => {
  it('fires a time skipped by spring-forward (01:30 on 29 March 2026 in London) at the first valid moment after it', () => {
    // Clocks go from 01:00 GMT straight to 02:00 BST: the first moment after 01:30 is 02:00 BST.
    const t = instantOf('2026-03-29', '01:30', 'Europe/London');
    expect(iso(t)).toBe('2026-03-29T01:00:00.000Z');
    expect(localDateTime(t, 'Europe/London')).toEqual({ date: '2026-03-29', time: '02:00' });
  });

  it('fires an ambiguous autumn time (01:30 on 25 October 2026 in London) once, at its first occurrence', () => {
    // 01:30 happens at 00:30 UTC (BST) and again at 01:30 UTC (GMT).
    const first = instantOf('2026-10-25', '01:30', 'Europe/London');
    expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
    const slot = nextDue(['sun'], '01:30', 'Europe/London', at('2026-10-24T12:00:00Z'))!;
    expect(iso(slot.atMs)).toBe('2026-10-25T00:30:00.000Z');
    // After it fired, the next one is a week later, not the second 01:30 an hour on.
    const again = nextDue(['sun'], '01:30', 'Europe/London', slot.atMs)!;
    expect(again.localDate).toBe('2026-11-01');
    expect(iso(again.atMs)).toBe('2026-11-01T01:30:00.000Z');
  });
});

describe('other zones', () => {
  it('handles a zone with a half-hour offset and no daylight saving (Asia/Kolkata, UTC+5:30)', () => {
    expect(iso(instantOf('2026-03-29', '07:30', 'Asia/Kolkata'))).toBe('2026-03-29T02:00:00.000Z');
    expect(iso(instantOf('2026-10-25', '07:30', 'Asia/Kolkata'))).toBe('2026-10-25T02:00:00.000Z');
    expect(offsetAt(at('2026-06-01T00:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
  });

  it('follows southern daylight saving in Pacific/Auckland (April ends it, September starts it)', () => {
    // NZDT (UTC+13) until 5 April 2026 03:00, NZST (UTC+12) until 27 September 02:00.
    expect(iso(instantOf('2026-04-04', '07:30', 'Pacific/Auckland'))).toBe('2026-04-03T18:30:00.000Z');
    expect(iso(instantOf('2026-04-06', '07:30', 'Pacific/Auckland'))).toBe('2026-04-05T19:30:00.000Z');
    expect(iso(instantOf('2026-09-26', '07:30', 'Pacific/Auckland'))).toBe('2026-09-25T19:30:00.000Z');
    expect(iso(instantOf('2026-09-28', '07:30', 'Pacific/Auckland'))).toBe('2026-09-27T18:30:00.000Z');
    // 02:30 on 27 September does not exist there: due at 03:00 NZDT, the change.
    const gap = instantOf('2026-09-27', '02:30', 'Pacific/Auckland');
    expect(localDateTime(gap, 'Pacific/Auckland')).toEqual({ date: '2026-09-27', time: '03:00' });
    // 02:30 on 5 April happens twice: the first (NZDT) one.
    expect(iso(instantOf('2026-04-05', '02:30', 'Pacific/Auckland'))).toBe('2026-04-04T13:30:00.000Z');
  });

  it('follows Australia/Sydney too', () => {
    expect(localDateTime(instantOf('2026-10-04', '02:30', 'Australia/Sydney'), 'Australia/Sydney')).toEqual({
      date: '2026-10-04',
      time: '03:00',
    });
    expect(iso(instantOf('2026-10-05', '07:30', 'Australia/Sydney'))).toBe('2026-10-04T20:30:00.000Z');
  });

  it('finds a slot that is still ahead in a zone behind UTC', () => {
    // 03:00 UTC on Tuesday is still Monday evening in Los Angeles: Monday's 20:00 is ahead.
    const slot = nextDue(['mon'], '20:00', 'America/Los_Angeles', at('2026-01-06T03:00:00Z'))!;
    expect(slot.localDate).toBe('2026-01-05');
    expect(iso(slot.atMs)).toBe('2026-01-06T04:00:00.000Z');
  });
});

describe('the next due time', () => {
  it('takes only the chosen weekdays and nothing without a day', () => {
    // Wednesday 7 January 2026, 09:00 London: Monday and Friday at 08:00 → Friday the 9th.
    const slot = nextDue(['mon', 'fri'], '08:00', 'Europe/London', at('2026-01-07T09:00:00Z'))!;
    expect(slot.localDate).toBe('2026-01-09');
    expect(weekdayOf(slot.localDate)).toBe('fri');
    expect(nextDue([], '08:00', 'Europe/London', 0)).toBeNull();
  });

  it('is later today when today is chosen and the time is still ahead, and strictly after the moment given', () => {
    const now = at('2026-01-07T07:00:00Z');
    expect(nextDue(['wed'], '08:00', 'UTC', now)?.localDate).toBe('2026-01-07');
    const due = at('2026-01-07T08:00:00Z');
    expect(nextDue(['wed'], '08:00', 'UTC', due)?.localDate).toBe('2026-01-14');
  });
});

describe('zone changes and dates', () => {
  it('lists the two London changes of 2026', () => {
    const changes = zoneChanges('Europe/London', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'));
    expect(changes.map((c) => iso(c.atMs))).toEqual(['2026-03-29T01:00:00.000Z', '2026-10-25T01:00:00.000Z']);
    expect(changes[0]).toMatchObject({ offsetBefore: 0, offsetAfter: 3_600_000 });
    expect(zoneChanges('Asia/Kolkata', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toEqual([]);
  });

  it('adds days across months and names weekdays', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(weekdayOf('2026-03-29')).toBe('sun');
    expect(daysText(['fri', 'mon', 'wed'])).toBe('Mondays, Wednesdays and Fridays');
    expect(daysText(['mon', 'tue', 'wed', 'thu', 'fri'])).toBe('weekdays');
    expect(daysText(EVERY_DAY)).toBe('every day');
  });
});
