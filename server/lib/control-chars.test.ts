import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch } from '../auth/test-client';
import { createMember, insertSessions, type TestMember } from '../rest/test-members';
import { createTestApp, type TestApp } from '../test-support';
import { controlCharPath, hasControlChars } from './text';

/**
 * Issue 20: a NUL byte in a text field was a 500 (SQLite's length() stops at it and a CHECK
 * failed). Every text field now refuses control characters with a 400 naming the field, on
 * every /api route, on /rest/v1 writes and in auth metadata; multi-line text keeps \n and \t.
 */
let t: TestApp;
let ana: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createMember(t);
  await insertSessions(t, [{ id: 1, title: 'Morning hum' }]);
});
afterAll(() => t.close());

const send = (method: string, path: string, body?: unknown) =>
  t.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${ana.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function expectRefused(res: Response, field: string): Promise<void> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: string; message: string; fields: Record<string, string> };
  expect(body.error).toBe('validation_failed');
  expect(body.fields[field]).toBe('must not contain control characters');
  expect(body.message).toBe(`Invalid ${field}: must not contain control characters`);
}

describe('control characters in text', () => {
  it('tells C0, DEL and C1 apart from the line feed and tab multi-line text keeps', () => {
    for (const c of ['\u0000', '\u0001', '\r', '\u001b', '\u007f', '\u0080', '\u0085', '\u009f'])
      expect([hasControlChars(`a${c}b`), hasControlChars(`a${c}b`, true)]).toEqual([true, true]);
    for (const c of ['\n', '\t'])
      expect([hasControlChars(`a${c}b`), hasControlChars(`a${c}b`, true)]).toEqual([true, false]);
    expect(hasControlChars('Hum — “quietly” 🎵 ü')).toBe(false);
    expect(controlCharPath({ items: [{ note: 'ok' }, { note: 'x\u0000' }] })).toBe('items.1.note');
    expect(controlCharPath({ 'a\u0000': 1 })).toBe('a\u0000');
  });

  it('answers the two reported NUL bodies with a 400 naming the field, and stores nothing', async () => {
    await expectRefused(await send('POST', '/api/voice-circles', { name: '\u0000abc' }), 'name');
    await expectRefused(
      await send('POST', '/api/community/reflections', { sessionId: 1, reflectionText: '\u0000x' }),
      'reflectionText',
    );
    expect(await t.deps.sql.get('SELECT count(*) AS n FROM voice_circles')).toEqual({ n: 0 });
    expect(await t.deps.sql.get('SELECT count(*) AS n FROM reflections')).toEqual({ n: 0 });
  });

  it('keeps line feeds and tabs in multi-line text, refuses them in a one-line name', async () => {
    const mood = { moodScore: 5, stressLevel: 5, anxietyLevel: 5, energyLevel: 5 };
    const ok = await send('POST', '/api/mood-tracking', {
      ...mood,
      notes: 'First line\n\tand an indented second',
    });
    expect(ok.status).toBe(201);
    expect((await ok.json()).notes).toBe('First line\n\tand an indented second');
    await expectRefused(await send('POST', '/api/mood-tracking', { ...mood, notes: 'cr\r\n' }), 'notes');
    await expectRefused(await send('POST', '/api/voice-circles', { name: 'Two\nlines' }), 'name');
    await expectRefused(await send('POST', '/api/voice-circles', { name: 'Tab\there' }), 'name');
    await expectRefused(
      await send('POST', '/api/voice-circles', { name: 'ok', description: 'del\u007f' }),
      'description',
    );
    await expectRefused(await send('POST', '/api/voice-circles', { name: 'c1 \u0085 next line' }), 'name');
    const fine = await send('POST', '/api/voice-circles', {
      name: 'QA Tuesday Hummers',
      description: 'We\nhum',
    });
    expect(fine.status).toBe(201);
  });

  it('refuses a control character in a query string', async () => {
    await expectRefused(await send('GET', '/api/voice-circles/1/practice?tz=Europe%2FLondon%00'), 'tz');
  });

  it('answers every /api write route with a 4xx, never a 500, for a NUL in any field', async () => {
    const routes = t.app.routes.filter(
      (r) => r.path.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThan(20);
    // Routes that read no body answer as they always do (sign-out signs out): nothing is stored.
    const bodiless = ['POST /api/auth/logout', 'POST /api/onboarding/skip'];
    const cy = await createMember(t);
    const bad: string[] = [];
    for (const r of routes) {
      const path = r.path.replace(/:[A-Za-z]+/g, '1');
      const res = await t.fetch(path, {
        method: r.method,
        headers: { Authorization: `Bearer ${cy.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ note: 'x\u0000', name: '\u0000' }),
      });
      const ok = res.status >= 400 && res.status < 500;
      if (!ok && !bodiless.includes(`${r.method} ${r.path}`)) bad.push(`${r.method} ${path}: ${res.status}`);
    }
    expect(bad).toEqual([]);
  });

  it('refuses control characters in /rest/v1 writes, naming the column', async () => {
    const res = await t.fetch('/rest/v1/reflections', {
      method: 'POST',
      headers: {
        apikey: t.deps.keys.anonKey,
        Authorization: `Bearer ${ana.token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ session_id: 1, reflection_text: 'x\u0000y' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: '22P05',
      message: 'invalid input for column "reflection_text"',
      details: 'reflection_text: must not contain control characters',
    });
    const { error, status } = await ana.client
      .from('session_logs')
      .insert({ session_id: 1, action: 'play\u001b' });
    expect(status).toBe(400);
    expect(error?.message).toContain('"action"');
    const ok = await ana.client.from('reflections').insert({ session_id: 1, reflection_text: 'two\nlines' });
    expect(ok.status).toBe(201);
  });

  it('refuses control characters in auth metadata, naming the field', async () => {
    const signUp = await authFetch(t, '/signup', {
      method: 'POST',
      body: JSON.stringify({
        email: 'nul@example.com',
        password: 'correct horse battery',
        data: { first_name: 'Ana\u0000' },
      }),
    });
    expect(signUp.status).toBe(400);
    expect((await signUp.json()).msg).toBe('data.first_name: must not contain control characters');
    const update = await authFetch(t, '/user', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({ data: { bio: 'ok\nfine', motto: 'bell\u0007' } }),
    });
    expect(update.status).toBe(400);
    expect((await update.json()).msg).toBe('data.motto: must not contain control characters');
  });
});
