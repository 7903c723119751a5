import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../auth/test-client';
import type { Logger } from '../../lib/logger';
import { insertSessions, type TestMember } from '../../rest/test-members';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support';
import { dailyPick } from '../../../src/domain/daily-pick';
import { reminderDeps } from './deps';
import { createReminderScheduler, MAX_ATTEMPTS, type ReminderScheduler } from './scheduler';
import { api, levelThreeMember, practiceRow, saveSettings, setClock } from './test-members';
import { startPushService, type FakePushService } from './test-push-service';

let t: TestApp;
let push: FakePushService;
let logs: { level: string; msg: string; fields?: Record<string, unknown> }[];

const SESSIONS = [
  { id: 3, title: 'Gentle voice awakening', voice_path: 'audio/3-voice.mp3', length_sec: 300 },
  { id: 5, title: 'Breath and hum', voice_path: 'audio/5-voice.mp3', length_sec: 420 },
  { id: 8, title: 'Ocean drone', voice_path: null, instr_path: 'audio/8-instr.mp3', length_sec: 600 },
  { id: 11, title: 'Confident speaking', voice_path: 'audio/11-voice.mp3', length_sec: 480 },
];

const capture: Logger = {
  debug: (msg, fields) => logs.push({ level: 'debug', msg, fields }),
  info: (msg, fields) => logs.push({ level: 'info', msg, fields }),
  warn: (msg, fields) => logs.push({ level: 'warn', msg, fields }),
  error: (msg, fields) => logs.push({ level: 'error', msg, fields }),
  say: () => undefined,
} as Logger;

function scheduler(app = t, sql = app.deps.sql): ReminderScheduler {
  return createReminderScheduler({ ...reminderDeps({ ...app.deps, sql }), logger: capture });
}

beforeEach(async () => {
  t = await createTestApp();
  push = await startPushService();
  logs = [];
  await insertSessions(t, SESSIONS);
});
afterEach(async () => {
  await push.close();
  await t.close();
});

async function withDevice(who: TestMember, path = `/push/${who.id}`) {
  const sub = push.subscriber(path);
  const res = await api(t, who, '/reminders/push/subscriptions', {
    method: 'POST',
    body: JSON.stringify({ endpoint: sub.endpoint, keys: sub.keys, device: 'Chrome on Android' }),
  });
  expect(res.status).toBe(201);
  return sub;
}

const sends = async (who: TestMember) =>
  t.deps.sql.all<{
    local_date: string;
    channel: string;
    status: string;
    attempts: number;
    created_at: string;
  }>(
    'SELECT local_date, channel, status, attempts, created_at FROM reminder_sends WHERE user_id = ? ORDER BY id',
    [who.id],
  );

const delivered = () => push.received.filter((r) => r.status === 201);
const reminderMails = () => outbox(t).filter((m) => m.includes('List-Unsubscribe'));

