import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { CATALOGUE } from './test-catalogue';
import { createMember, insertSessions, type TestMember } from './test-members';

/**
 * Issue 13: the player's private reflection is sent with a client-made key and
 * `upsert(…, {onConflict: 'user_id,client_key', ignoreDuplicates: true})`, so a replay of a
 * queued write whose answer was lost stores nothing new. Through the unmodified supabase-js client.
 */
let t: TestApp;
let ana: TestMember;
let ben: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, CATALOGUE);
  ana = await createMember(t);
  ben = await createMember(t);
});
afterAll(() => t.close());

const rowsOf = (userId: string) =>
  t.deps.sql.all<{ session_id: number; reflection_text: string; client_key: string | null }>(
    'SELECT session_id, reflection_text, client_key FROM reflections WHERE user_id = ? ORDER BY id',
    [userId],
  );

const upsert = (m: TestMember, row: Record<string, unknown>, onConflict = 'user_id,client_key') =>
  m.client.from('reflections').upsert(row, { onConflict, ignoreDuplicates: true });

describe('inserting a reflection with ignore-duplicates on user_id,client_key', () => {
  it('stores it once however often the same key is sent, even at the same moment', async () => {
    const key = crypto.randomUUID();
    const row = { user_id: ana.id, session_id: 1, reflection_text: 'Felt open.', client_key: key };
    const first = await upsert(ana, row);
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const again = await upsert(ana, row);
    expect(again.error).toBeNull();
    expect(again.status).toBe(200);
    const racing = await Promise.all([upsert(ana, row), upsert(ana, row), upsert(ana, row)]);
    expect(racing.map((r) => r.error)).toEqual([null, null, null]);
    expect(await rowsOf(ana.id)).toEqual([{ session_id: 1, reflection_text: 'Felt open.', client_key: key }]);
  });

  it('returns the row when inserted and nothing for a duplicate with select()', async () => {
    const row = { session_id: 2, reflection_text: 'Lighter.', client_key: crypto.randomUUID() };
    const first = await ana.client
      .from('reflections')
      .upsert(row, { onConflict: 'user_id,client_key', ignoreDuplicates: true })
      .select();
    expect(first.data).toMatchObject([{ ...row, user_id: ana.id }]);
    const dup = await ana.client
      .from('reflections')
      .upsert(row, { onConflict: 'user_id,client_key', ignoreDuplicates: true })
      .select();
    expect(dup.error).toBeNull();
    expect(dup.data).toEqual([]);
  });

  it("keeps members apart: another member's key is not a duplicate of yours", async () => {
    const key = crypto.randomUUID();
    await upsert(ana, { session_id: 3, reflection_text: 'Ana here.', client_key: key });
    const res = await upsert(ben, {
      user_id: ana.id,
      session_id: 3,
      reflection_text: 'Ben here.',
      client_key: key,
    });
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(await rowsOf(ben.id)).toEqual([{ session_id: 3, reflection_text: 'Ben here.', client_key: key }]);
  });

  it('still checks the row: a blank text is refused and nothing is stored', async () => {
    const before = (await rowsOf(ana.id)).length;
    const res = await upsert(ana, { session_id: 1, reflection_text: '   ', client_key: crypto.randomUUID() });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23514');
    expect((await rowsOf(ana.id)).length).toBe(before);
  });

  it('refuses another conflict target, merge-duplicates, and upserts on other tables', async () => {
    const row = { session_id: 1, reflection_text: 'x', client_key: crypto.randomUUID() };
    const wrong = await upsert(ana, row, 'session_id');
    expect(wrong.status).toBe(400);
    expect(wrong.error?.code).toBe('42P10');
    expect(wrong.error?.hint).toContain('user_id,client_key');
    const merge = await ana.client.from('reflections').upsert(row, { onConflict: 'user_id,client_key' });
    expect(merge.status).toBe(405);
    const logs = await ana.client
      .from('session_logs')
      .upsert({ session_id: 1, action: 'replay' }, { ignoreDuplicates: true });
    expect(logs.status).toBe(405);
    expect(await rowsOf(ana.id)).not.toContainEqual(expect.objectContaining({ client_key: row.client_key }));
  });

  it('inserts normally without on_conflict, and a plain insert takes a key too', async () => {
    const plain = await ana.client.from('reflections').insert({ session_id: 4, reflection_text: 'Plain.' });
    expect(plain.status).toBe(201);
    const noTarget = await ana.client
      .from('reflections')
      .upsert({ session_id: 4, reflection_text: 'No target.' }, { ignoreDuplicates: true });
    expect(noTarget.status).toBe(201);
    const long = await ana.client
      .from('reflections')
      .insert({ session_id: 4, reflection_text: 'Too long a key.', client_key: 'k'.repeat(65) });
    expect(long.status).toBe(400);
  });
});
