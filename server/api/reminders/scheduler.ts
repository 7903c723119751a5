import type { AppDeps } from '../../app-env';
import type { Mailer } from '../../auth/mail/mailer';
import { localDateTime, nextDue } from '../../../src/domain/reminder-schedule';
import { readPractice } from '../practice/ledger';
import { memberZone } from '../practice/zone';
import { composeReminder } from './compose';
import type { PushSender } from './push-sender';
import { reminderMail } from './reminder-mail';
import { createRemindersRepository, type SendRow } from './repository';
import { settingsOf, type ReminderRow } from './settings';
import { unsubscribeToken } from './tokens';

/**
 * The reminder scheduler every server process runs (server/boot/serve.ts starts it; tests call
 * `tick()` after moving `deps.now`). Nothing about the schedule lives in a process: a tick reads
 * what is due from the database and claims it there, so any number of processes can tick at
 * once and each reminder goes out once.
 *
 * 1. Plan: for each reminder whose `next_due_at` has come, decide what it says (nothing on a
 *    day the member already practised), insert one `reminder_sends` row per destination
 *    (UNIQUE per member, local day and destination: a second process's insert does nothing),
 *    then move `next_due_at` on with a conditional UPDATE. Inserting before advancing means a
 *    process that dies in between leaves the slot due, and the next tick finds the rows there.
 * 2. Deliver: each due send is claimed by `UPDATE … SET attempts = attempts + 1 WHERE attempts
 *    = <read>`; only the process whose update took sends it. A failure (SMTP down, push service
 *    5xx or 429, a timeout) is retried after 1, 5 and 30 minutes, then marked failed and logged
 *    as an error. A claim holds for 10 minutes: a process that dies mid-send leaves the row to
 *    be tried again then (the one case where a mail could go out twice).
 */

export const TICK_MS = 30_000;
export const MAX_ATTEMPTS = 4;
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000];
export const LEASE_MS = 10 * 60_000;
/** A reminder more than this late (the server was down at its time) is not sent any more. */
export const LATE_LIMIT_MS = 3 * 3_600_000;
export const KEEP_SENDS_MS = 60 * 86_400_000;
const BATCH = 100;

export interface ReminderDeps extends Pick<AppDeps, 'sql' | 'config' | 'keys' | 'logger' | 'now'> {
  mailer: Mailer;
  push: PushSender;
}

