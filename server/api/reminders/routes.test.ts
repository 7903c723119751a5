import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMember } from '../../rest/test-members';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support';
import { PASSWORD, signedIn, signUpConfirmed } from '../../auth/test-client';
import { all, parseIcs, value } from './test-ics-parse';
import { api, levelThreeMember, practiceRow, saveSettings, setClock } from './test-members';
import { newSubscriber } from './test-push-service';
import type { RemindersView } from './view';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  // Wednesday 7 January 2026, 09:00 in London.
  setClock(t, '2026-01-07T09:00:00Z');
});
afterEach(() => t.close());

const weekdays = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], time: '07:30', topics: ['recommendation'] };
const view = async (res: Response) => (await res.json()) as RemindersView;

describe('the reminder settings', () => {
  it('are closed below level 3 with words, on every route', async () => {
    const beginner = await createMember(t);
    for (const [method, path] of [
      ['GET', '/reminders'],
      ['PUT', '/reminders'],
      ['GET', '/reminders/push/key'],
      ['POST', '/reminders/push/subscriptions'],
      ['POST', '/reminders/test'],
    ]) {
      const res = await api(t, beginner, path!, { method, body: method === 'GET' ? undefined : '{}' });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toMatchObject({
        error: 'feature_locked',
        message: expect.stringMatching(/^Practice reminders opens at level 3; you are at level 1/),
      });
    }
    expect((await api(t, null, '/reminders')).status).toBe(401);
    // A malformed device id is refused as such, before the level is looked at.
    const bad = await api(t, beginner, '/reminders/push/subscriptions/0x2', { method: 'DELETE' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { id: 'must be a positive whole number' } });
  });

  it('start as suggested defaults, then keep what the member saved, in the zone the server keeps for them', async () => {
    const ada = await levelThreeMember(t);
    const before = await view(await api(t, ada, '/reminders'));
    expect(before).toMatchObject({
      saved: false,
      next: null,
      calendarUrl: null,
      zone: 'UTC',
      zoneKnown: false,
    });
    expect(before.settings.channels).toEqual([]);
    const res = await saveSettings(t, ada, {
      ...weekdays,
      days: ['fri', 'mon'],
      channels: ['email', 'calendar'],
      timeZone: 'Europe/London',
    });
    expect(res.status).toBe(200);
    const saved = await view(res);
    expect(saved.settings).toEqual({
      days: ['mon', 'fri'],
      time: '07:30',
      topics: ['recommendation'],
      channels: ['email', 'calendar'],
    });
    // The first zone a device reports is adopted at once; the next reminder is Friday 07:30 GMT.
    expect(saved).toMatchObject({ zone: 'Europe/London', zoneKnown: true });
    expect(saved.next).toEqual({ at: '2026-01-09T07:30:00.000Z', localDate: '2026-01-09', time: '07:30' });
    expect(saved.calendarUrl).toMatch(
      /^http:\/\/localhost:8787\/api\/reminders\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    expect(await view(await api(t, ada, '/reminders'))).toEqual(saved);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const ada = await levelThreeMember(t);
    await saveSettings(t, ada, { ...weekdays, channels: ['email'] });
    const stored = await view(await api(t, ada, '/reminders'));
    const cases: [Record<string, unknown>, string][] = [
      [{ ...weekdays, time: '25:00', channels: ['email'] }, 'time'],
      [{ ...weekdays, time: '7:30', channels: ['email'] }, 'time'],
      [{ ...weekdays, days: [], channels: ['push'] }, 'days'],
      [{ ...weekdays, days: ['someday'], channels: ['push'] }, 'days.0'],
      [{ ...weekdays, topics: [], channels: ['push'] }, 'topics'],
      [{ ...weekdays, channels: ['sms'] }, 'channels.0'],
      [{ ...weekdays, channels: ['email'], timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ ...weekdays, channels: ['email'], colour: 'blue' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await saveSettings(t, ada, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { fields: Record<string, string>; message: string };
      expect(Object.keys(answer.fields), JSON.stringify(body)).toContain(field);
      expect(answer.message).toMatch(/^Invalid /);
    }
    expect(await view(await api(t, ada, '/reminders'))).toEqual(stored);
    // No day is fine while every channel is off: reminders are simply off.
    expect((await saveSettings(t, ada, { ...weekdays, days: [], channels: [] })).status).toBe(200);
  });

  it('replays a queued save once, and never lets an older save overwrite a newer one', async () => {
    const ada = await levelThreeMember(t);
    const key = crypto.randomUUID();
    const body = { ...weekdays, channels: ['email'], occurredAt: '2026-01-07T08:00:00Z' };
    const first = await saveSettings(t, ada, body, { 'Idempotency-Key': key });
    const replay = await saveSettings(t, ada, body, { 'Idempotency-Key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(await first.json());
    await saveSettings(t, ada, {
      ...weekdays,
      time: '18:00',
      channels: ['email'],
      occurredAt: '2026-01-07T08:50:00Z',
    });
    // Made offline at 08:10 and sent now: older than the 08:50 save, so it changes nothing.
    const late = await saveSettings(t, ada, {
      ...weekdays,
      time: '06:00',
      channels: ['push'],
      occurredAt: '2026-01-07T08:10:00Z',
    });
    expect(late.status).toBe(200);
    expect((await view(late)).settings).toMatchObject({ time: '18:00', channels: ['email'] });
  });
});

describe('push subscriptions', () => {
  const subscriptionOf = (endpoint: string) => {
    const s = newSubscriber(endpoint);
    return { endpoint, expirationTime: null, keys: s.keys, device: 'Firefox on Linux' };
  };
  const subscribe = (who: Parameters<typeof api>[1], body: unknown, app = t) =>
    api(app, who, '/reminders/push/subscriptions', { method: 'POST', body: JSON.stringify(body) });

  it('are kept per device, listed, and removed by the device or from another one', async () => {
    const ada = await levelThreeMember(t);
    const key = (await (await api(t, ada, '/reminders/push/key')).json()) as { publicKey: string };
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);
    const phone = await subscribe(ada, subscriptionOf('https://push.example.net/send/phone'));
    expect(phone.status).toBe(201);
    const laptop = (await (
      await subscribe(ada, {
        ...subscriptionOf('https://push.example.net/send/laptop'),
        device: 'Chrome on macOS',
      })
    ).json()) as { id: number };
    const listed = await view(await api(t, ada, '/reminders'));
    expect(listed.devices.map((d) => d.device)).toEqual(['Firefox on Linux', 'Chrome on macOS']);
    expect(listed.pushPublicKey).toBe(key.publicKey);
    // This device turns notifications off: its endpoint goes.
    const off = await api(t, ada, '/reminders/push/unsubscribe', {
      method: 'POST',
      body: JSON.stringify({ endpoint: 'https://push.example.net/send/phone' }),
    });
    expect(off.status).toBe(204);
    // Another member cannot remove Ada's laptop; Ada can.
    const ben = await levelThreeMember(t);
    expect(
      (await api(t, ben, `/reminders/push/subscriptions/${laptop.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect(
      (await api(t, ada, `/reminders/push/subscriptions/${laptop.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await view(await api(t, ada, '/reminders'))).devices).toEqual([]);
  });

  it('refuse a malformed subscription with a 400 naming the field, keeping nothing', async () => {
    const ada = await levelThreeMember(t);
    const good = subscriptionOf('https://push.example.net/send/x');
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'ftp://push.example.net/x' }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, 'keys.p256dh'],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, 'keys.auth'],
      [{ endpoint: good.endpoint }, 'keys'],
    ];
    for (const [body, field] of cases) {
      const res = await subscribe(ada, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: object }).fields)).toContain(field);
    }
    expect((await view(await api(t, ada, '/reminders'))).devices).toEqual([]);
  });

  it('must be https, and a public address, in production', async () => {
    const prod = await createTestApp({ env: 'production' });
    try {
      const ada = await levelThreeMember(prod);
      for (const endpoint of [
        'http://push.example.net/send/x',
        'https://127.0.0.1:8443/send/x',
        'https://10.0.0.7/x',
      ]) {
        const res = await subscribe(ada, subscriptionOf(endpoint), prod);
        expect(res.status, endpoint).toBe(400);
        expect(((await res.json()) as { fields: Record<string, string> }).fields.endpoint).toMatch(
          /https|public/,
        );
      }
      expect((await subscribe(ada, subscriptionOf('https://push.example.net/send/x'), prod)).status).toBe(
        201,
      );
    } finally {
      await prod.close();
    }
  });
});

