import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { CATALOGUE } from './test-catalogue';
import { insertSessions, testClient } from './test-members';

let t: TestApp;
let db: SupabaseClient;

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, CATALOGUE);
  db = testClient(t);
});
afterAll(() => t.close());

const ids = (rows: { id: number }[] | null) => rows?.map((r) => r.id);

describe('PostgREST filters over sessions', () => {
  it('compares with eq, neq, gt, gte, lt and lte', async () => {
    expect(ids((await db.from('sessions').select('id').eq('id', 3)).data)).toEqual([3]);
    expect(ids((await db.from('sessions').select('id').gt('id', 10).order('id')).data)).toEqual([11, 12]);
    expect(ids((await db.from('sessions').select('id').gte('id', 11).order('id')).data)).toEqual([11, 12]);
    expect(ids((await db.from('sessions').select('id').lt('id', 3).order('id')).data)).toEqual([1, 2]);
    expect(ids((await db.from('sessions').select('id').lte('id', 2).neq('id', 1)).data)).toEqual([2]);
  });

  it('matches a list with in, including quoted strings', async () => {
    expect(ids((await db.from('sessions').select('id').in('id', [2, 4]).order('id')).data)).toEqual([2, 4]);
    const { data } = await db.from('sessions').select('id').in('title', ['Playful sounds', 'a, b']);
    expect(ids(data)).toEqual([3]);
  });

  it('matches case-insensitively with ilike and its * alias', async () => {
    expect(ids((await db.from('sessions').select('id').ilike('title', '%VOICE%')).data)).toEqual([1]);
    expect(ids((await db.from('sessions').select('id').ilike('title', '*resonance')).data)).toEqual([4]);
  });

  it('matches case-sensitively with like', async () => {
    expect(ids((await db.from('sessions').select('id').like('title', 'Deep%')).data)).toEqual([4]);
    expect(ids((await db.from('sessions').select('id').like('title', 'deep%')).data)).toEqual([]);
    expect(ids((await db.from('sessions').select('id').like('title', 'Playful_sounds')).data)).toEqual([3]);
  });

  it('tests nulls with is and not.is', async () => {
    expect(
      ids((await db.from('sessions').select('id').not('voice_path', 'is', null).order('id')).data),
    ).toEqual([1, 2]);
    const { data } = await db.from('sessions').select('id').is('voice_path', null);
    expect(data).toHaveLength(10);
  });

  it('filters JSON list columns with contains (cs) and overlaps (ov)', async () => {
    expect(
      ids((await db.from('sessions').select('id').contains('moods', ['calm']).order('id')).data),
    ).toEqual([1, 4]);
    expect(ids((await db.from('sessions').select('id').contains('category', ['free', 'find'])).data)).toEqual(
      [4],
    );
    const { data } = await db
      .from('sessions')
      .select('id')
      .overlaps('moods', ['playful', 'healing'])
      .order('id');
    expect(ids(data)).toEqual([3, 4]);
    const phrase = await db.from('sessions').select('id').contains('intentions', ['find your center']);
    expect(ids(phrase.data)).toEqual([1]);
  });

  it('combines alternatives with or, nested and, and negation', async () => {
    const { data, error } = await db
      .from('sessions')
      .select('id')
      .or('id.eq.1,and(skill_level.eq.professional,title.ilike.*deep*),title.eq."Playful sounds"')
      .order('id');
    expect(error).toBeNull();
    expect(ids(data)).toEqual([1, 3, 4]);
    const negated = await db
      .from('sessions')
      .select('id')
      .not('id', 'in', '(1,2,3,4,5,6,7,8,9,10)')
      .order('id');
    expect(ids(negated.data)).toEqual([11, 12]);
  });

  it('treats repeated filters on one column as AND', async () => {
    const { data } = await db.from('sessions').select('id').gt('id', 3).lt('id', 6).order('id');
    expect(ids(data)).toEqual([4, 5]);
  });
});
