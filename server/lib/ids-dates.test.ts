import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, insertSessions, type TestMember } from '../rest/test-members';
import { createTestApp, type TestApp } from '../test-support';
import { happenedProblem, isCalendarDate, parseInstant, targetDateProblem } from './dates';
import { isIdText, wholeNumberField } from './ids';

/**
 * Issue 20: `DELETE /api/voice-goals/0x2` deleted goal 2 (Number() reads hex), and
 * `targetDate: "2030-02-31"` and `recordedAt: "0001-01-01T00:00:00Z"` were stored. One id parser
 * (server/lib/ids.ts) and one date parser (server/lib/dates.ts) now serve every route.
 */
let t: TestApp;
let ana: TestMember;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createMember(t);
  await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [
    new Date(t.deps.now() - 7 * DAY).toISOString(),
    ana.id,
  ]);
  await insertSessions(t, [
    { id: 1, title: 'Morning hum' },
    { id: 2, title: 'Evening sigh' },
  ]);
});
afterAll(() => t.close());

const send = (method: string, path: string, body?: unknown) =>
  t.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${ana.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function expect400(res: Response, field: string, words?: RegExp): Promise<void> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { fields?: Record<string, string>; message: string };
  expect(Object.keys(body.fields ?? {})).toContain(field);
  if (words) expect(body.message).toMatch(words);
}

const LOOSE_IDS = ['0x2', '2e0', '+2', '02', ' 2', '2.0', '0', '-2', '9007199254740993', '0b10', 'Infinity'];

describe('the id and date rules', () => {
  it('reads ids as decimal digits only, within the safe range', () => {
    expect(['1', '2', '42', '9007199254740991'].every(isIdText)).toBe(true);
    expect(LOOSE_IDS.filter(isIdText)).toEqual([]);
  });

  it('reads counts in bodies (storage limits, expiries) as whole numbers, not as Number() would', () => {
    const field = wholeNumberField();
    expect([16, '16', '0'].map((v) => field.safeParse(v).data)).toEqual([16, 16, 0]);
    for (const loose of ['0x10', '1e3', ' 5', '+5', true, 2.5, ''])
      expect(field.safeParse(loose).success, String(loose)).toBe(false);
  });

  it('takes only days that exist and instants with a zone on such days', () => {
    expect(['2030-02-28', '2028-02-29', '2000-02-29', '2030-12-31'].every(isCalendarDate)).toBe(true);
    expect(
      ['2030-02-31', '2030-02-29', '1900-02-29', '2030-13-01', '2030-04-31', '2030-1-01'].some(
        isCalendarDate,
      ),
    ).toBe(false);
    expect(parseInstant('2026-11-26T07:30:00Z')).toBe(Date.parse('2026-11-26T07:30:00Z'));
    expect(parseInstant('2026-11-26T07:30:00.123+02:00')).toBe(Date.parse('2026-11-26T05:30:00.123Z'));
    for (const bad of [
      '2026-02-30T10:00:00Z',
      '2026-11-26T24:00:00Z',
      '2026-11-26T07:30:00',
      '2026-11-26',
      'soon',
    ])
      expect(parseInstant(bad)).toBeNull();
  });

  it('bounds what happened by the account and tomorrow, and targets by today and ten years', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const created = Date.parse('2026-11-01T00:00:00Z');
    expect(happenedProblem(Date.parse('0001-01-01T00:00:00Z'), now, created)).toMatch(/before your account/);
    expect(happenedProblem(now + 2 * DAY, now, created)).toMatch(/future/);
    expect(happenedProblem(now + 2 * DAY, now, created, 10 * DAY)).toMatch(/future/); // never past tomorrow
    expect(happenedProblem(now - DAY, now, created)).toBeNull();
    // A device clock a minute behind, in a brand-new account's first minute, is not "before".
    expect(happenedProblem(created - 60_000, now, created)).toBeNull();
    expect(happenedProblem(created - 10 * 60_000, now, created)).toMatch(/before your account/);
    expect(targetDateProblem('2030-02-31', '2026-11-26')).toMatch(/real date/);
    expect(targetDateProblem('2026-11-25', '2026-11-26')).toMatch(/past/);
    expect(targetDateProblem('2036-11-27', '2026-11-26')).toMatch(/10 years/);
    expect(targetDateProblem('2030-02-28', '2026-11-26')).toBeNull();
  });
});

