import type { SqlExecutor } from '../../db/sql';
import type { ReminderSettings } from '../../../src/domain/reminders';
import { columnsOf, type ReminderRow } from './settings';

/**
 * The three reminder tables (migration 0140). Every write that more than one server process may
 * race on is one conditional statement: a slot is advanced `WHERE next_due_at = <what was read>`,
 * a day's send exists once by its UNIQUE key, an attempt is claimed `WHERE attempts = <read>`.
 * No transaction spans a network call.
 */

const REMINDER_COLUMNS = `user_id, days, local_time, topics, channels, next_due_at, due_zone, saved_at,
  updated_at, revision, calendar_salt_secret`;

export interface SubscriptionRow {
  id: number;
  user_id: string;
  endpoint_secret: string;
  p256dh_secret: string;
  auth_secret: string;
  device: string;
  created_at: string;
  last_sent_at: string | null;
}

export type SendStatus = 'pending' | 'sending' | 'retry' | 'sent' | 'failed' | 'gone' | 'skipped';

export interface SendRow {
  id: number;
  user_id: string;
  local_date: string;
  channel: 'push' | 'email';
  target: string;
  title: string;
  body: string;
  url: string;
  status: SendStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface NewSend {
  userId: string;
  localDate: string;
  channel: 'push' | 'email';
  target: string;
  title: string;
  body: string;
  url: string;
}

const num = <T extends { id: number }>(row: T): T => ({ ...row, id: Number(row.id) });

export function createRemindersRepository(sql: SqlExecutor) {
  return {
    get: (userId: string) =>
      sql.get<ReminderRow>(`SELECT ${REMINDER_COLUMNS} FROM practice_reminders WHERE user_id = ?`, [userId]),

    byCalendarHash: (hash: string) =>
      sql.get<ReminderRow>(
        `SELECT ${REMINDER_COLUMNS} FROM practice_reminders WHERE calendar_token_hash = ?`,
        [hash],
      ),

    /**
     * Saves the whole settings. A save older than the stored one (an offline save the outbox
     * sends after a newer one from another device) changes nothing: 0 rows.
     */
    async save(
      userId: string,
      s: ReminderSettings,
      at: { savedAt: string; now: string; nextDueAt: string | null; zone: string },
      calendar: { salt: string; hash: string },
    ): Promise<boolean> {
      const c = columnsOf(s);
      const { changes } = await sql.run(
        `INSERT INTO practice_reminders (user_id, days, local_time, topics, channels, next_due_at, due_zone,
           saved_at, updated_at, revision, calendar_salt_secret, calendar_token_hash)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET days = excluded.days, local_time = excluded.local_time,
           topics = excluded.topics, channels = excluded.channels, next_due_at = excluded.next_due_at,
           due_zone = excluded.due_zone, saved_at = excluded.saved_at, updated_at = excluded.updated_at,
           revision = practice_reminders.revision + 1
         WHERE practice_reminders.saved_at <= excluded.saved_at`,
        [
          userId,
          c.days,
          s.time,
          c.topics,
          c.channels,
          at.nextDueAt,
          at.zone,
          at.savedAt,
          at.now,
          calendar.salt,
          calendar.hash,
        ],
      );
      return changes > 0;
    },

    regenerateCalendar: (userId: string, salt: string, hash: string) =>
      sql.run(
        'UPDATE practice_reminders SET calendar_salt_secret = ?, calendar_token_hash = ? WHERE user_id = ?',
        [salt, hash, userId],
      ),

    /** Channels changed only if they are still what was read (the unsubscribe link's update). */
    async replaceChannels(
      userId: string,
      expected: string,
      channels: string,
      nextDueAt: string | null,
      now: string,
    ): Promise<boolean> {
      const { changes } = await sql.run(
        `UPDATE practice_reminders SET channels = ?, next_due_at = ?, updated_at = ?, revision = revision + 1
         WHERE user_id = ? AND channels = ?`,
        [channels, nextDueAt, now, userId, expected],
      );
      return changes > 0;
    },

    dueReminders: (nowIso: string, limit: number) =>
      sql.all<ReminderRow>(
        `SELECT ${REMINDER_COLUMNS} FROM practice_reminders
         WHERE next_due_at IS NOT NULL AND next_due_at <= ? ORDER BY next_due_at, user_id LIMIT ?`,
        [nowIso, limit],
      ),

    /** Moves a slot on; false when another process (or a save) moved it first. */
    async advance(userId: string, from: string, to: string | null, zone: string): Promise<boolean> {
      const { changes } = await sql.run(
        'UPDATE practice_reminders SET next_due_at = ?, due_zone = ? WHERE user_id = ? AND next_due_at = ?',
        [to, zone, userId, from],
      );
      return changes > 0;
    },

    subscriptions: async (userId: string) =>
      (
        await sql.all<SubscriptionRow>('SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY id', [
          userId,
        ])
      ).map(num),

    subscription: async (id: number) => {
      const row = await sql.get<SubscriptionRow>('SELECT * FROM push_subscriptions WHERE id = ?', [id]);
      return row && num(row);
    },

    /**
     * Adds a device, or takes it over: an endpoint is one browser, and it gets the reminders of
     * whoever last turned notifications on in it.
     */
    async addSubscription(
      userId: string,
      s: { endpoint: string; p256dh: string; auth: string; device: string },
      now: string,
    ): Promise<SubscriptionRow> {
      const row = await sql.get<SubscriptionRow>(
        `INSERT INTO push_subscriptions (user_id, endpoint_secret, p256dh_secret, auth_secret, device, created_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (endpoint_secret) DO UPDATE SET user_id = excluded.user_id,
           p256dh_secret = excluded.p256dh_secret, auth_secret = excluded.auth_secret,
           device = excluded.device, created_at = excluded.created_at
         RETURNING *`,
        [userId, s.endpoint, s.p256dh, s.auth, s.device, now],
      );
      if (!row) throw new Error('push_subscriptions returned no row');
      return num(row);
    },

    removeSubscription: async (userId: string, id: number) =>
      (await sql.run('DELETE FROM push_subscriptions WHERE id = ? AND user_id = ?', [id, userId])).changes >
      0,

    removeEndpoint: async (userId: string, endpoint: string) =>
      (
        await sql.run('DELETE FROM push_subscriptions WHERE endpoint_secret = ? AND user_id = ?', [
          endpoint,
          userId,
        ])
      ).changes > 0,

    /** The push service said the device is gone (404/410). */
    forgetSubscription: (id: number) => sql.run('DELETE FROM push_subscriptions WHERE id = ?', [id]),

    markDelivered: (id: number, now: string) =>
      sql.run('UPDATE push_subscriptions SET last_sent_at = ? WHERE id = ?', [now, id]),

    /** A day's send to one destination, once: whichever process computed it first. */
    addSend: (s: NewSend, now: string) =>
      sql.run(
        `INSERT INTO reminder_sends (user_id, local_date, channel, target, title, body, url, status, attempts,
           next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
         ON CONFLICT (user_id, local_date, target) DO NOTHING`,
        [s.userId, s.localDate, s.channel, s.target, s.title, s.body, s.url, now, now],
      ),

    /** Sends whose next attempt is due (a 'sending' row past its lease was left by a process that died). */
    dueSends: async (nowIso: string, limit: number) =>
      (
        await sql.all<SendRow>(
          `SELECT * FROM reminder_sends WHERE status IN ('pending', 'retry', 'sending') AND next_attempt_at <= ?
           ORDER BY next_attempt_at, id LIMIT ?`,
          [nowIso, limit],
        )
      ).map(num),

    /** Claims one attempt; only the process whose UPDATE changed the row sends it. */
    async claimAttempt(row: SendRow, nowIso: string, leaseUntil: string): Promise<boolean> {
      const { changes } = await sql.run(
        `UPDATE reminder_sends SET status = 'sending', attempts = attempts + 1, next_attempt_at = ?
         WHERE id = ? AND attempts = ? AND status IN ('pending', 'retry', 'sending') AND next_attempt_at <= ?`,
        [leaseUntil, row.id, row.attempts, nowIso],
      );
      return changes > 0;
    },

    finish: (id: number, status: SendStatus, now: string, error: string | null = null) =>
      sql.run(
        `UPDATE reminder_sends SET status = ?, last_error = ?, sent_at = CASE WHEN ? = 'sent' THEN ? ELSE sent_at END
         WHERE id = ?`,
        [status, error, status, now, id],
      ),

    retryLater: (id: number, at: string, error: string) =>
      sql.run(
        `UPDATE reminder_sends SET status = 'retry', next_attempt_at = ?, last_error = ? WHERE id = ?`,
        [at, error, id],
      ),

    recentSends: async (userId: string, limit: number) =>
      (
        await sql.all<SendRow>(
          'SELECT * FROM reminder_sends WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?',
          [userId, limit],
        )
      ).map(num),

    pruneSends: (beforeIso: string) =>
      sql.run('DELETE FROM reminder_sends WHERE created_at < ?', [beforeIso]),
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
