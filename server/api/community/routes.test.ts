import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, insertSessions, mintToken, type TestMember } from '../../rest/test-members';
import { displayName, timeAgo } from './present';
import { seedSessionTemplates } from '../../seed/templates';

let t: TestApp;
let ana: TestMember;
let ben: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, [
    { id: 1, title: 'Gentle voice awakening', skill_level: 'beginner', category: ['free'] },
    { id: 2, title: 'Confident speaking', skill_level: 'developing' },
  ]);
  ana = await createMember(t);
  ben = await createMember(t);
  await t.deps.sql.run("UPDATE users SET first_name = 'Ana Maria', last_name = 'Lopez' WHERE id = ?", [
    ana.id,
  ]);
});
afterAll(() => t.close());

async function call(path: string, who: TestMember | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
}
const post = (path: string, who: TestMember | null, body?: unknown) =>
  call(path, who, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe('present helpers', () => {
  it('shows first names only, or A member', () => {
    expect(displayName('Ana Maria')).toBe('Ana');
    expect(displayName('  ')).toBe('A member');
  });
  it('formats short relative times', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(timeAgo('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-01-10T11:55:00Z', now)).toBe('5m ago');
    expect(timeAgo('2026-01-10T09:00:00Z', now)).toBe('3h ago');
    expect(timeAgo('2026-01-08T12:00:00Z', now)).toBe('2d ago');
    expect(timeAgo('2025-12-20T12:00:00Z', now)).toBe('3w ago');
  });
});

