import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { client, outbox, PASSWORD, signedIn, signUpConfirmed } from '../../auth/test-client';
import { createMember, insertSessions, mintToken, type TestMember } from '../../rest/test-members';
import { createTestApp, type TestApp } from '../../test-support';
import { POLICY, readMemberSchema } from './member-schema';

let t: TestApp;
let adaId: string;
let ada: string;
let refresh: string;
let ben: TestMember;

beforeEach(async () => {
  t = await createTestApp();
  await insertSessions(t, [
    { id: 1, title: 'Gentle voice awakening', skill_level: 'beginner' },
    { id: 2, title: 'Confident speaking', skill_level: 'developing' },
  ]);
  adaId = await signUpConfirmed(t, 'ada@example.com');
  const { session } = await signedIn(t, 'ada@example.com');
  ada = session.access_token;
  refresh = session.refresh_token;
  ben = await createMember(t);
});
afterEach(() => t.close());

async function api(path: string, bearer: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
}
const post = (path: string, bearer: string, body: unknown) =>
  api(path, bearer, { method: 'POST', body: JSON.stringify(body) });

/** Ada completes, shares a named reflection; Ben echoes both; Ada echoes Ben's completion. */
async function activity() {
  const benToken = await mintToken(t, ben);
  await post('/session-completions', ada, { sessionId: 1 });
  await post('/session-completions', benToken, { sessionId: 2 });
  await post('/complete-onboarding', ada, { name: 'Ada', voiceComfortLevel: 4 });
  const reflection = (await (
    await post('/community/reflections', ada, { sessionId: 1, reflectionText: 'Felt open', anonymous: false })
  ).json()) as { id: number };
  const pulse = (await (await api('/community/pulse', ada)).json()) as { id: number; sessionId: number }[];
  const adaItem = pulse.find((p) => p.sessionId === 1)!;
  const benItem = pulse.find((p) => p.sessionId === 2)!;
  await post(`/community/reflections/${reflection.id}/echo`, benToken, {});
  await post(`/community/pulse/${adaItem.id}/echo`, benToken, {});
  await post(`/community/pulse/${benItem.id}/echo`, ada, {});
  return { benToken, reflectionId: reflection.id, adaItem: adaItem.id, benItem: benItem.id };
}

describe('GET /api/account/export', () => {
  it('needs a signed-in member', async () => {
    expect((await api('/account/export', null)).status).toBe(401);
  });

  it('is one JSON attachment with everything of the member and no secrets', async () => {
    await activity();
    const res = await api('/account/export', ada);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tuneful-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text) as {
      account: Record<string, unknown>;
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(data.account).toMatchObject({ id: adaId, email: 'ada@example.com', first_name: 'Ada' });
    expect(data.account.onboarding_answers).toMatchObject({ name: 'Ada', voiceComfortLevel: 4 });
    expect(data.tables.session_completions).toHaveLength(1);
    expect(data.tables.reflections?.[0]).toMatchObject({ reflection_text: 'Felt open', shared: 1 });
    expect(data.tables.completion_echoes).toHaveLength(1);
    expect(data.tables.auth_sessions?.length).toBeGreaterThan(0);
    // Every member table is present, even when empty, so the member sees what is kept.
    for (const m of (await readMemberSchema(t.deps.sql)).memberColumns) {
      if (!POLICY.secretTables.has(m.table)) {
        expect(Object.keys(data.tables)).toContain(m.table);
      }
    }
    expect(text).not.toMatch(/password_hash|token_hash|scrypt\$/);
    expect(text).not.toContain(refresh);
    // Nobody else's id appears, not even Ben's echo of Ada's reflection.
    expect(text).not.toContain(ben.id);
  });

  it('picks up a table added later without code changes', async () => {
    await t.deps.sql.exec(`CREATE TABLE future_notes (id INTEGER PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE, note TEXT NOT NULL);
      CREATE TABLE future_note_tags (note_id INTEGER NOT NULL REFERENCES future_notes(id) ON DELETE CASCADE, tag TEXT);`);
    await t.deps.sql.run("INSERT INTO future_notes (id, user_id, note) VALUES (7, ?, 'mine')", [adaId]);
    await t.deps.sql.run("INSERT INTO future_notes (id, user_id, note) VALUES (8, ?, 'not mine')", [ben.id]);
    await t.deps.sql.exec("INSERT INTO future_note_tags VALUES (7, 'calm'), (8, 'other')");
    const data = (await (await api('/account/export', ada)).json()) as { tables: Record<string, unknown[]> };
    expect(data.tables.future_notes).toEqual([{ id: 7, user_id: adaId, note: 'mine' }]);
    expect(data.tables.future_note_tags).toEqual([{ note_id: 7, tag: 'calm' }]);
  });
});

