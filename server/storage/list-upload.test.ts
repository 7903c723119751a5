import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { createMember, testClient, type TestMember } from '../rest/test-members';
import { HUNDRED_BYTES, putObject } from './test-objects';

let t: TestApp;
let member: TestMember;
let service: SupabaseClient;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
  service = testClient(t, { key: t.deps.keys.serviceRoleKey });
  for (const key of [
    'intro.mp3',
    'ambient.mp3',
    's1/voice.mp3',
    's1/instr.mp3',
    's2/voice.mp3',
    's1/deep/x.mp3',
  ]) {
    await putObject(t, key, HUNDRED_BYTES.slice(0, key.length));
  }
});
afterAll(() => t.close());

describe('listing the audio bucket', () => {
  it('lists folders first, then files, as immediate children of the root', async () => {
    const { data, error } = await member.client.storage.from('audio').list();
    expect(error).toBeNull();
    expect(data?.map((o) => o.name)).toEqual(['s1', 's2', 'ambient.mp3', 'intro.mp3']);
    expect(data?.[0]).toMatchObject({ id: null, metadata: null });
    expect(data?.[2]?.metadata).toMatchObject({ size: 11, mimetype: 'audio/mpeg', httpStatusCode: 200 });
  });

  it('lists a folder with names relative to it', async () => {
    const { data } = await member.client.storage.from('audio').list('s1');
    expect(data?.map((o) => o.name)).toEqual(['deep', 'instr.mp3', 'voice.mp3']);
  });

  it('filters by a case-insensitive name prefix, sorts descending and limits', async () => {
    const search = await member.client.storage.from('audio').list('', { search: 'IN' });
    expect(search.data?.map((o) => o.name)).toEqual(['intro.mp3']);
    const desc = await member.client.storage
      .from('audio')
      .list('s1', { sortBy: { column: 'name', order: 'desc' }, limit: 2 });
    expect(desc.data?.map((o) => o.name)).toEqual(['deep', 'voice.mp3']);
  });
});

describe('uploading with the service role', () => {
  it('uploads a Blob as multipart and serves it through a signed URL', async () => {
    const blob = new Blob([HUNDRED_BYTES.slice(0, 7)], { type: 'audio/mpeg' });
    const { data, error } = await service.storage.from('audio').upload('new/track.mp3', blob);
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: 'new/track.mp3', fullPath: 'audio/new/track.mp3' });
    const signed = await member.client.storage.from('audio').createSignedUrl('new/track.mp3', 60);
    const res = await t.fetch(signed.data?.signedUrl ?? '');
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('refuses to overwrite without upsert with statusCode 409 Duplicate', async () => {
    const { error } = await service.storage.from('audio').upload('new/track.mp3', new Blob(['x']));
    expect(error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
  });

  it('replaces with x-upsert and accepts raw bodies with their content type', async () => {
    const bytes = new Uint8Array([9, 9, 9]);
    const { error } = await service.storage
      .from('audio')
      .upload('new/track.mp3', bytes.buffer, { upsert: true, contentType: 'audio/ogg', cacheControl: '60' });
    expect(error).toBeNull();
    const row = await t.deps.sql.get(
      "SELECT size, mimetype, cache_control FROM storage_objects WHERE name = 'new/track.mp3'",
    );
    expect(row).toEqual({ size: 3, mimetype: 'audio/ogg', cache_control: 'max-age=60' });
  });

  it('refuses uploads by members and by the anon key', async () => {
    const byMember = await member.client.storage.from('audio').upload('m.mp3', new Blob(['x']));
    expect(byMember.error).toMatchObject({ statusCode: '403' });
    const byAnon = await testClient(t)
      .storage.from('audio')
      .upload('a.mp3', new Blob(['x']));
    expect(byAnon.error).toMatchObject({ statusCode: '403' });
  });

  it('refuses an upload key that leaves the bucket', async () => {
    const res = await t.fetch('/storage/v1/object/audio/..%2F..%2Fkeys.json', {
      method: 'POST',
      headers: { apikey: t.deps.keys.serviceRoleKey, Authorization: `Bearer ${t.deps.keys.serviceRoleKey}` },
      body: 'x',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('InvalidKey');
  });
});

describe('oversized requests', () => {
  it('answers statusCode 413 EntityTooLarge for a sign body over 1 MB', async () => {
    const res = await t.fetch('/storage/v1/object/sign/audio/s1/voice.mp3', {
      method: 'POST',
      headers: { Authorization: `Bearer ${member.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60, pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });
});

describe('odd storage requests', () => {
  it('answers 400, never 500, to bad sign and list bodies', async () => {
    const h = { Authorization: `Bearer ${member.token}`, 'Content-Type': 'application/json' };
    const cases: [string, string][] = [
      ['/storage/v1/object/sign/audio/s1/voice.mp3', '{"expiresIn":0}'],
      ['/storage/v1/object/sign/audio/s1/voice.mp3', '{"expiresIn":"soon"}'],
      ['/storage/v1/object/sign/audio/s1/voice.mp3', '{oops'],
      ['/storage/v1/object/sign/audio', '{"expiresIn":60,"paths":"s1/voice.mp3"}'],
      ['/storage/v1/object/sign/audio', '{"expiresIn":60,"paths":[]}'],
      ['/storage/v1/object/list/audio', '{"limit":-1}'],
      ['/storage/v1/object/list/audio', '{"sortBy":{"column":"size"}}'],
      ['/storage/v1/object/list/audio', '[]'],
      ['/storage/v1/object/list/nope', '{}'],
    ];
    for (const [path, body] of cases) {
      const res = await t.fetch(path, { method: 'POST', headers: h, body });
      expect(res.status, `${path} ${body}`).toBe(400);
      expect(await res.json(), `${path} ${body}`).toHaveProperty('statusCode');
    }
  });
});