describe('community API', () => {
  it('needs a signed-in member', async () => {
    expect((await call('/community/pulse', null)).status).toBe(401);
    expect((await post('/community/reflections', null, { sessionId: 1, reflectionText: 'x' })).status).toBe(
      401,
    );
  });

  it('lists completions in the pulse with first names, and echoes them idempotently', async () => {
    await post('/session-completions', ana, { sessionId: 1 });
    t.advance(1000);
    await post('/session-completions', ben, { sessionId: 2 });
    const pulse = await (await call('/community/pulse', ana)).json();
    expect(pulse).toHaveLength(2);
    expect(pulse[0]).toMatchObject({
      userName: 'A member',
      sessionId: 2,
      sessionTitle: 'Confident speaking',
      echoes: 0,
      skillLevel: 'developing',
    });
    expect(pulse[1]).toMatchObject({ userName: 'Ana', sessionId: 1, skillLevel: 'beginner' });
    const id = pulse[1].id as number;
    expect(await (await post(`/community/pulse/${id}/echo`, ben)).json()).toMatchObject({ echoes: 1 });
    expect(await (await post(`/community/pulse/${id}/echo`, ben)).json()).toMatchObject({ echoes: 1 });
    expect(await (await post(`/community/pulse/${id}/echo`, ana)).json()).toMatchObject({ echoes: 2 });
    expect((await post('/community/pulse/999/echo', ana)).status).toBe(404);
    expect((await post('/community/pulse/abc/echo', ana)).status).toBe(400);
    expect((await post('/community/pulse/0/echo', ana)).status).toBe(400);
  });

  it('shares reflections only on completed sessions, anonymous by default', async () => {
    const notDone = await post('/community/reflections', ana, { sessionId: 2, reflectionText: 'Hi' });
    expect(notDone.status).toBe(403);
    expect((await notDone.json()).error).toBe('session_not_completed');
    const created = await post('/community/reflections', ana, {
      sessionId: 1,
      reflectionText: '  Felt calm  ',
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      content: 'Felt calm',
      userName: 'Anonymous',
      sessionId: 1,
      sessionTitle: 'Gentle voice awakening',
      timeAgo: 'just now',
      echoes: 0,
    });
    t.advance(5 * 60_000);
    const named = await post('/community/reflections', ana, {
      sessionId: 1,
      reflectionText: 'Named',
      anonymous: false,
    });
    expect((await named.json()).userName).toBe('Ana');
    const list = await (await call('/community/reflections', ben)).json();
    expect(list.map((r: { content: string }) => r.content)).toEqual(['Named', 'Felt calm']);
    expect(list[1].timeAgo).toBe('5m ago');
  });

  it('validates the reflection body', async () => {
    for (const body of [
      { sessionId: 1, reflectionText: '   ' },
      { sessionId: 1, reflectionText: 'x'.repeat(2001) },
      { sessionId: -1, reflectionText: 'x' },
      { sessionId: '1', reflectionText: 'x' },
      { sessionId: 1, reflectionText: 'x', anonymous: 'no' },
    ]) {
      const res = await post('/community/reflections', ana, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('validation_failed');
    }
    const bad = await call('/community/reflections', ana, { method: 'POST', body: '{nope' });
    expect(bad.status).toBe(400);
  });

  it('never lists private reflections written in the player', async () => {
    await t.deps.sql.run(
      "INSERT INTO reflections (user_id, session_id, reflection_text) VALUES (?, 1, 'private note')",
      [ana.id],
    );
    const all = await (await call('/community/reflections', ben)).json();
    expect(all.some((r: { content: string }) => r.content === 'private note')).toBe(false);
    const own = await (await call(`/community/reflections?userId=${ana.id}`, ana)).json();
    expect(own.some((r: { content: string }) => r.content === 'private note')).toBe(false);
    expect(own).toHaveLength(2);
    expect((await call(`/community/reflections?userId=${ana.id}`, ben)).status).toBe(403);
  });

  it('echoes shared reflections idempotently and 404s unknown or private ones', async () => {
    const [latest] = await (await call('/community/reflections', ben)).json();
    expect(await (await post(`/community/reflections/${latest.id}/echo`, ben)).json()).toMatchObject({
      echoes: 1,
    });
    expect(await (await post(`/community/reflections/${latest.id}/echo`, ben)).json()).toMatchObject({
      echoes: 1,
    });
    // Sent at once (a double tap, two tabs): still one echo, every answer the same count.
    const together = await Promise.all(
      Array.from({ length: 6 }, async () =>
        (await post(`/community/reflections/${latest.id}/echo`, ana)).json(),
      ),
    );
    expect(together.map((r) => r.echoes)).toEqual([2, 2, 2, 2, 2, 2]);
    const stored = await t.deps.sql.get<{ n: number }>(
      'SELECT count(*) AS n FROM reflection_echoes WHERE reflection_id = ?',
      [latest.id],
    );
    expect(stored?.n).toBe(2);
    const priv = (await t.deps.sql.get<{ id: number }>(
      "SELECT id FROM reflections WHERE reflection_text = 'private note'",
    )) as { id: number };
    expect((await post(`/community/reflections/${priv.id}/echo`, ben)).status).toBe(404);
    expect((await post('/community/reflections/12345/echo', ben)).status).toBe(404);
    expect((await post('/community/reflections/1.5/echo', ben)).status).toBe(400);
  });

  it('lists most echoed sessions with at least one echo', async () => {
    expect(await (await call('/community/most-echoed', ana)).json()).toEqual([]);
    await post('/sessions/2/echo', ana);
    await post('/sessions/1/echo', ana);
    await post('/sessions/1/echo', ben);
    expect(await (await call('/community/most-echoed', ana)).json()).toEqual([
      { id: 1, title: 'Gentle voice awakening', echoes: 2, category: ['free'], skill_level: 'beginner' },
      { id: 2, title: 'Confident speaking', echoes: 1, category: [], skill_level: 'developing' },
    ]);
  });

  it('merges recent activity and has no chorus groups yet', async () => {
    const recent = await (await call('/community/recent-activity', ana)).json();
    expect(recent).toHaveLength(4);
    expect(recent[0]).toMatchObject({ type: 'reflection', text: 'Named' });
    expect(await (await call('/community/chorus-groups', ana)).json()).toEqual([]);
  });
});

// Last: it adds shared reflections and echoes that the counts above do not expect.
describe('reflections on template sessions (issue 20)', () => {
  it('shares a reflection on a template session the member practised, and not on one done in part', async () => {
    await seedSessionTemplates(t.deps.sql);
    const template = await t.deps.sql.get<{ id: number; title: string; duration_sec: number }>(
      'SELECT id, title, duration_sec FROM session_templates ORDER BY id LIMIT 1',
    );
    const [id, title, plan] = [Number(template!.id), template!.title, Number(template!.duration_sec)];
    const save = (who: TestMember, duration: number) =>
      post('/sessions', who, {
        templateId: id,
        title,
        category: 'find',
        duration,
        difficulty: 'beginner',
        voiceLevel: 'beginner',
        rating: 5,
        audioData: { maxLevel: 0.4, completed: true },
        timeZone: 'UTC',
      });
    const reflect = (who: TestMember, text: string) =>
      post('/community/reflections', who, { sessionId: id, kind: 'template', reflectionText: text });

    // Not practised, or practised in part (partial practice is not a completed session): refused.
    expect((await reflect(ben, 'not yet')).status).toBe(403);
    expect((await save(ben, 10)).status).toBe(201);
    const partial = await reflect(ben, 'a little');
    expect(partial.status).toBe(403);
    expect((await partial.json()).error).toBe('session_not_completed');
    // A catalogue session with the same id as the template is another thing: not completed by ben.
    expect((await post('/community/reflections', ben, { sessionId: id, reflectionText: 'x' })).status).toBe(
      403,
    );

    expect((await save(ben, plan)).status).toBe(201);
    const created = await reflect(ben, 'Hummed the morning awake');
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({
      kind: 'template',
      sessionId: id,
      sessionTitle: title,
      content: 'Hummed the morning awake',
    });
    // Listed, echoable and on the member's own journey like any other reflection.
    const list = (await (await call('/community/reflections', ana)).json()) as { id: number; kind: string }[];
    expect(list.find((r) => r.id === body.id)).toMatchObject({ kind: 'template', sessionTitle: title });
    const echo = await post(`/community/reflections/${body.id}/echo`, ana);
    expect(echo.status).toBe(200);
    expect((await echo.json()).echoes).toBe(1);
    const journey = await (await call(`/users/${ben.id}/journey-progress`, ben)).json();
    expect(JSON.stringify(journey)).toContain(`reflected on ${title}`);
    // An unknown kind is a 400 naming the field.
    const bad = await post('/community/reflections', ben, {
      sessionId: id,
      kind: 'circle',
      reflectionText: 'x',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('kind');
  });
});
