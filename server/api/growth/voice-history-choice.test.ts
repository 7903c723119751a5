import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../rest/test-members';
import { createTestApp, type TestApp } from '../../test-support';

/**
 * Issue 20: with GET /api/voice-history-choice answering {keep:false}, POST /api/voice-analyses
 * still stored (201): only the tuning room kept the member's choice. The server keeps it now.
 */
let t: TestApp;
let ana: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createMember(t);
  // A member of a week's standing, so recordings of the last minutes are theirs.
  await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [
    new Date(t.deps.now() - 7 * 24 * 3600_000).toISOString(),
    ana.id,
  ]);
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) =>
  t.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${ana.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const analysis = (minutesAgo: number) => ({
  recordedAt: new Date(t.deps.now() - minutesAgo * 60_000).toISOString(),
  durationSec: 12,
  score: 72,
  clarity: 0.7,
  stability: 0.6,
  resonance: 0.8,
  projection: 0.5,
  pitchMedianHz: 220,
  pitchRangeSemitones: 5,
});
const stored = async () =>
  (
    await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM voice_analyses WHERE user_id = ?', [
      ana.id,
    ])
  )?.n;
const OFF = {
  error: 'voice_history_off',
  message: "Voice history is off. Turn on 'Keep my voice history' in the tuning room to save analyses.",
};

describe('the member’s voice-history choice, kept by the server', () => {
  it('refuses to store an analysis while the choice is off (the default), saying how to turn it on', async () => {
    expect(await (await call('GET', '/voice-history-choice')).json()).toMatchObject({ keep: false });
    const one = await call('POST', '/voice-analyses', analysis(1));
    expect(one.status).toBe(409);
    expect(await one.json()).toEqual(OFF);
    const batch = await call('POST', '/voice-analyses', { analyses: [analysis(2), analysis(3)] });
    expect(batch.status).toBe(409);
    expect(await stored()).toBe(0);
  });

  it('stores once the member keeps their history, and refuses again after they turn it off', async () => {
    expect((await call('PUT', '/voice-history-choice', { keep: true })).status).toBe(200);
    expect((await call('POST', '/voice-analyses', analysis(4))).status).toBe(201);
    expect(await stored()).toBe(1);
    expect((await call('PUT', '/voice-history-choice', { keep: false })).status).toBe(200);
    const res = await call('POST', '/voice-analyses', analysis(5));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(OFF);
    expect(await stored()).toBe(1);
  });

  it('offers no /rest/v1 path around the choice: the table is not exposed there', async () => {
    const { error, status } = await ana.client.from('voice_analyses').insert({ score: 50, duration_sec: 3 });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
    const read = await ana.client.from('voice_analyses').select('*');
    expect(read.status).toBe(404);
    expect(await stored()).toBe(1);
  });
});