describe('a push reminder, end to end', () => {
  it("reaches the push service at 07:30 local, VAPID-signed and encrypted, naming today's suggestion and its link", async () => {
    setClock(t, '2026-01-07T06:00:00Z');
    const ada = await levelThreeMember(t);
    await withDevice(ada);
    await saveSettings(t, ada, {
      days: ['wed'],
      time: '07:30',
      topics: ['recommendation'],
      channels: ['push'],
      timeZone: 'Europe/London',
    });
    const s = scheduler();
    setClock(t, '2026-01-07T07:29:30Z');
    await s.tick();
    expect(push.received).toEqual([]);
    setClock(t, '2026-01-07T07:30:05Z');
    await s.tick();
    expect(push.problems).toEqual([]);
    expect(delivered()).toHaveLength(1);
    const [got] = delivered();
    // The same pick as home: dailyPick over the guided sessions (not the instrumental one), by id.
    const pick = dailyPick(
      SESSIONS.filter((x) => x.voice_path),
      ada.id,
      '2026-01-07',
    )!;
    expect(got!.payload).toEqual({
      title: 'Time for your voice practice',
      body: `Today's suggestion: ${pick.title} (${Math.round(pick.length_sec / 60)} min).`,
      url: `${TEST_ORIGIN}/reminders/suggestion?session=${pick.id}`,
      tag: 'tuneful-reminder',
    });
    expect(got!.claims.aud).toBe(push.origin);
    expect(got!.claims.sub).toMatch(/^mailto:/);
    const key = (await (await api(t, ada, '/reminders/push/key')).json()) as { publicKey: string };
    expect(got!.vapidKey).toBe(key.publicKey);
    // Later ticks the same day send nothing more; the next one is next Wednesday.
    await s.tick();
    setClock(t, '2026-01-07T20:00:00Z');
    await s.tick();
    expect(delivered()).toHaveLength(1);
    expect((await (await api(t, ada, '/reminders')).json()) as { next: unknown }).toMatchObject({
      next: { localDate: '2026-01-14', time: '07:30' },
    });
  });

  it('removes a device the push service no longer knows (410) and does not retry it', async () => {
    setClock(t, '2026-01-07T06:00:00Z');
    const ada = await levelThreeMember(t, 'UTC');
    const sub = await withDevice(ada);
    push.answer(new URL(sub.endpoint).pathname, 410);
    await saveSettings(t, ada, {
      days: ['wed'],
      time: '07:00',
      topics: ['recommendation'],
      channels: ['push'],
    });
    setClock(t, '2026-01-07T07:00:01Z');
    await scheduler().tick();
    expect(await sends(ada)).toMatchObject([{ status: 'gone', attempts: 1 }]);
    const count = await t.deps.sql.get<{ n: number }>(
      'SELECT count(*) AS n FROM push_subscriptions WHERE user_id = ?',
      [ada.id],
    );
    expect(Number(count?.n)).toBe(0);
    setClock(t, '2026-01-07T08:00:00Z');
    await scheduler().tick();
    expect(push.received).toHaveLength(1);
  });
});

describe('no reminder on a day already practised', () => {
  it('sends nothing on a day with a session, and the next chosen day is reminded again', async () => {
    setClock(t, '2026-01-06T12:00:00Z');
    const ada = await levelThreeMember(t, 'Europe/London');
    await withDevice(ada);
    await saveSettings(t, ada, {
      days: ['tue', 'wed', 'thu'],
      time: '18:00',
      topics: ['recommendation', 'streak'],
      channels: ['push', 'email'],
    });
    // A session on Tuesday at 12:00 counts for Tuesday.
    await practiceRow(t, ada.id, '2026-01-06');
    const s = scheduler();
    setClock(t, '2026-01-06T18:00:10Z');
    await s.tick();
    expect(push.received).toEqual([]);
    expect(reminderMails()).toEqual([]);
    expect(await sends(ada)).toEqual([]);
    setClock(t, '2026-01-07T18:00:10Z');
    await s.tick();
    expect(delivered()).toHaveLength(1);
    // Tuesday's session makes a 1-day streak that Wednesday would keep: the reminder says so.
    expect(delivered()[0]!.payload.body).toContain('Your streak needs a session today');
    expect(reminderMails()).toHaveLength(1);
  });

  it('counts sessions only: partial practice still gets the reminder; a session before a retry stops the retry', async () => {
    setClock(t, '2026-01-07T12:00:00Z');
    const ada = await levelThreeMember(t, 'UTC');
    const sub = await withDevice(ada);
    await saveSettings(t, ada, {
      days: ['wed'],
      time: '18:00',
      topics: ['recommendation'],
      channels: ['push'],
    });
    await practiceRow(t, ada.id, '2026-01-07', { counted: false });
    push.answer(new URL(sub.endpoint).pathname, 503);
    const s = scheduler();
    setClock(t, '2026-01-07T18:00:10Z');
    await s.tick();
    expect(await sends(ada)).toMatchObject([{ status: 'retry', attempts: 1 }]);
    await practiceRow(t, ada.id, '2026-01-07');
    setClock(t, '2026-01-07T18:01:30Z');
    await s.tick();
    expect(await sends(ada)).toMatchObject([{ status: 'skipped', attempts: 2 }]);
    expect(delivered()).toEqual([]);
  });
});

