/**
 * Practice reminders (issue 30, tier feature `practice_reminders`): what a member chooses, shared
 * by the server (which validates, schedules and sends) and the app (which edits and explains).
 * The schedule maths is in reminder-schedule.ts.
 */

/** Days of the week, Monday first, as the settings store them ('mon,wed,fri'). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * What a reminder can be about: today's recommendation (the daily pick of home's pool), a
 * streak at risk (only when the member has a streak and has not practised today), and a circle
 * of theirs that meets within the next day.
 */
export const TOPICS = ['recommendation', 'streak', 'circle'] as const;
export type ReminderTopic = (typeof TOPICS)[number];

/** How a reminder arrives: a notification (Web Push), an e-mail, or an event in a calendar feed. */
export const CHANNELS = ['push', 'email', 'calendar'] as const;
export type ReminderChannel = (typeof CHANNELS)[number];

export interface ReminderSettings {
  days: Weekday[];
  /** Local wall-clock time, 'HH:MM' (24 h), in the member's stored zone. */
  time: string;
  topics: ReminderTopic[];
  /** None: reminders are off. */
  channels: ReminderChannel[];
}

export const DEFAULT_SETTINGS: ReminderSettings = {
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  time: '08:00',
  topics: ['recommendation', 'streak'],
  channels: [],
};

/** 'HH:MM' from 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 0 (Monday) to 6 (Sunday). */
export const weekdayIndex = (d: Weekday): number => WEEKDAYS.indexOf(d);

/** Kept in the week's order without repeats, whatever order the member tapped them in. */
export function sortedDays(days: readonly Weekday[]): Weekday[] {
  return WEEKDAYS.filter((d) => days.includes(d));
}

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const dayName = (d: Weekday): string => DAY_NAMES[d];

/** "every day", "weekdays", "weekends", or "Mondays, Wednesdays and Fridays". */
export function daysText(days: readonly Weekday[]): string {
  const list = sortedDays(days);
  if (list.length === 7) return 'every day';
  if (list.length === 5 && !list.includes('sat') && !list.includes('sun')) return 'weekdays';
  if (list.length === 2 && list.includes('sat') && list.includes('sun')) return 'weekends';
  const names = list.map((d) => `${DAY_NAMES[d]}s`);
  if (names.length <= 1) return names[0] ?? 'no day';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