describe('DELETE /api/account', () => {
  const del = (bearer: string | null, body?: unknown) =>
    api('/account', bearer, {
      method: 'DELETE',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const rowsOf = async (id: string) => {
    let n = 0;
    for (const m of (await readMemberSchema(t.deps.sql)).memberColumns) {
      const row = await t.deps.sql.get<{ n: number }>(
        `SELECT count(*) AS n FROM "${m.table}" WHERE "${m.column}" = ?`,
        [id],
      );
      n += row?.n ?? 0;
    }
    return n;
  };
  const count = async (query: string, param: unknown) =>
    (await t.deps.sql.get<{ n: number }>(query, [param as string]))?.n;

  it('refuses a missing or wrong password and deletes nothing', async () => {
    await activity();
    const before = await rowsOf(adaId);
    const missing = await del(ada, {});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fields: Record<string, string> }).fields.password).toBeTruthy();
    expect((await del(ada)).status).toBe(400);
    const wrong = await del(ada, { password: 'not the password' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      error: 'wrong_password',
      fields: { password: expect.any(String) },
    });
    expect(await rowsOf(adaId)).toBe(before);
    expect((await api('/auth/me', ada)).status).toBe(200);
  });

  it('limits password tries per member (429), deleting nothing', async () => {
    for (let i = 0; i < 10; i++) expect((await del(ada, { password: `wrong-${i}` })).status).toBe(403);
    const limited = await del(ada, { password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await api('/auth/me', ada)).status).toBe(200);
    t.advance(5 * 60_000 + 1000);
    expect((await del(ada, { password: PASSWORD })).status).toBe(200);
  });

  it('deletes the member and all their data, ends every session and mails a confirmation', async () => {
    const { benToken, reflectionId, adaItem, benItem } = await activity();
    expect(outbox(t).some((m) => m.includes('To: ada@example.com'))).toBe(true);
    // A failed sign-in leaves a limit row naming the address; another address's row stays.
    await client(t).auth.signInWithPassword({ email: 'ada@example.com', password: 'not it' });
    await t.deps.sql.run(
      'INSERT INTO rate_limit_failures (bucket, key, failures, last_ms, locked_until_ms) VALUES (?, ?, 1, ?, 0)',
      ['sign-in', '127.0.0.9\nsomeone@example.com', t.deps.now()],
    );
    const limitRows = async () =>
      (
        await t.deps.sql.all<{ key: string }>(
          'SELECT key FROM rate_limit_hits UNION ALL SELECT key FROM rate_limit_failures',
        )
      ).map((r) => r.key);
    expect((await limitRows()).some((k) => k.endsWith('\nada@example.com'))).toBe(true);
    const res = await del(ada, { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    expect(await rowsOf(adaId)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM users WHERE id = ?', adaId)).toBe(0);
    // The limits kept no row naming her (by id, address, or address after an IP).
    const left = await limitRows();
    expect(left.filter((k) => k === adaId || k.endsWith('ada@example.com'))).toEqual([]);
    expect(left).toContain('127.0.0.9\nsomeone@example.com');
    // Ada's shared reflection and pulse item are gone with Ben's echoes of them.
    expect(await count('SELECT count(*) AS n FROM reflections WHERE id = ?', reflectionId)).toBe(0);
    expect(
      await count('SELECT count(*) AS n FROM reflection_echoes WHERE reflection_id = ?', reflectionId),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM completion_echoes WHERE completion_id = ?', adaItem)).toBe(
      0,
    );
    // Ben's own data stays; Ada's echo of it is gone.
    expect(await count('SELECT count(*) AS n FROM completion_echoes WHERE completion_id = ?', benItem)).toBe(
      0,
    );
    expect((await api('/community/pulse', benToken)).status).toBe(200);
    expect(((await (await api('/community/pulse', benToken)).json()) as unknown[]).length).toBe(1);
    // The access token is refused and the refresh token no longer works.
    expect((await api('/auth/me', ada)).status).toBe(401);
    const { error: refreshError } = await client(t).auth.refreshSession({ refresh_token: refresh });
    expect(refreshError).toBeTruthy();
    // Signing in again with the old password fails.
    const { error } = await client(t).auth.signInWithPassword({
      email: 'ada@example.com',
      password: PASSWORD,
    });
    expect(error).toBeTruthy();
    // The outbox keeps no earlier mail to the address: only the deletion confirmation.
    const mails = outbox(t).filter((m) => m.includes('To: ada@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Your account has been deleted');
  });

  it('keeps a circle others belong to and deletes one the member is alone in', async () => {
    const sql = t.deps.sql;
    const now = new Date().toISOString();
    const circle = async (name: string, code: string) =>
      (await sql.get<{ id: number }>(
        "INSERT INTO voice_circles (name, session_type, invite_code, creator_id, created_at) VALUES (?, 'asynchronous', ?, ?, ?) RETURNING id",
        [name, code, adaId, now],
      ))!.id;
    const shared = await circle('Shared', 'CODE1');
    const alone = await circle('Alone', 'CODE2');
    const join = (circleId: number, userId: string) =>
      sql.run('INSERT INTO circle_members (circle_id, user_id, joined_at) VALUES (?, ?, ?)', [
        circleId,
        userId,
        now,
      ]);
    await join(shared, adaId);
    await join(shared, ben.id);
    await join(alone, adaId);
    expect((await del(ada, { password: PASSWORD })).status).toBe(200);
    expect(await sql.get('SELECT creator_id FROM voice_circles WHERE id = ?', [shared])).toEqual({
      creator_id: null,
    });
    expect(await count('SELECT count(*) AS n FROM voice_circles WHERE id = ?', alone)).toBe(0);
    expect(await sql.all('SELECT user_id FROM circle_members WHERE circle_id = ?', [shared])).toEqual([
      { user_id: ben.id },
    ]);
  });
});

describe('privacy: first name in the community pulse', () => {
  const put = (bearer: string, body: unknown) =>
    api('/account/privacy', bearer, { method: 'PUT', body: JSON.stringify(body) });

  it('is on by default and validates the choice', async () => {
    expect(await (await api('/account/privacy', ada)).json()).toEqual({ pulseIdentity: 'first_name' });
    const bad = await put(ada, { pulseIdentity: 'everyone' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.pulseIdentity).toBeTruthy();
    expect(await (await api('/account/privacy', ada)).json()).toEqual({ pulseIdentity: 'first_name' });
  });

  it('shows the member as Someone, or not at all, in every community route', async () => {
    const { benToken, adaItem } = await activity();
    const names = async () => {
      const pulse = (await (await api('/community/pulse', benToken)).json()) as {
        id: number;
        userName: string;
      }[];
      const refl = (await (await api('/community/reflections', benToken)).json()) as { userName: string }[];
      const recent = (await (await api('/community/recent-activity', benToken)).json()) as { text: string }[];
      return { pulse, refl, recent };
    };
    let seen = await names();
    expect(seen.pulse.find((p) => p.id === adaItem)?.userName).toBe('Ada');
    expect(seen.refl[0]?.userName).toBe('Ada');

    expect(await (await put(ada, { pulseIdentity: 'someone' })).json()).toEqual({ pulseIdentity: 'someone' });
    seen = await names();
    expect(seen.pulse.find((p) => p.id === adaItem)?.userName).toBe('Someone');
    expect(seen.refl[0]?.userName).toBe('Anonymous');
    expect(seen.recent.some((r) => r.text.startsWith('Someone completed'))).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('Ada');

    await put(ada, { pulseIdentity: 'hidden' });
    seen = await names();
    expect(seen.pulse.some((p) => p.id === adaItem)).toBe(false);
    expect(seen.recent.some((r) => r.text.includes('completed Gentle'))).toBe(false);
    expect(JSON.stringify(seen)).not.toContain('Ada');
    expect((await post(`/community/pulse/${adaItem}/echo`, benToken, {})).status).toBe(404);
  });
});