describe('the calendar feed', () => {
  it('is served to anyone with its secret URL, means what was chosen, and stops working when regenerated', async () => {
    const ada = await levelThreeMember(t);
    const saved = await view(
      await saveSettings(t, ada, {
        ...weekdays,
        days: ['tue', 'thu'],
        time: '18:15',
        channels: ['calendar'],
        timeZone: 'Europe/London',
      }),
    );
    // A calendar-only choice schedules nothing on the server: the calendar app reminds.
    expect(saved.next).toBeNull();
    const path = saved.calendarUrl!.replace(TEST_ORIGIN, '');
    const res = await t.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const cal = parseIcs(await res.text());
    const event = all(cal, 'VEVENT')[0]!;
    expect(value(event, 'RRULE')).toBe('FREQ=WEEKLY;WKST=MO;BYDAY=TU,TH');
    expect(event.props.find((p) => p.name === 'DTSTART')).toMatchObject({
      params: { TZID: 'Europe/London' },
      value: '20260108T181500',
    });
    const regenerated = (await (
      await api(t, ada, '/reminders/calendar/regenerate', { method: 'POST' })
    ).json()) as {
      calendarUrl: string;
    };
    expect(regenerated.calendarUrl).not.toBe(saved.calendarUrl);
    expect((await t.fetch(path)).status).toBe(404);
    const again = parseIcs(await (await t.fetch(regenerated.calendarUrl.replace(TEST_ORIGIN, ''))).text());
    // Same UID after the new URL: a calendar app updates the event rather than adding one.
    expect(value(all(again, 'VEVENT')[0]!, 'UID')).toBe(value(event, 'UID'));
    expect((await t.fetch('/api/reminders/calendar/nonsense.ics')).status).toBe(404);
  });
});