describe('ids on every route', () => {
  it('does not delete goal 2 for /voice-goals/0x2, and deletes it for /voice-goals/2', async () => {
    const target = new Date(t.deps.now() + 30 * DAY).toISOString().slice(0, 10);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await send('POST', '/voice-goals', {
        metric: 'breathSupport',
        targetValue: 70,
        targetDate: target,
      });
      expect(res.status).toBe(201);
      ids.push((await res.json()).id);
    }
    const second = ids[1] as number;
    for (const loose of [`0x${second.toString(16)}`, `${second}e0`, `+${second}`, `0${second}`]) {
      await expect400(await send('DELETE', `/voice-goals/${encodeURIComponent(loose)}`), 'id', /goal id/);
    }
    expect(await (await send('GET', '/voice-goals')).json()).toHaveLength(2);
    expect((await send('DELETE', `/voice-goals/${second}`)).status).toBe(204);
    expect(await (await send('GET', '/voice-goals')).json()).toHaveLength(1);
  });

  it('answers 400 for a loose id on every /api route that takes one in its path', async () => {
    const routes = t.app.routes.filter(
      (r) =>
        r.path.startsWith('/api/') && /:(id|templateId)\b/.test(r.path) && !r.path.startsWith('/api/users/'),
    );
    expect(routes.length).toBeGreaterThan(12);
    const wrong: string[] = [];
    for (const r of routes) {
      if (r.method === 'ALL') continue;
      for (const loose of LOOSE_IDS) {
        const path = r.path.replace(/^\/api/, '').replace(/:(id|templateId)\b/, encodeURIComponent(loose));
        const res = await send(r.method, path, r.method === 'GET' ? undefined : {});
        // A route for another role (the operator's review, an admin's) refuses a member before it
        // reads anything: saying nothing about the id is right there. A level gate is not that:
        // a member may reach the route later, so the id is checked first.
        if (res.status === 403 && ((await res.json()) as { error: string }).error === 'forbidden') continue;
        if (res.status !== 400) wrong.push(`${r.method} ${path}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 for a loose id in a body', async () => {
    await expect400(
      await send('POST', '/community/reflections', { sessionId: '0x2', reflectionText: 'Hi' }),
      'sessionId',
    );
    await expect400(await send('POST', '/session-completions', { sessionId: '0x2' }), 'sessionId');
    await expect400(await send('POST', '/session-completions', { sessionId: 2.5 }), 'sessionId');
    await expect400(await send('POST', '/session-completions', { sessionId: '1e0' }), 'sessionId');
    await expect400(await send('POST', '/voice-circles', { name: 'Hum', templateId: '0x2' }), 'templateId');
    expect((await send('POST', '/session-completions', { sessionId: '2' })).status).toBe(201);
  });
});

describe('dates on every route kind', () => {
  const analysis = (recordedAt: string) => ({
    recordedAt,
    durationSec: 12,
    score: 72,
    clarity: 0.7,
    stability: 0.6,
    resonance: 0.8,
    projection: 0.5,
    pitchMedianHz: 220,
    pitchRangeSemitones: 5,
  });
  const mood = { moodScore: 5, stressLevel: 5, anxietyLevel: 5, energyLevel: 5 };

  it('refuses a goal dated 31 February, in the past or a century ahead', async () => {
    const goal = (targetDate: string) => ({ metric: 'breathSupport', targetValue: 70, targetDate });
    await expect400(await send('POST', '/voice-goals', goal('2030-02-31')), 'targetDate', /real date/);
    await expect400(await send('POST', '/voice-goals', goal('2020-01-01')), 'targetDate', /past/);
    await expect400(await send('POST', '/voice-goals', goal('2126-01-01')), 'targetDate', /10 years/);
    expect((await send('POST', '/voice-goals', goal('2030-02-28'))).status).toBe(201);
  });

  it('refuses a recording from year 1, before the account, on an unreal day or after tomorrow', async () => {
    expect((await send('PUT', '/voice-history-choice', { keep: true })).status).toBe(200);
    const ago = (ms: number) => new Date(t.deps.now() - ms).toISOString();
    await expect400(
      await send('POST', '/voice-analyses', analysis('0001-01-01T00:00:00Z')),
      'recordedAt',
      /account/,
    );
    await expect400(await send('POST', '/voice-analyses', analysis(ago(30 * DAY))), 'recordedAt', /account/);
    await expect400(await send('POST', '/voice-analyses', analysis('2026-02-30T10:00:00Z')), 'recordedAt');
    await expect400(await send('POST', '/voice-analyses', analysis(ago(-2 * DAY))), 'recordedAt', /future/);
    const batch = { analyses: [analysis(ago(DAY)), analysis('0001-01-01T00:00:00Z')] };
    await expect400(await send('POST', '/voice-analyses', batch), 'recordedAt');
    expect((await (await send('GET', '/voice-analyses')).json()) as unknown[]).toEqual([]);
    expect((await send('POST', '/voice-analyses', analysis(ago(DAY)))).status).toBe(201);

    await expect400(
      await send('POST', '/mood-tracking', { ...mood, recordedAt: '0001-01-01T00:00:00Z' }),
      'recordedAt',
    );
    await expect400(
      await send('POST', '/mood-tracking', { ...mood, recordedAt: '2026-02-30T10:00:00Z' }),
      'recordedAt',
    );
    await expect400(await send('GET', '/voice-analyses?from=2030-02-31'), 'from');
  });

  it('refuses an unreal day in an offline completion time and a circle schedule', async () => {
    await expect400(
      await send('POST', '/session-completions', { sessionId: 1, occurredAt: '2026-02-31T10:00:00Z' }),
      'occurredAt',
    );
    await expect400(
      await send('POST', '/session-completions', { sessionId: 1, startedAt: '2026-02-31T10:00:00Z' }),
      'startedAt',
    );
    await expect400(
      await send('POST', '/voice-circles', {
        name: 'Live',
        sessionType: 'real_time',
        scheduledTime: '2026-11-31T18:00:00Z',
      }),
      'scheduledTime',
    );
  });
});