describe('what a reminder is about', () => {
  it('is not sent when its only topic has nothing to say (no streak), and names the streak when there is one', async () => {
    setClock(t, '2026-01-07T12:00:00Z');
    const ada = await levelThreeMember(t, 'UTC');
    await withDevice(ada);
    await saveSettings(t, ada, {
      days: ['wed', 'fri'],
      time: '18:00',
      topics: ['streak'],
      channels: ['push'],
    });
    const s = scheduler();
    setClock(t, '2026-01-07T18:00:10Z');
    await s.tick();
    expect(push.received).toEqual([]);
    await practiceRow(t, ada.id, '2026-01-08');
    await practiceRow(t, ada.id, '2026-01-07');
    setClock(t, '2026-01-09T18:00:10Z');
    await s.tick();
    expect(delivered().map((r) => r.payload.body)).toEqual([
      'Your 2-day streak needs a session today to keep going.',
    ]);
    expect(delivered()[0]!.payload.url).toBe(`${TEST_ORIGIN}/home`);
  });

  it("names a circle of the member's that meets within the day, and links to it", async () => {
    setClock(t, '2026-01-07T06:00:00Z');
    const ada = await levelThreeMember(t, 'Europe/London');
    await withDevice(ada);
    const circle = await t.deps.sql.get<{ id: number }>(
      `INSERT INTO voice_circles (name, session_type, max_participants, duration_min, scheduled_time, is_private,
         invite_code, creator_id, created_at)
       VALUES ('Evening hum', 'real_time', 8, 30, '2025-12-10T19:00:00.000Z', 0, 'inv-1', ?, ?) RETURNING id`,
      [ada.id, '2025-12-01T00:00:00.000Z'],
    );
    await t.deps.sql.run('INSERT INTO circle_members (circle_id, user_id, joined_at) VALUES (?, ?, ?)', [
      circle!.id,
      ada.id,
      '2025-12-01T00:00:00.000Z',
    ]);
    await saveSettings(t, ada, { days: ['wed'], time: '09:00', topics: ['circle'], channels: ['push'] });
    setClock(t, '2026-01-07T09:00:10Z');
    await scheduler().tick();
    expect(delivered().map((r) => r.payload)).toEqual([
      expect.objectContaining({
        body: 'Your circle "Evening hum" meets today at 19:00.',
        url: `${TEST_ORIGIN}/voice-circles/${circle!.id}`,
      }),
    ]);
  });
});

