import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, mintToken, type TestMember } from '../../rest/test-members';

let t: TestApp;
let ana: TestMember;
let ben: TestMember;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  start = t.deps.now();
  ana = await createMember(t);
  ben = await createMember(t);
  // Accounts made 30 days ago, so entries can be dated in the past.
  await t.deps.sql.run('UPDATE users SET created_at = ?', [new Date(t.deps.now() - 30 * DAY).toISOString()]);
});
afterAll(() => t.close());

async function call(path: string, who: TestMember | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
}
const post = (path: string, who: TestMember | null, body: unknown) =>
  call(path, who, { method: 'POST', body: JSON.stringify(body) });
const del = (path: string, who: TestMember | null) => call(path, who, { method: 'DELETE' });
const count = async (table: string) =>
  (await t.deps.sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n;
let start = 0;
/** Instants counted back from when the suite started, so repeated calls give the same value. */
const ago = (days: number) => new Date(start - days * DAY).toISOString();
const mood = (over: Record<string, unknown> = {}) => ({
  moodScore: 7,
  stressLevel: 5,
  anxietyLevel: 5,
  energyLevel: 5,
  emotions: ['calm'],
  notes: 'ok',
  timeZone: 'UTC',
  ...over,
});

describe('wellness authorization', () => {
  it.each([
    ['GET', '/mood-tracking'],
    ['POST', '/mood-tracking'],
    ['DELETE', '/mood-tracking/1'],
    ['GET', '/biometric-data'],
    ['POST', '/biometric-data'],
    ['DELETE', '/biometric-data/1'],
    ['GET', '/wellness-insights'],
  ])('%s %s needs a signed-in member (401)', async (method, path) => {
    const res = await call(path, null, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
    expect(res.status).toBe(401);
  });

  it("never shows or deletes another member's entries (404)", async () => {
    const m = await (await post('/mood-tracking', ana, mood())).json();
    const b = await (await post('/biometric-data', ana, { dataType: 'hrv', value: 60 })).json();
    expect(await (await call('/mood-tracking', ben)).json()).toEqual([]);
    expect(await (await call('/biometric-data', ben)).json()).toEqual([]);
    expect((await del(`/mood-tracking/${m.id}`, ben)).status).toBe(404);
    expect((await del(`/biometric-data/${b.id}`, ben)).status).toBe(404);
    expect((await del(`/mood-tracking/${m.id}`, ana)).status).toBe(204);
    expect((await del(`/biometric-data/${b.id}`, ana)).status).toBe(204);
    expect((await del(`/mood-tracking/${m.id}`, ana)).status).toBe(404);
    expect((await del('/mood-tracking/abc', ana)).status).toBe(400);
  });
});

describe('mood tracking', () => {
  it("dates an entry by the member's stored time zone, not the zone the request names", async () => {
    const who = await createMember(t);
    await t.deps.sql.run('UPDATE users SET created_at = ?, time_zone = ? WHERE id = ?', [
      ago(30),
      'Pacific/Kiritimati',
      who.id,
    ]);
    // 11:00 UTC is already the next day in Kiritimati (UTC+14) and still the day before in
    // Etc/GMT+12 (UTC-12): a member switching zones must not get two entries for one day.
    const at = new Date(start - 2 * DAY);
    at.setUTCHours(11, 0, 0, 0);
    const res = await post(
      '/mood-tracking',
      who,
      mood({ recordedAt: at.toISOString(), timeZone: 'Etc/GMT+12' }),
    );
    expect(res.status).toBe(201);
    const kiritimati = new Date(at.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
    expect((await res.json()).localDate).toBe(kiritimati);
    const bio = await post('/biometric-data', who, {
      dataType: 'hrv',
      value: 55,
      recordedAt: at.toISOString(),
      timeZone: 'Etc/GMT+12',
    });
    expect((await bio.json()).localDate).toBe(kiritimati);
  });

  it('records an entry in the spec shape and lists the newest 10 first', async () => {
    const who = await createMember(t);
    await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [ago(30), who.id]);
    const res = await post(
      '/mood-tracking',
      who,
      mood({ recordedAt: ago(12), emotions: ['happy', 'grateful'] }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      moodScore: 7,
      stressLevel: 5,
      anxietyLevel: 5,
      energyLevel: 5,
      emotions: ['happy', 'grateful'],
      notes: 'ok',
      recordedAt: ago(12),
      newBadges: [],
    });
    for (let d = 11; d >= 0; d--)
      await post('/mood-tracking', who, mood({ recordedAt: ago(d), moodScore: 1 + (d % 10) }));
    const list = await (await call('/mood-tracking', who)).json();
    expect(list).toHaveLength(10);
    expect(list[0].recordedAt).toBe(ago(0));
    expect(list[9].recordedAt).toBe(ago(9));
    const fortnight = await (await call('/mood-tracking?days=14', who)).json();
    expect(fortnight).toHaveLength(13);
    expect((await call('/mood-tracking?days=0', who)).status).toBe(400);
  });

  it.each([
    ['moodScore', { moodScore: 0 }],
    ['moodScore', { moodScore: 11 }],
    ['stressLevel', { stressLevel: 4.5 }],
    ['anxietyLevel', { anxietyLevel: '5' }],
    ['energyLevel', { energyLevel: undefined }],
    ['emotions.0', { emotions: ['furious'] }],
    ['emotions', { emotions: ['calm', 'calm'] }],
    ['notes', { notes: 'x'.repeat(1001) }],
    ['recordedAt', { recordedAt: 'yesterday' }],
    ['recordedAt', { recordedAt: new Date(Date.now() + 3_600_000).toISOString() }],
    ['recordedAt', { recordedAt: '2020-01-01T00:00:00Z' }],
    ['timeZone', { timeZone: 'Mars/Olympus' }],
  ])('rejects a bad %s with a 400 naming it, storing nothing', async (field, over) => {
    const before = await count('mood_entries');
    const res = await post('/mood-tracking', ana, mood(over));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toHaveProperty(field);
    expect(body.message).toContain(field.split('.')[0]);
    expect(await count('mood_entries')).toBe(before);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await call('/mood-tracking', ana, { method: 'POST', body: '{nope' });
    expect(res.status).toBe(400);
  });
});

describe('biometric data', () => {
  it('fixes the unit by the type and lists the newest first', async () => {
    const who = await createMember(t);
    const hr = await post('/biometric-data', who, {
      dataType: 'heart_rate',
      value: 62,
      sourceDevice: 'garmin',
    });
    expect(hr.status).toBe(201);
    expect(await hr.json()).toMatchObject({
      dataType: 'heart_rate',
      value: 62,
      unit: 'bpm',
      sourceDevice: 'garmin',
    });
    await post('/biometric-data', who, { dataType: 'sleep_quality', value: 8, unit: 'score' });
    const list = await (await call('/biometric-data', who)).json();
    expect(list.map((b: { dataType: string; unit: string }) => `${b.dataType}:${b.unit}`)).toEqual([
      'sleep_quality:score',
      'heart_rate:bpm',
    ]);
    expect(list[0].sourceDevice).toBe('manual');
  });

  it.each([
    ['value', { dataType: 'heart_rate', value: 24 }],
    ['value', { dataType: 'heart_rate', value: 251 }],
    ['value', { dataType: 'hrv', value: 4 }],
    ['value', { dataType: 'hrv', value: 301 }],
    ['value', { dataType: 'stress_level', value: 0 }],
    ['value', { dataType: 'stress_level', value: 11 }],
    ['value', { dataType: 'sleep_quality', value: 7.5 }],
    ['value', { dataType: 'sleep_quality', value: '8' }],
    ['unit', { dataType: 'heart_rate', value: 60, unit: 'ms' }],
    ['unit', { dataType: 'hrv', value: 60, unit: 'bpm' }],
    ['dataType', { dataType: 'blood_pressure', value: 120 }],
    ['dataType', { value: 60 }],
    ['sourceDevice', { dataType: 'hrv', value: 60, sourceDevice: 'whoop' }],
    [
      'recordedAt',
      { dataType: 'hrv', value: 60, recordedAt: new Date(Date.now() + 3_600_000).toISOString() },
    ],
    ['recordedAt', { dataType: 'hrv', value: 60, recordedAt: '2019-05-01T10:00:00Z' }],
  ])('rejects a bad %s with a 400 naming it, storing nothing', async (field, body) => {
    const before = await count('biometric_records');
    const res = await post('/biometric-data', ana, body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.fields).toHaveProperty(field);
    expect(json.message).toContain(field);
    expect(await count('biometric_records')).toBe(before);
  });

  it('accepts the edges of every range', async () => {
    for (const [dataType, value] of [
      ['heart_rate', 25],
      ['heart_rate', 250],
      ['hrv', 5],
      ['hrv', 300],
      ['stress_level', 1],
      ['sleep_quality', 10],
    ] as const) {
      expect((await post('/biometric-data', ben, { dataType, value })).status).toBe(201);
    }
  });
});

describe('wellness insights', () => {
  it('appear only with 7 paired days and a clear effect, from the member own data', async () => {
    const who = await createMember(t);
    await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [ago(30), who.id]);
    const empty = await (await call('/wellness-insights', who)).json();
    expect(empty.insights).toEqual([]);
    expect(empty.progress.find((p: { id: string }) => p.id === 'mood-sleep')).toMatchObject({
      days: 0,
      daysNeeded: 7,
    });
    for (let d = 6; d >= 1; d--) {
      const sleep = 3 + (d % 4);
      await post('/mood-tracking', who, mood({ recordedAt: ago(d), moodScore: sleep + 1 }));
      await post('/biometric-data', who, { dataType: 'sleep_quality', value: sleep, recordedAt: ago(d) });
    }
    const six = await (await call('/wellness-insights', who)).json();
    expect(six.insights).toEqual([]);
    expect(six.progress.find((p: { id: string }) => p.id === 'mood-sleep').days).toBe(6);
    await post('/mood-tracking', who, mood({ moodScore: 10 }));
    await post('/biometric-data', who, { dataType: 'sleep_quality', value: 9 });
    const seven = await (await call('/wellness-insights', who)).json();
    expect(seven.insights).toEqual([
      expect.objectContaining({ id: 'mood-sleep', kind: 'correlation', correlation: 100, days: 7 }),
    ]);
    // Another member with the same amount of data but no relationship gets no insight.
    const other = await (await call('/wellness-insights', ben)).json();
    expect(other.insights).toEqual([]);
  });

  it('rejects an unknown time zone', async () => {
    expect((await call('/wellness-insights?tz=Nowhere/Land', ana)).status).toBe(400);
  });
});

describe('voice insights read the voice assessments (issue 21), never the old blended scores', () => {
  /** A kept tuning-room analysis: the spec's 0-100 blend and its 0-1 "clarity". */
  const keptAnalysis = (who: TestMember, daysAgo: number, score: number, clarity: number) =>
    t.deps.sql.run(
      `INSERT INTO voice_analyses (user_id, recorded_at, local_date, duration_sec, score, clarity,
        stability, resonance, projection, created_at) VALUES (?, ?, ?, 10, ?, ?, 0.7, 0.6, 0.5, ?)`,
      [who.id, ago(daysAgo), ago(daysAgo).slice(0, 10), score, clarity, ago(daysAgo)],
    );
  // The server holds an AVQI to its six measures (AVQI 03.01): the tilt is the one that gives
  // the wanted AVQI with the others fixed.
  const tiltFor = (avqi: number, cpps: number) =>
    (avqi / 2.8902 - (4.152 - 0.177 * cpps - 0.006 * 21.5 - 0.037 * 3.4 + 0.941 * 0.31 + 0.01 * -22.1)) /
    0.093;
  const assessment = (daysAgo: number, avqi: number, cpps: number) => ({
    avqi,
    cpps,
    hnr: 21.5,
    shimmerPercent: 3.4,
    shimmerDb: 0.31,
    ltasSlope: -22.1,
    ltasTilt: tiltFor(avqi, cpps),
    recordedAt: ago(daysAgo),
    engineVersion: 'tuneful-avqi-03.01-wasm/2',
  });
  const insightsOf = async (who: TestMember) =>
    (await (await call('/wellness-insights', who)).json()) as {
      insights: {
        id: string;
        message: string;
        correlation: number | null;
        difference: number | null;
        unit: string | null;
      }[];
      progress: { id: string; track: string; days: number }[];
    };

  it('gives no voice insight from kept voice analyses alone, however clear their pattern', async () => {
    const who = await createMember(t);
    await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [ago(30), who.id]);
    for (let d = 20; d >= 1; d--) {
      const sleep = 1 + (d % 9);
      if (d <= 8)
        await post('/biometric-data', who, { dataType: 'sleep_quality', value: sleep, recordedAt: ago(d) });
      // Blend score in step with sleep; "clarity" doubling from the first week to the last.
      await keptAnalysis(who, d, 40 + sleep * 5, d > 10 ? 0.4 : 0.8);
    }
    const result = await insightsOf(who);
    expect(result.insights).toEqual([]);
    expect(result.progress.find((p) => p.id === 'voice-sleep')).toMatchObject({ days: 0 });
    expect(result.progress.find((p) => p.id === 'clarity-practice')).toMatchObject({ days: 0 });
  });

  it('relates the AVQI to sleep and reports a CPPS rise, from the saved assessments', async () => {
    const who = await createMember(t);
    await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [ago(30), who.id]);
    for (let d = 14; d >= 1; d--) {
      const sleep = 1 + (d % 9);
      if (d <= 8)
        await post('/biometric-data', who, { dataType: 'sleep_quality', value: sleep, recordedAt: ago(d) });
      // Better sleep, lower (better) AVQI; CPPS 12 dB in the first week, 14 dB in the second.
      const res = await post('/voice-assessments', who, assessment(d, 4 - sleep * 0.3, d > 7 ? 12 : 14));
      expect(res.status).toBe(201);
    }
    const { insights } = await insightsOf(who);
    expect(insights.map((i) => i.id)).toEqual(['voice-sleep', 'clarity-practice']);
    const [sleep, clarity] = insights;
    expect(sleep?.correlation).toBe(-100);
    expect(sleep?.message).toContain('voice quality index (AVQI) is lower');
    expect(clarity).toMatchObject({ difference: 17, unit: 'percent' });
    expect(sleep?.unit).toBeNull();
    expect(clarity?.message).toContain('tonal clarity (CPPS)');
    expect(clarity?.message).toContain('12.0 dB');
    expect(clarity?.message).toContain('14.0 dB');
  });
});