export interface TickReport {
  planned: number;
  sent: number;
  failed: number;
  retrying: number;
  skipped: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function appUrlOf(deps: Pick<AppDeps, 'config'>): string {
  return deps.config.publicUrl.replace(/\/+$/, '');
}

/** The member's address, when it is confirmed (mail only goes to a confirmed address). */
export async function confirmedEmail(deps: Pick<AppDeps, 'sql'>, userId: string): Promise<string | null> {
  const row = await deps.sql.get<{ email: string; email_confirmed_at: string | null }>(
    'SELECT email, email_confirmed_at FROM users WHERE id = ?',
    [userId],
  );
  return row?.email && row.email_confirmed_at ? row.email : null;
}

export type DeliveryOutcome = { ok: true } | { ok: false; gone?: boolean; retry: boolean; message: string };

/** Sends one reminder to one destination (the scheduler's sends and the "send a test" button). */
export async function deliver(
  deps: ReminderDeps,
  o: { userId: string; target: string; title: string; lines: string[]; url: string; test?: boolean },
): Promise<DeliveryOutcome> {
  const repo = createRemindersRepository(deps.sql);
  if (o.target === 'email') {
    const to = await confirmedEmail(deps, o.userId);
    if (!to) return { ok: false, retry: false, message: 'the account has no confirmed e-mail address' };
    const row = await repo.get(o.userId);
    const zone = await memberZone(deps.sql, o.userId, deps.now());
    const mail = reminderMail({
      to,
      title: o.title,
      lines: o.lines,
      url: o.url,
      appUrl: appUrlOf(deps),
      settings: settingsOf(row ?? { days: '', local_time: '--:--', topics: '', channels: '' }),
      zone,
      unsubscribeToken: unsubscribeToken(deps.keys.jwtSecret, o.userId),
      test: o.test,
    });
    try {
      await deps.mailer.send(mail);
      return { ok: true };
    } catch (err) {
      return { ok: false, retry: true, message: `mail not sent: ${(err as Error).message}` };
    }
  }
  const id = Number(o.target.replace(/^push:/, ''));
  const sub = Number.isSafeInteger(id) ? await repo.subscription(id) : undefined;
  if (!sub || sub.user_id !== o.userId)
    return { ok: false, gone: true, retry: false, message: 'the device was removed' };
  const outcome = await deps.push.send(
    { endpoint: sub.endpoint_secret, p256dh: sub.p256dh_secret, auth: sub.auth_secret },
    {
      title: o.title,
      body: o.lines.join('\n'),
      url: o.url,
      tag: o.test ? 'tuneful-test-reminder' : 'tuneful-reminder',
    },
  );
  if (outcome.ok) {
    await repo.markDelivered(sub.id, iso(deps.now()));
    return { ok: true };
  }
  if (outcome.gone) await repo.forgetSubscription(sub.id);
  return outcome;
}

export function createReminderScheduler(deps: ReminderDeps) {
  const repo = createRemindersRepository(deps.sql);
  const { logger } = deps;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<TickReport> | null = null;
  let prunedAt = 0;

  const practisedOn = async (userId: string, localDate: string) =>
    (await readPractice(deps.sql, userId, deps.now())).summary.practiceDays.includes(localDate);

  async function plan(row: ReminderRow, now: number, report: TickReport): Promise<void> {
    const from = row.next_due_at!;
    const dueMs = Date.parse(from);
    const settings = settingsOf(row);
    const zone = await memberZone(deps.sql, row.user_id, now);
    if (row.due_zone && zone !== row.due_zone) {
      // The member's zone changed since this slot was computed: follow the new zone. A time
      // already past there today is skipped rather than sent at an hour they did not choose.
      const next = nextDue(settings.days, settings.time, zone, now);
      if (await repo.advance(row.user_id, from, next ? iso(next.atMs) : null, zone))
        logger.info('reminder moved to a new time zone', { user: row.user_id, from: row.due_zone, to: zone });
      return;
    }
    const localDate = localDateTime(dueMs, zone).date;
    if (now - dueMs > LATE_LIMIT_MS) {
      logger.warn('reminder not sent: more than 3 hours late (was the server stopped?)', {
        user: row.user_id,
        due: from,
      });
    } else {
      const practice = await readPractice(deps.sql, row.user_id, now);
      if (practice.summary.practiceDays.includes(localDate)) {
        report.skipped++;
      } else {
        const message = await composeReminder(deps.sql, {
          userId: row.user_id,
          settings,
          localDate,
          nowMs: now,
          zone,
          practice,
          appUrl: appUrlOf(deps),
        });
        if (message) {
          const targets: { channel: 'push' | 'email'; target: string }[] = [];
          if (settings.channels.includes('email') && (await confirmedEmail(deps, row.user_id)))
            targets.push({ channel: 'email', target: 'email' });
          if (settings.channels.includes('push'))
            for (const s of await repo.subscriptions(row.user_id))
              targets.push({ channel: 'push', target: `push:${s.id}` });
          for (const t of targets) {
            await repo.addSend(
              {
                userId: row.user_id,
                localDate,
                ...t,
                title: message.title,
                body: message.lines.join('\n'),
                url: message.url,
              },
              iso(now),
            );
          }
          report.planned += targets.length;
        }
      }
    }
    const next = nextDue(settings.days, settings.time, zone, Math.max(now, dueMs));
    await repo.advance(row.user_id, from, next ? iso(next.atMs) : null, zone);
  }

  async function send(row: SendRow, now: number, report: TickReport): Promise<void> {
    if (!(await repo.claimAttempt(row, iso(now), iso(now + LEASE_MS)))) return;
    const attempt = row.attempts + 1;
    if (await practisedOn(row.user_id, row.local_date)) {
      await repo.finish(row.id, 'skipped', iso(now), 'practised before it went out');
      report.skipped++;
      return;
    }
    const outcome = await deliver(deps, {
      userId: row.user_id,
      target: row.target,
      title: row.title,
      lines: row.body.split('\n'),
      url: row.url,
    });
    const fields = { user: row.user_id, send: row.id, channel: row.channel, attempt };
    if (outcome.ok) {
      await repo.finish(row.id, 'sent', iso(now));
      report.sent++;
    } else if (outcome.gone) {
      await repo.finish(row.id, 'gone', iso(now), outcome.message);
      logger.info('push subscription removed: the push service no longer knows the device', fields);
    } else if (outcome.retry && attempt < MAX_ATTEMPTS) {
      const delay = RETRY_DELAYS_MS[attempt - 1] ?? RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1]!;
      await repo.retryLater(row.id, iso(now + delay), outcome.message);
      logger.warn('reminder not delivered; will try again', {
        ...fields,
        error: outcome.message,
        retryInMs: delay,
      });
      report.retrying++;
    } else {
      await repo.finish(row.id, 'failed', iso(now), outcome.message);
      logger.error('reminder could not be delivered; giving up', { ...fields, error: outcome.message });
      report.failed++;
    }
  }

  async function runTick(): Promise<TickReport> {
    const report: TickReport = { planned: 0, sent: 0, failed: 0, retrying: 0, skipped: 0 };
    const now = deps.now();
    for (const row of await repo.dueReminders(iso(now), BATCH)) {
      try {
        await plan(row, now, report);
      } catch (err) {
        logger.error('planning a reminder failed', { user: row.user_id, error: (err as Error).message });
      }
    }
    for (const row of await repo.dueSends(iso(now), BATCH)) {
      try {
        await send(row, now, report);
      } catch (err) {
        logger.error('sending a reminder failed', { send: row.id, error: (err as Error).message });
      }
    }
    if (now - prunedAt > 86_400_000) {
      prunedAt = now;
      await repo.pruneSends(iso(now - KEEP_SENDS_MS));
    }
    return report;
  }

  /** One pass: plan what is due, deliver what waits. Overlapping calls share one pass. */
  const tick = (): Promise<TickReport> => {
    running ??= runTick().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    tick,
    /** Ticks every `intervalMs` until stopped; the timer never keeps the process alive. */
    start(intervalMs = TICK_MS): void {
      if (timer) return;
      timer = setInterval(() => {
        tick().catch((err: unknown) =>
          logger.error('reminder tick failed', { error: err instanceof Error ? err.message : String(err) }),
        );
      }, intervalMs);
      timer.unref();
    },
    /** Stops ticking and waits for a pass under way (graceful shutdown). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
