import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { CATALOGUE } from './test-catalogue';
import { createMember, insertSessions, testClient, type TestMember } from './test-members';

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

describe('reading sessions through supabase-js', () => {
  it('returns the newest 10 sessions by id descending with the anon key', async () => {
    const { data, error, status } = await anon
      .from('sessions')
      .select('*')
      .order('id', { ascending: false })
      .limit(10);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data?.map((s) => s.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it('returns the list columns as JSON arrays, not JSON text', async () => {
    const { data } = await anon
      .from('sessions')
      .select('id, category, moods, intentions, musicians')
      .eq('id', 1);
    expect(data).toEqual([
      {
        id: 1,
        category: ['find'],
        moods: ['calm', 'peaceful'],
        intentions: ['find your center'],
        musicians: [],
      },
    ]);
  });

  it('returns up to 100 sessions unordered', async () => {
    const { data } = await anon.from('sessions').select('*').limit(100);
    expect(data).toHaveLength(12);
  });

  it('returns all sessions ordered for a signed-in member too', async () => {
    const { data, error } = await member.client
      .from('sessions')
      .select('*')
      .order('id', { ascending: false });
    expect(error).toBeNull();
    expect(data?.[0]?.id).toBe(12);
    expect(data).toHaveLength(12);
  });

  it('returns a single row as an object', async () => {
    const { data, error } = await anon.from('sessions').select('*').eq('id', 2).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: 2, title: 'Confident speaking', skill_level: 'developing' });
  });

  it('answers 406 PGRST116 with details naming 0 rows when single finds nothing', async () => {
    const { data, error, status } = await anon.from('sessions').select('*').eq('id', 999).single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', hint: null });
    expect(error?.details).toContain('0 rows');
  });

  it('gives null without error from maybeSingle when nothing matches', async () => {
    const { data, error } = await anon.from('sessions').select('*').eq('id', 999).maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('selects only the listed columns', async () => {
    const { data } = await anon.from('sessions').select('id,title').eq('id', 3);
    expect(data).toEqual([{ id: 3, title: 'Playful sounds' }]);
  });

  it('renames columns with an alias', async () => {
    const { data } = await anon.from('sessions').select('sid:id').eq('id', 3);
    expect(data).toEqual([{ sid: 3 }]);
  });

  it('orders by several columns with nulls placement', async () => {
    const { data } = await anon
      .from('sessions')
      .select('id,voice_path')
      .in('id', [1, 2, 3])
      .order('voice_path', { ascending: true, nullsFirst: true })
      .order('id', { ascending: false });
    expect(data?.map((r) => r.id)).toEqual([3, 1, 2]);
  });

  it('pages with range (offset and limit)', async () => {
    const { data } = await anon.from('sessions').select('id').order('id').range(2, 4);
    expect(data?.map((r) => r.id)).toEqual([3, 4, 5]);
  });

  it('counts exactly and answers 206 with Content-Range when the page is smaller than the total', async () => {
    const { data, count, status } = await anon
      .from('sessions')
      .select('id', { count: 'exact' })
      .order('id')
      .limit(5);
    expect(count).toBe(12);
    expect(status).toBe(206);
    expect(data).toHaveLength(5);
    const res = await t.fetch('/rest/v1/sessions?select=id&limit=5', {
      headers: { apikey: t.deps.keys.anonKey, Prefer: 'count=exact' },
    });
    expect(res.headers.get('content-range')).toBe('0-4/12');
  });

  it('counts with HEAD and returns no rows', async () => {
    const { data, count, error, status } = await anon
      .from('sessions')
      .select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(12);
    expect(data).toBeNull();
  });

  it('answers 416 PGRST103 for an offset beyond the counted total', async () => {
    const { error, status } = await anon.from('sessions').select('id', { count: 'exact' }).range(50, 60);
    expect(status).toBe(416);
    expect(error?.code).toBe('PGRST103');
  });

  it('sends Content-Range with an open total when no count is asked for', async () => {
    const res = await t.fetch('/rest/v1/sessions?select=id&order=id.desc&limit=10', {
      headers: { apikey: t.deps.keys.anonKey },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-9/*');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});
