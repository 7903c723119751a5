import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { CATALOGUE } from './test-catalogue';
import { createMember, insertSessions, testClient, type TestMember } from './test-members';

let t: TestApp;
let anon: SupabaseClient;
let ana: TestMember;
let ben: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, CATALOGUE);
  anon = testClient(t);
  ana = await createMember(t);
  ben = await createMember(t);
});
afterAll(() => t.close());

const logsOf = (userId: string) =>
  t.deps.sql.all('SELECT session_id, action, note FROM session_logs WHERE user_id = ? ORDER BY id', [userId]);

describe('inserting session logs and reflections', () => {
  it('answers 201 with an empty body for an insert without select', async () => {
    const { data, error, status } = await ana.client
      .from('session_logs')
      .insert({ session_id: 1, action: 'replay', note: 'again' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(await logsOf(ana.id)).toEqual([{ session_id: 1, action: 'replay', note: 'again' }]);
  });

  it('returns the inserted row with select(), owned by the caller', async () => {
    const { data, error } = await ana.client
      .from('reflections')
      .insert({ session_id: 2, reflection_text: 'Felt calmer.' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ session_id: 2, reflection_text: 'Felt calmer.', user_id: ana.id });
    expect(typeof data?.id).toBe('number');
  });

  it('takes user_id from the token, ignoring a spoofed one in the body', async () => {
    const { error } = await ben.client
      .from('reflections')
      .insert({ user_id: ana.id, session_id: 3, reflection_text: 'Mine, really.' });
    expect(error).toBeNull();
    const owners = await t.deps.sql.all('SELECT user_id FROM reflections WHERE session_id = 3');
    expect(owners).toEqual([{ user_id: ben.id }]);
  });

  it('inserts an array of rows in one go', async () => {
    const { data, error } = await ben.client
      .from('session_logs')
      .insert([
        { session_id: 1, action: 'echo' },
        { session_id: 2, action: 'instrumental', note: null },
      ])
      .select('session_id, action');
    expect(error).toBeNull();
    expect(data).toEqual([
      { session_id: 1, action: 'echo' },
      { session_id: 2, action: 'instrumental' },
    ]);
  });

  it('refuses an anonymous insert with 401 42501', async () => {
    const { error, status } = await anon.from('session_logs').insert({ session_id: 1, action: 'replay' });
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', details: null, hint: null });
  });

  it('refuses inserts into the catalogue even for the service role', async () => {
    const service = testClient(t, { key: t.deps.keys.serviceRoleKey });
    const { error, status } = await service.from('sessions').insert({ id: 99, title: 'x', length_sec: 1 });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });

  it('refuses updates and deletes', async () => {
    const upd = await ana.client.from('session_logs').update({ note: 'x' }).eq('id', 1);
    expect(upd.status).toBe(403);
    const del = await anon.from('sessions').delete().eq('id', 1);
    expect(del.status).toBe(401);
    expect(del.error?.code).toBe('42501');
  });

  it('shows members only their own logs', async () => {
    const { data } = await ben.client.from('session_logs').select('user_id');
    expect(new Set(data?.map((r) => r.user_id))).toEqual(new Set([ben.id]));
    const anonRead = await anon.from('session_logs').select('*');
    expect(anonRead.data).toEqual([]);
  });

  it('refuses a blank reflection with a check violation and keeps nothing', async () => {
    const { error, status } = await ana.client
      .from('reflections')
      .insert({ session_id: 1, reflection_text: '   ' });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    expect(error?.message).not.toMatch(/sqlite|length\(|trim\(/i);
  });

  it('refuses an unknown action and an unknown session', async () => {
    const bad = await ana.client.from('session_logs').insert({ session_id: 1, action: 'dance' });
    expect(bad.error?.code).toBe('23514');
    const missing = await ana.client.from('session_logs').insert({ session_id: 404, action: 'echo' });
    expect(missing.status).toBe(409);
    expect(missing.error?.code).toBe('23503');
  });

  it('refuses an unknown body column with PGRST204 and a server-set one with 428C9', async () => {
    const unknown = await ana.client
      .from('session_logs')
      .insert({ session_id: 1, action: 'echo', mood: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST204');
    const setId = await ana.client.from('session_logs').insert({ id: 7, session_id: 1, action: 'echo' });
    expect(setId.error?.code).toBe('428C9');
  });

  it('rolls back a whole array when one row is bad', async () => {
    const before = (await logsOf(ana.id)).length;
    const { error } = await ana.client.from('session_logs').insert([
      { session_id: 1, action: 'echo' },
      { session_id: 1, action: 'nope' },
    ]);
    expect(error?.code).toBe('23514');
    expect(await logsOf(ana.id)).toHaveLength(before);
  });

  it('refuses a session id that is not a number', async () => {
    const { error, status } = await ana.client
      .from('session_logs')
      .insert({ session_id: 'abc', action: 'echo' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});
