import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { CATALOGUE } from './test-catalogue';
import { createMember, insertSessions, mintToken, testClient, type TestMember } from './test-members';

let t: TestApp;
let anon: SupabaseClient;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, CATALOGUE);
  anon = testClient(t);
  member = await createMember(t);
});
afterAll(() => t.close());

const FOUR_KEYS = ['code', 'details', 'hint', 'message'];

describe('PostgREST error answers', () => {
  it('answers 404 PGRST205 for a table outside the allow-list', async () => {
    for (const table of ['users', 'auth_sessions', 'storage_objects', 'nope']) {
      const { error, status } = await anon.from(table).select('*');
      expect(status).toBe(404);
      expect(error?.code).toBe('PGRST205');
      expect(Object.keys(error ?? {}).sort()).toEqual(FOUR_KEYS);
    }
  });

  it('answers 400 42703 for an unknown column in select, filter or order', async () => {
    for (const q of [
      anon.from('sessions').select('id,password'),
      anon.from('sessions').select('*').eq('secret', 1),
      anon.from('sessions').select('*').order('nope'),
    ]) {
      const { error, status } = await q;
      expect(status).toBe(400);
      expect(error?.code).toBe('42703');
    }
  });

  it('answers 400 PGRST100 for an unknown operator or a malformed tree, never 500', async () => {
    const op = await anon.from('sessions').select('*').filter('id', 'regexish', '1');
    expect(op.status).toBe(400);
    expect(op.error?.code).toBe('PGRST100');
    const tree = await anon.from('sessions').select('*').or('id.eq.1,(');
    expect(tree.status).toBe(400);
    expect(tree.error?.code).toBe('PGRST100');
    const limit = await t.fetch('/rest/v1/sessions?limit=ten', { headers: { apikey: t.deps.keys.anonKey } });
    expect(limit.status).toBe(400);
  });

  it('answers 400 22P02 for a value of the wrong type', async () => {
    const { error, status } = await anon.from('sessions').select('*').eq('id', 'abc');
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  it('keeps injection attempts as plain values', async () => {
    const { data, error } = await anon.from('sessions').select('id').eq('title', "x' OR '1'='1");
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const col = await anon.from('sessions').select('id').eq('id"; DROP TABLE sessions; --', 1);
    expect(col.error?.code).toBe('42703');
    expect((await anon.from('sessions').select('id')).data).toHaveLength(12);
  });

  it('answers 406 PGRST106 for a schema other than public', async () => {
    const { error, status } = await anon.schema('private').from('sessions').select('*');
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST106');
  });

  it('answers 401 PGRST303 with WWW-Authenticate for an expired token', async () => {
    const old = await mintToken(t, member, t.deps.now() - 2 * 3600_000);
    const res = await t.fetch('/rest/v1/sessions?select=id', {
      headers: { apikey: t.deps.keys.anonKey, Authorization: `Bearer ${old}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    expect(await res.json()).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
  });

  it('answers 401 PGRST301 for a tampered token', async () => {
    const tampered = `${member.token.slice(0, -4)}AAAA`;
    const { error, status } = await testClient(t, { token: tampered }).from('sessions').select('id');
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  it('refuses a request without a known apikey, as the gateway does', async () => {
    const none = await t.fetch('/rest/v1/sessions');
    expect(none.status).toBe(401);
    expect((await none.json()).message).toBe('No API key found in request');
    const wrong = await t.fetch('/rest/v1/sessions', { headers: { apikey: 'sb_publishable_nope' } });
    expect((await wrong.json()).message).toBe('Invalid API key');
  });

  it('answers 400 PGRST102 for a body that is not JSON', async () => {
    const res = await t.fetch('/rest/v1/session_logs', {
      method: 'POST',
      headers: {
        apikey: t.deps.keys.anonKey,
        Authorization: `Bearer ${member.token}`,
        'Content-Type': 'application/json',
      },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST102');
  });
});

describe('oversized queries', () => {
  it('answers 400, not 500, for huge in-lists and patterns', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => i);
    const list = await anon.from('sessions').select('id').in('id', many);
    expect(list.status).toBe(400);
    const pattern = await anon.from('sessions').select('id').ilike('title', 'x'.repeat(60_000));
    expect(pattern.status).toBe(400);
  });
});

describe('oversized bodies', () => {
  it('answers 413 in PostgREST shape for an insert body over 1 MB', async () => {
    const res = await t.fetch('/rest/v1/session_logs', {
      method: 'POST',
      headers: {
        apikey: t.deps.keys.anonKey,
        Authorization: `Bearer ${member.token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ session_id: 1, action: 'echo', note: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(Object.keys(await res.json()).sort()).toEqual(FOUR_KEYS);
  });
});
