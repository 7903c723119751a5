import type { AppDeps } from '../../app-env';
import type { SqlExecutor } from '../../db/sql';
import { localDateTime } from '../../../src/domain/reminder-schedule';
import { DEFAULT_SETTINGS, type ReminderSettings } from '../../../src/domain/reminders';
import { readPractice } from '../practice/ledger';
import { createRemindersRepository, type SendStatus } from './repository';
import { appUrlOf } from './scheduler';
import { settingsOf } from './settings';
import { calendarToken } from './tokens';
import { vapidOf } from './push-sender';

/** GET /api/reminders: everything the settings screen shows, in one answer (saved for offline). */
export interface RemindersView {
  settings: ReminderSettings;
  /** False until the member first saves: the settings are the suggested defaults. */
  saved: boolean;
  /** The zone the reminders follow: the member's stored zone (practice/zone.ts). */
  zone: string;
  /** False while the member's app never reported a zone (UTC meanwhile). */
  zoneKnown: boolean;
  /** A zone the member's device reported, taking over on `from`'s next day (member-zone.ts). */
  zoneNext: { zone: string; after: string } | null;
  /** The next reminder that will be sent (push or e-mail), in the member's zone. */
  next: { at: string; localDate: string; time: string } | null;
  today: string;
  /** Today already has a session on the ledger: no reminder goes out today. */
  practisedToday: boolean;
  email: { address: string; confirmed: boolean };
  /** How this server delivers mail: 'smtp', or 'folder' (DATA_DIR/mail, nobody receives it). */
  mailDelivery: 'smtp' | 'folder';
  devices: { id: number; device: string; createdAt: string; lastSentAt: string | null }[];
  /** The calendar feed's secret URL, once the settings were saved. */
  calendarUrl: string | null;
  /** The VAPID public key (base64url) the app subscribes with. */
  pushPublicKey: string;
  /** The latest sends, newest first. */
  recent: {
    localDate: string;
    channel: 'push' | 'email';
    device: string | null;
    status: SendStatus;
    at: string;
  }[];
}

export function calendarUrlOf(deps: Pick<AppDeps, 'config' | 'keys'>, userId: string, salt: string): string {
  return `${appUrlOf(deps)}/api/reminders/calendar/${calendarToken(deps.keys.jwtSecret, userId, salt)}.ics`;
}

export async function remindersView(
  deps: Pick<AppDeps, 'config' | 'keys' | 'now'>,
  sql: SqlExecutor,
  userId: string,
): Promise<RemindersView> {
  const repo = createRemindersRepository(sql);
  const now = deps.now();
  const row = await repo.get(userId);
  const practice = await readPractice(sql, userId, now);
  const user = await sql.get<{
    email: string;
    email_confirmed_at: string | null;
    time_zone: string | null;
    time_zone_next: string | null;
    time_zone_next_after: string | null;
  }>(
    'SELECT email, email_confirmed_at, time_zone, time_zone_next, time_zone_next_after FROM users WHERE id = ?',
    [userId],
  );
  const devices = await repo.subscriptions(userId);
  const names = new Map(devices.map((d) => [`push:${d.id}`, d.device]));
  const recent = await repo.recentSends(userId, 10);
  const nextAt = row?.next_due_at ? Date.parse(row.next_due_at) : null;
  return {
    settings: row ? settingsOf(row) : DEFAULT_SETTINGS,
    saved: Boolean(row),
    zone: practice.zone,
    zoneKnown: Boolean(user?.time_zone),
    zoneNext:
      user?.time_zone_next && user.time_zone_next_after && user.time_zone_next !== practice.zone
        ? { zone: user.time_zone_next, after: user.time_zone_next_after }
        : null,
    next:
      nextAt === null
        ? null
        : {
            at: new Date(nextAt).toISOString(),
            ...(({ date, time }) => ({ localDate: date, time }))(localDateTime(nextAt, practice.zone)),
          },
    today: practice.today,
    practisedToday: practice.summary.practiceDays.includes(practice.today),
    email: { address: user?.email ?? '', confirmed: Boolean(user?.email_confirmed_at) },
    mailDelivery: deps.config.smtpUrl ? 'smtp' : 'folder',
    devices: devices.map((d) => ({
      id: d.id,
      device: d.device,
      createdAt: d.created_at,
      lastSentAt: d.last_sent_at,
    })),
    calendarUrl: row ? calendarUrlOf(deps, userId, row.calendar_salt_secret) : null,
    pushPublicKey: vapidOf(deps).publicKey,
    recent: recent.map((s) => ({
      localDate: s.local_date,
      channel: s.channel,
      device: s.channel === 'push' ? (names.get(s.target) ?? 'a removed device') : null,
      status: s.status,
      at: s.sent_at ?? s.created_at,
    })),
  };
}
