import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { insertSessions } from '../../rest/test-members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, [
    { id: 1, title: 'one', skill_level: 'beginner', length_sec: 300 },
    { id: 2, title: 'two', skill_level: 'beginner', length_sec: 300 },
  ]);
  const add = (...row: (string | number | null)[]) =>
    t.deps.sql.run(
      'INSERT INTO catalogue_audio (path, session_id, variant, percent, ready_at) VALUES (?, ?, ?, ?, ?)',
      row,
    );
  await add('guided/001-one-voice.mp3', 1, 'voice', 37, null);
  await add('guided/001-one-instrumental.mp3', 1, 'instrumental', 100, '2026-11-26T07:00:00Z');
  await add('guided/002-two-voice.mp3', 2, 'voice', 100, '2026-11-26T07:00:00Z');
  await add('guided/002-two-instrumental.mp3', 2, 'instrumental', 100, '2026-11-26T07:00:00Z');
});
afterAll(() => t.close());

describe('GET /api/catalogue-audio', () => {
  it('lists only sessions still being prepared, with their percentage, to anyone, uncached', async () => {
    const res = await t.fetch('/api/catalogue-audio');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      ready: false,
      sessions: [{ sessionId: 1, percent: 37, voiceReady: false, instrumentalReady: true }],
    });
  });

  it('says ready once every file is', async () => {
    await t.deps.sql.run("UPDATE catalogue_audio SET percent = 100, ready_at = 'x'");
    expect(await (await t.fetch('/api/catalogue-audio')).json()).toEqual({ ready: true, sessions: [] });
  });
});
