import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { slidingWindow } from '../../auth/rate-limit';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { parseId } from '../../lib/ids';
import { parseInstant } from '../../lib/dates';
import { nextDue, localDateTime } from '../../../src/domain/reminder-schedule';
import { daysText, CHANNELS } from '../../../src/domain/reminders';
import { readPractice } from '../practice/ledger';
import { assertFeature, paramBeforeGate, requireFeature } from '../practice/feature-gate';
import { memberZone } from '../practice/zone';
import { effectiveZone } from '../listening/member-zone';
import { composeReminder, memberCircles } from './compose';
import { reminderCalendar } from './ics';
import { createRemindersRepository } from './repository';
import { appUrlOf, confirmedEmail, deliver, type ReminderDeps } from './scheduler';
import { normalised, settingsBody, settingsOf } from './settings';
import { subscriptionBody } from './subscription-body';
import { CALENDAR_FILE, newSalt, calendarToken, tokenHash, uidBase, unsubscribeMember } from './tokens';
import { calendarUrlOf, remindersView } from './view';

/**
 * Practice reminders (tier feature `practice_reminders`, level 3; docs/features/reminders.md).
 * Every route of the member's own settings needs a signed-in member at level 3 (403
 * `feature_locked` with words below it). The calendar feed and the e-mail unsubscribe are
 * reached without signing in: their secret token is the key.
 *
 * GET    /reminders                          200 RemindersView (view.ts) | 401 | 403
 * PUT    /reminders                          {days, time, topics, channels, timeZone?, occurredAt?}
 *                                            200 RemindersView | 400 naming the field (time 25:00,
 *                                            no day or topic with a channel on, unknown channel)
 *                                            | 401 | 403. Idempotency-Key (queued offline); an
 *                                            occurredAt older than the stored save changes nothing
 * GET    /reminders/push/key                 200 {publicKey}: the VAPID public key (base64url)
 * POST   /reminders/push/subscriptions       {endpoint, keys: {p256dh, auth}, expirationTime?, device?}
 *                                            201 {id, device, createdAt} | 400 naming the field
 *                                            (https only in production)
 * DELETE /reminders/push/subscriptions/:id   204 | 404 (not one of the member's devices) | 400 malformed id
 * POST   /reminders/push/unsubscribe         {endpoint} 204: this device, whether or not it was known
 * POST   /reminders/test                     200 {results: {channel, ok, message}[]} | 400 no channel
 *                                            saved | 429 (5 per 10 minutes)
 * POST   /reminders/calendar/regenerate      200 {calendarUrl}: the old URL stops working | 409 not saved yet
 * GET    /reminders/calendar/:token.ics      200 text/calendar | 404 unknown token | 403 level
 * GET    /reminders/unsubscribe?token=       200 {email, emailOn} | 404 bad token. Changes nothing
 * POST   /reminders/unsubscribe?token=       200 {emailOn: false}: e-mail reminders off (RFC 8058
 *                                            one-click: body List-Unsubscribe=One-Click; or JSON {token})
 */
const endpointBody = z
  .object({ endpoint: z.string({ error: 'must be the push service address' }).max(2048) })
  .strict();

const TEST_LIMIT = 5;
const TEST_WINDOW_MS = 10 * 60_000;

const maskEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}…@${domain}`;
};

export function remindersRoutes(deps: AppDeps & ReminderDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { sql } = deps;
  const repo = createRemindersRepository(sql);
  const member = [requireUser(deps), requireFeature(deps, 'practice_reminders')] as const;
  const idem = createIdempotency(deps);
  const tests = slidingWindow(sql, 'reminder_test', TEST_LIMIT, TEST_WINDOW_MS, deps.now);
  const iso = (ms: number) => new Date(ms).toISOString();

  r.get('/reminders', ...member, async (c) => c.json(await remindersView(deps, sql, c.var.user.id)));

  r.put('/reminders', ...member, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, settingsBody);
    const userId = c.var.user.id;
    const now = deps.now();
    const savedAt = Math.min(body.occurredAt ? (parseInstant(body.occurredAt) ?? now) : now, now);
    const settings = normalised(body);
    return idem.respond(c, key, async (tx) => {
      const zone = await effectiveZone(tx, userId, body.timeZone, now);
      // Only push and e-mail are sent by the server; a calendar-only choice needs no schedule.
      const sends = settings.channels.some((ch) => ch !== 'calendar');
      const next = sends ? nextDue(settings.days, settings.time, zone, now) : null;
      const salt = newSalt();
      await createRemindersRepository(tx).save(
        userId,
        settings,
        { savedAt: iso(savedAt), now: iso(now), nextDueAt: next ? iso(next.atMs) : null, zone },
        { salt, hash: tokenHash(calendarToken(deps.keys.jwtSecret, userId, salt)) },
      );
      return { status: 200, body: await remindersView(deps, tx, userId) };
    });
  });

  r.get('/reminders/push/key', ...member, (c) => c.json({ publicKey: deps.push.publicKey }));

  r.post('/reminders/push/subscriptions', ...member, async (c) => {
    const body = await jsonBody(c, subscriptionBody(deps.config.env === 'production'));
    const row = await repo.addSubscription(
      c.var.user.id,
      {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        device: body.device ?? 'a browser',
      },
      iso(deps.now()),
    );
    return c.json({ id: row.id, device: row.device, createdAt: row.created_at }, 201);
  });

  // A malformed id is a 400 before the level is looked at, like every /api route with an id.
  const deviceId = paramBeforeGate((raw) => parseId(raw, 'device'));
  r.delete('/reminders/push/subscriptions/:id', member[0], deviceId, member[1], async (c) => {
    const id = parseId(c.req.param('id'), 'device');
    if (!(await repo.removeSubscription(c.var.user.id, id)))
      throw new ApiError(404, 'device_not_found', 'There is no device with this id among yours.');
    return c.body(null, 204);
  });

  r.post('/reminders/push/unsubscribe', ...member, async (c) => {
    const { endpoint } = await jsonBody(c, endpointBody);
    await repo.removeEndpoint(c.var.user.id, endpoint);
    return c.body(null, 204);
  });

  r.post('/reminders/test', ...member, async (c) => {
    const userId = c.var.user.id;
    const row = await repo.get(userId);
    const settings = row ? settingsOf(row) : null;
    if (!settings || settings.channels.length === 0) {
      throw new ApiError(400, 'validation_failed', 'Choose how to be reminded and save first.', {
        channels: 'choose at least one channel and save',
      });
    }
    const wait = await tests.hit(userId);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw new ApiError(
        429,
        'too_many_tests',
        `That is enough tests for now. Try again in ${wait} seconds.`,
      );
    }
    const now = deps.now();
    const practice = await readPractice(sql, userId, now);
    const composed = await composeReminder(sql, {
      userId,
      settings,
      localDate: practice.today,
      nowMs: now,
      zone: practice.zone,
      practice,
      appUrl: appUrlOf(deps),
    });
    const message = composed ?? {
      title: 'Time for your voice practice',
      lines: ['Nothing to remind you of right now: this is how your reminders will look.'],
      url: `${appUrlOf(deps)}/home`,
    };
    const results: { channel: (typeof CHANNELS)[number]; ok: boolean; message: string }[] = [];
    const send = (target: string) =>
      deliver(deps, {
        userId,
        target,
        title: message.title,
        lines: message.lines,
        url: message.url,
        test: true,
      });
    if (settings.channels.includes('push')) {
      const devices = await repo.subscriptions(userId);
      if (devices.length === 0)
        results.push({ channel: 'push', ok: false, message: 'No device has notifications turned on yet.' });
      for (const d of devices) {
        const out = await send(`push:${d.id}`);
        results.push({
          channel: 'push',
          ok: out.ok,
          message: out.ok
            ? `Notification sent to ${d.device}.`
            : out.gone
              ? `${d.device} no longer receives notifications, so it was removed: turn them on there again.`
              : `Not sent to ${d.device}: ${out.message}.`,
        });
      }
    }
    if (settings.channels.includes('email')) {
      const to = await confirmedEmail(deps, userId);
      const out = await send('email');
      results.push({
        channel: 'email',
        ok: out.ok,
        message: !out.ok
          ? `E-mail not sent: ${out.message}.`
          : deps.config.smtpUrl
            ? `E-mail sent to ${maskEmail(to ?? '')}.`
            : `E-mail written to this server's mail folder: it has no mail server set up, so it goes nowhere else.`,
      });
    }
    if (settings.channels.includes('calendar')) {
      const next = nextDue(settings.days, settings.time, practice.zone, now);
      const when = next ? localDateTime(next.atMs, practice.zone) : null;
      results.push({
        channel: 'calendar',
        ok: true,
        message: when
          ? `A calendar cannot be sent a test: once your calendar app has the feed, it shows the next reminder on ${when.date} at ${when.time} (apps refresh feeds every few hours).`
          : 'A calendar cannot be sent a test.',
      });
    }
    return c.json({ results });
  });

  r.post('/reminders/calendar/regenerate', ...member, async (c) => {
    const userId = c.var.user.id;
    if (!(await repo.get(userId)))
      throw new ApiError(
        409,
        'not_saved',
        'Save your reminders first; the calendar address comes with them.',
      );
    const salt = newSalt();
    await repo.regenerateCalendar(userId, salt, tokenHash(calendarToken(deps.keys.jwtSecret, userId, salt)));
    return c.json({ calendarUrl: calendarUrlOf(deps, userId, salt) });
  });

  r.get('/reminders/calendar/:file', async (c) => {
    const token = CALENDAR_FILE.exec(c.req.param('file'))?.[1];
    const row = token ? await repo.byCalendarHash(tokenHash(token)) : undefined;
    if (!row) throw new ApiError(404, 'calendar_not_found', 'This calendar address is not valid (any more).');
    await assertFeature(sql, row.user_id, 'practice_reminders');
    const settings = settingsOf(row);
    const zone = await memberZone(sql, row.user_id, deps.now());
    const appUrl = appUrlOf(deps);
    const text = reminderCalendar({
      uidBase: uidBase(row.user_id),
      host: new URL(appUrl).hostname,
      appUrl,
      enabled: settings.channels.includes('calendar') && settings.days.length > 0,
      zone,
      days: settings.days,
      time: settings.time,
      topics: settings.topics,
      revision: Number(row.revision),
      savedAtMs: Date.parse(row.updated_at),
      circles: settings.topics.includes('circle') ? await memberCircles(sql, row.user_id) : [],
    });
    return c.body(text, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="tuneful-practice.ics"',
      'Cache-Control': 'private, no-cache',
    });
  });

  const unsubscribeTarget = async (token: string | undefined) => {
    const userId = token ? unsubscribeMember(deps.keys.jwtSecret, token) : null;
    const row = userId ? await repo.get(userId) : undefined;
    const email = userId ? await confirmedEmail(deps, userId) : null;
    if (!userId || (!row && !email))
      throw new ApiError(404, 'unsubscribe_not_found', 'This unsubscribe link is not valid (any more).');
    return { userId, row, email };
  };

  r.get('/reminders/unsubscribe', async (c) => {
    const { row, email } = await unsubscribeTarget(c.req.query('token'));
    const on = row ? settingsOf(row).channels.includes('email') : false;
    c.header('Cache-Control', 'no-store');
    return c.json({ email: maskEmail(email ?? ''), emailOn: on, schedule: row ? daysTextOf(row) : null });
  });

  r.post('/reminders/unsubscribe', async (c) => {
    let token = c.req.query('token');
    if (!token && (c.req.header('content-type') ?? '').includes('application/json')) {
      token = (await jsonBody(c, z.object({ token: z.string().max(200) }).strict())).token;
    }
    const { userId } = await unsubscribeTarget(token);
    // The channels change only if they are still what was read; a concurrent save is read again.
    for (let i = 0; i < 3; i++) {
      const row = await repo.get(userId);
      if (!row) break;
      const s = settingsOf(row);
      if (!s.channels.includes('email')) break;
      const channels = s.channels.filter((ch) => ch !== 'email');
      const now = deps.now();
      const zone = await memberZone(sql, userId, now);
      const next = channels.includes('push') ? nextDue(s.days, s.time, zone, now) : null;
      if (
        await repo.replaceChannels(
          userId,
          row.channels,
          channels.join(','),
          next ? iso(next.atMs) : null,
          iso(now),
        )
      ) {
        deps.logger.info('reminder e-mails turned off by the unsubscribe link', { user: userId });
        break;
      }
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ emailOn: false });
  });

  return r;
}

const daysTextOf = (row: { days: string; local_time: string; topics: string; channels: string }) => {
  const s = settingsOf(row);
  return `${daysText(s.days)} at ${s.time}`;
};