describe('an e-mail reminder', () => {
  it('names the suggestion, links to it, and carries a one-click unsubscribe that works without signing in', async () => {
    setClock(t, '2026-01-07T06:00:00Z');
    const ada = await levelThreeMember(t, 'Europe/London');
    await saveSettings(t, ada, {
      days: ['wed'],
      time: '07:30',
      topics: ['recommendation'],
      channels: ['email'],
    });
    setClock(t, '2026-01-07T07:30:30Z');
    await scheduler().tick();
    const [mail] = reminderMails();
    expect(mail).toBeDefined();
    const pick = dailyPick(
      SESSIONS.filter((x) => x.voice_path),
      ada.id,
      '2026-01-07',
    )!;
    expect(mail).toContain(`To: ${ada.email}`);
    expect(mail).toContain('Subject: Time for your voice practice');
    expect(mail).toContain(`Today's suggestion: ${pick.title}`);
    expect(mail).toContain(`${TEST_ORIGIN}/reminders/suggestion?session=${pick.id}`);
    expect(mail).toContain('on Wednesdays at 07:30 (Europe/London)');
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    const header = /List-Unsubscribe: <([^>]+)>\r\n/.exec(mail!)![1]!;
    expect(header).toMatch(/^http:\/\/localhost:8787\/api\/reminders\/unsubscribe\?token=/);
    const page = /Stop reminder e-mails: (\S+)/.exec(mail!)![1]!;
    expect(page).toMatch(/^http:\/\/localhost:8787\/reminders\/unsubscribe\?token=/);
    // What a mail program does with the header (RFC 8058).
    const res = await t.fetch(header.replace(TEST_ORIGIN, ''), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(
      ((await (await api(t, ada, '/reminders')).json()) as { settings: { channels: string[] } }).settings
        .channels,
    ).toEqual([]);
  });

  it('is retried a few times when the mail server is down, then given up on and logged, never sent twice', async () => {
    const down = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await insertSessions(down, SESSIONS);
      setClock(down, '2026-01-07T06:00:00Z');
      const ada = await levelThreeMember(down, 'UTC');
      await saveSettings(down, ada, {
        days: ['wed'],
        time: '07:00',
        topics: ['recommendation'],
        channels: ['email'],
      });
      const s = scheduler(down);
      setClock(down, '2026-01-07T07:00:05Z');
      for (let i = 0; i < 8; i++) {
        await s.tick();
        down.advance(31 * 60_000);
      }
      const rows = await down.deps.sql.all<{ status: string; attempts: number; last_error: string }>(
        'SELECT status, attempts, last_error FROM reminder_sends WHERE user_id = ?',
        [ada.id],
      );
      expect(rows).toEqual([
        { status: 'failed', attempts: MAX_ATTEMPTS, last_error: expect.stringMatching(/^mail not sent/) },
      ]);
      expect(logs.filter((l) => l.level === 'warn' && l.msg.includes('will try again'))).toHaveLength(
        MAX_ATTEMPTS - 1,
      );
      expect(logs.filter((l) => l.level === 'error')).toEqual([
        expect.objectContaining({
          msg: 'reminder could not be delivered; giving up',
          fields: expect.objectContaining({ channel: 'email', attempt: MAX_ATTEMPTS }),
        }),
      ]);
    } finally {
      await down.close();
    }
  });

  it('is delivered once after a push service error clears', async () => {
    setClock(t, '2026-01-07T06:00:00Z');
    const ada = await levelThreeMember(t, 'UTC');
    const sub = await withDevice(ada);
    push.answer(new URL(sub.endpoint).pathname, 500);
    await saveSettings(t, ada, {
      days: ['wed'],
      time: '07:00',
      topics: ['recommendation'],
      channels: ['push'],
    });
    const s = scheduler();
    setClock(t, '2026-01-07T07:00:05Z');
    await s.tick();
    push.answer(new URL(sub.endpoint).pathname, 201);
    await s.tick(); // not yet: the retry waits a minute
    t.advance(61_000);
    await s.tick();
    t.advance(10 * 60_000);
    await s.tick();
    expect(push.received.map((r) => r.status)).toEqual([500, 201]);
    expect(await sends(ada)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });
});

describe('a cluster', () => {
  it('sends each reminder once when two app instances on one database tick at the same moment', async () => {
    setClock(t, '2026-01-07T06:00:00Z');
    const members = await Promise.all([1, 2, 3].map(() => levelThreeMember(t, 'Europe/London')));
    for (const m of members) {
      await withDevice(m);
      await saveSettings(t, m, {
        days: ['wed', 'thu'],
        time: '07:30',
        topics: ['recommendation'],
        channels: ['push', 'email'],
      });
    }
    const a = scheduler();
    const b = scheduler(t, t.anotherSql());
    setClock(t, '2026-01-07T07:30:05Z');
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    expect(push.problems).toEqual([]);
    expect(
      delivered()
        .map((r) => r.path)
        .sort(),
    ).toEqual(members.map((m) => `/push/${m.id}`).sort());
    expect(reminderMails()).toHaveLength(3);
    setClock(t, '2026-01-08T07:30:05Z');
    await Promise.all([a.tick(), b.tick()]);
    expect(delivered()).toHaveLength(6);
    expect(reminderMails()).toHaveLength(6);
  });
});

describe('time zones and daylight saving, through the scheduler', () => {
  /**
   * Runs the scheduler from `from` to `to`: at least hourly, and a minute before and five seconds
   * after each moment the reminder is due. Returns the e-mails planned: for which day, and when.
   */
  async function run(zone: string, days: string[], time: string, from: string, to: string) {
    setClock(t, from);
    const m = await levelThreeMember(t, zone);
    await saveSettings(t, m, { days, time, topics: ['recommendation'], channels: ['email'] });
    const s = scheduler();
    const stop = Date.parse(to);
    while (t.deps.now() < stop) {
      const row = await t.deps.sql.get<{ next_due_at: string | null }>(
        'SELECT next_due_at FROM practice_reminders WHERE user_id = ?',
        [m.id],
      );
      const now = t.deps.now();
      const due = row?.next_due_at ? Date.parse(row.next_due_at) : Infinity;
      const step =
        due - 60_000 > now ? Math.min(now + 3_600_000, due - 60_000) : Math.min(now + 3_600_000, due + 5_000);
      t.advance(step - now);
      await s.tick();
    }
    return (await sends(m)).map((r) => ({ localDate: r.local_date, at: r.created_at.slice(0, 16) }));
  }

  it('fires 07:30 in London at 07:30 local on both sides of the March change', async () => {
    const got = await run(
      'Europe/London',
      ['fri', 'mon'],
      '07:30',
      '2026-03-27T07:00:00Z',
      '2026-03-30T07:00:00Z',
    );
    expect(got).toEqual([
      { localDate: '2026-03-27', at: '2026-03-27T07:30' },
      { localDate: '2026-03-30', at: '2026-03-30T06:30' },
    ]);
  });

  it('fires a time skipped by spring-forward at the change, and an ambiguous autumn time once', async () => {
    const spring = await run(
      'Europe/London',
      ['sun'],
      '01:30',
      '2026-03-29T00:00:00Z',
      '2026-03-29T03:00:00Z',
    );
    expect(spring).toEqual([{ localDate: '2026-03-29', at: '2026-03-29T01:00' }]);
    const autumn = await run(
      'Europe/London',
      ['sun'],
      '01:30',
      '2026-10-24T23:00:00Z',
      '2026-10-25T03:00:00Z',
    );
    expect(autumn).toEqual([{ localDate: '2026-10-25', at: '2026-10-25T00:30' }]);
  });

  it('fires at 07:30 local in Asia/Kolkata and in Pacific/Auckland across its April change', async () => {
    expect(
      await run('Asia/Kolkata', ['wed'], '07:30', '2026-01-07T00:00:00Z', '2026-01-07T03:00:00Z'),
    ).toEqual([{ localDate: '2026-01-07', at: '2026-01-07T02:00' }]);
    expect(
      await run('Pacific/Auckland', ['sat', 'mon'], '07:30', '2026-04-03T18:00:00Z', '2026-04-05T20:00:00Z'),
    ).toEqual([
      { localDate: '2026-04-04', at: '2026-04-03T18:30' },
      { localDate: '2026-04-06', at: '2026-04-05T19:30' },
    ]);
  });

  it("follows a change of the member's zone instead of firing at the old zone's hour", async () => {
    setClock(t, '2026-01-06T12:00:00Z');
    const ada = await levelThreeMember(t, 'Europe/London');
    await saveSettings(t, ada, {
      days: ['wed', 'thu'],
      time: '07:30',
      topics: ['recommendation'],
      channels: ['email'],
    });
    // The member is now in New York (the zone kept on the server changed).
    await t.deps.sql.run("UPDATE users SET time_zone = 'America/New_York' WHERE id = ?", [ada.id]);
    const s = scheduler();
    setClock(t, '2026-01-07T07:30:05Z');
    await s.tick();
    expect(await sends(ada)).toEqual([]);
    setClock(t, '2026-01-07T12:30:05Z');
    await s.tick();
    expect(await sends(ada)).toMatchObject([{ local_date: '2026-01-07' }]);
  });
});
