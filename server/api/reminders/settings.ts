import { z } from 'zod';
import { isValidTimeZone } from '../../../src/domain/streaks';
import {
  CHANNELS,
  sortedDays,
  TIME_PATTERN,
  TOPICS,
  WEEKDAYS,
  type ReminderChannel,
  type ReminderSettings,
  type ReminderTopic,
  type Weekday,
} from '../../../src/domain/reminders';
import { instantField } from '../../lib/dates';

/** The body of PUT /api/reminders: the whole settings, validated field by field. */
export const settingsBody = z
  .object({
    days: z
      .array(z.enum(WEEKDAYS, { error: `must be one of ${WEEKDAYS.join(', ')}` }), {
        error: 'must be a list of days such as ["mon", "wed"]',
      })
      .max(7, 'must list each day at most once'),
    time: z
      .string({ error: 'must be a time such as 07:30' })
      .regex(TIME_PATTERN, 'must be a time from 00:00 to 23:59, such as 07:30'),
    topics: z
      .array(z.enum(TOPICS, { error: `must be one of ${TOPICS.join(', ')}` }), {
        error: `must be a list of ${TOPICS.join(', ')}`,
      })
      .max(3, 'must list each topic at most once'),
    channels: z
      .array(z.enum(CHANNELS, { error: `must be one of ${CHANNELS.join(', ')}` }), {
        error: `must be a list of ${CHANNELS.join(', ')}`,
      })
      .max(3, 'must list each channel at most once'),
    // Where the device is: noted like any write's zone (listening/member-zone.ts).
    timeZone: z
      .string()
      .trim()
      .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
      .optional(),
    // When the member saved (the outbox stamps it): an older save never overwrites a newer one.
    occurredAt: instantField().optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.channels.length === 0) return;
    if (b.days.length === 0)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'choose at least one day for your reminders' });
    if (b.topics.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['topics'],
        message: 'choose at least one thing to be reminded of',
      });
  });

export type SettingsBody = z.infer<typeof settingsBody>;

/** Stored as comma lists in a fixed order ('mon,wed,fri'), read back as lists. */
const list = <T extends string>(allowed: readonly T[], text: string): T[] =>
  allowed.filter((v) => text.split(',').includes(v));

export interface ReminderRow {
  user_id: string;
  days: string;
  local_time: string;
  topics: string;
  channels: string;
  next_due_at: string | null;
  due_zone: string | null;
  saved_at: string;
  updated_at: string;
  revision: number;
  calendar_salt_secret: string;
}

export function settingsOf(
  row: Pick<ReminderRow, 'days' | 'local_time' | 'topics' | 'channels'>,
): ReminderSettings {
  return {
    days: list(WEEKDAYS, row.days),
    time: row.local_time,
    topics: list(TOPICS, row.topics),
    channels: list(CHANNELS, row.channels),
  };
}

export function normalised(b: Pick<SettingsBody, 'days' | 'time' | 'topics' | 'channels'>): ReminderSettings {
  return {
    days: sortedDays(b.days as Weekday[]),
    time: b.time,
    topics: TOPICS.filter((t): t is ReminderTopic => b.topics.includes(t)),
    channels: CHANNELS.filter((c): c is ReminderChannel => b.channels.includes(c)),
  };
}

export const columnsOf = (s: ReminderSettings) => ({
  days: s.days.join(','),
  topics: s.topics.join(','),
  channels: s.channels.join(','),
});