describe('unsubscribing from reminder e-mails', () => {
  async function tokenFor(ada: Awaited<ReturnType<typeof levelThreeMember>>) {
    const { unsubscribeToken } = await import('./tokens');
    return unsubscribeToken(t.deps.keys.jwtSecret, ada.id);
  }

  it('shows what a link would do on GET without changing anything, and turns e-mail off on POST (one click)', async () => {
    const ada = await levelThreeMember(t, 'Europe/London');
    await saveSettings(t, ada, { ...weekdays, channels: ['email', 'push'] });
    const token = encodeURIComponent(await tokenFor(ada));
    for (let i = 0; i < 3; i++) {
      const look = await t.fetch(`/api/reminders/unsubscribe?token=${token}`);
      expect(look.status).toBe(200);
      expect(await look.json()).toMatchObject({ emailOn: true });
    }
    expect((await view(await api(t, ada, '/reminders'))).settings.channels).toEqual(['push', 'email']);
    // RFC 8058: the mail program POSTs the form body to the List-Unsubscribe address.
    const res = await t.fetch(`/api/reminders/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await view(await api(t, ada, '/reminders'))).settings.channels).toEqual(['push']);
    // The page's button sends JSON; a second time is still fine.
    const page = await t.fetch('/api/reminders/unsubscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: decodeURIComponent(token) }),
    });
    expect(await page.json()).toEqual({ emailOn: false });
  });

  it('refuses a forged or damaged token', async () => {
    const ada = await levelThreeMember(t);
    await saveSettings(t, ada, { ...weekdays, channels: ['email'] });
    const token = await tokenFor(ada);
    for (const bad of [
      `${token.slice(0, -2)}xx`,
      `${crypto.randomUUID()}.${token.split('.')[1]}`,
      'nonsense',
      '',
    ]) {
      const res = await t.fetch(`/api/reminders/unsubscribe?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
      });
      expect(res.status, bad).toBe(404);
    }
    expect((await view(await api(t, ada, '/reminders'))).settings.channels).toEqual(['email']);
  });
});

describe("the member's data", () => {
  it('exports the settings and devices without the secret tokens or push keys, and deletes them with the account', async () => {
    const id = await signUpConfirmed(t, 'ada@example.com');
    const { session } = await signedIn(t, 'ada@example.com');
    await practiceRow(t, id, '2025-11-01', { earned: 250 });
    const call = (path: string, init: RequestInit = {}) =>
      t.fetch(`/api${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
      });
    const sub = newSubscriber('https://push.example.net/send/ada');
    await call('/reminders/push/subscriptions', {
      method: 'POST',
      body: JSON.stringify({ endpoint: sub.endpoint, keys: sub.keys, device: 'Firefox on Linux' }),
    });
    const saved = await view(
      await call('/reminders', {
        method: 'PUT',
        body: JSON.stringify({ ...weekdays, channels: ['push', 'calendar'] }),
      }),
    );
    const text = await (await call('/account/export')).text();
    const data = JSON.parse(text) as { tables: Record<string, Record<string, unknown>[]> };
    expect(data.tables.practice_reminders).toEqual([
      expect.objectContaining({
        days: 'mon,tue,wed,thu,fri',
        local_time: '07:30',
        channels: 'push,calendar',
      }),
    ]);
    expect(data.tables.push_subscriptions).toEqual([expect.objectContaining({ device: 'Firefox on Linux' })]);
    expect(data.tables.reminder_sends).toEqual([]);
    const calendarToken = saved.calendarUrl!.split('/').pop()!.replace('.ics', '');
    for (const secret of [sub.endpoint, sub.keys.p256dh, sub.keys.auth, calendarToken])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/calendar_salt|calendar_token|endpoint_secret|p256dh_secret|auth_secret/);

    const del = await call('/account', { method: 'DELETE', body: JSON.stringify({ password: PASSWORD }) });
    expect(del.status).toBe(200);
    for (const table of ['practice_reminders', 'push_subscriptions', 'reminder_sends']) {
      const row = await t.deps.sql.get<{ n: number }>(
        `SELECT count(*) AS n FROM ${table} WHERE user_id = ?`,
        [id],
      );
      expect(Number(row?.n), table).toBe(0);
    }
    expect((await t.fetch(saved.calendarUrl!.replace(TEST_ORIGIN, ''))).status).toBe(404);
  });
});
