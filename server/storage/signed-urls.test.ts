import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { createMember, testClient, type TestMember } from '../rest/test-members';
import { HUNDRED_BYTES, putObject } from './test-objects';

let t: TestApp;
let member: TestMember;
const WEEK = 604800;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
  await putObject(t, 's1/voice.mp3', HUNDRED_BYTES);
  await putObject(t, 's1/instr.mp3', HUNDRED_BYTES.slice(0, 10));
  await putObject(t, 'calm tracks/a b.mp3', HUNDRED_BYTES.slice(0, 5));
});
afterAll(() => t.close());

const audio = () => member.client.storage.from('audio');
async function signed(key = 's1/voice.mp3'): Promise<string> {
  const { data, error } = await audio().createSignedUrl(key, WEEK);
  expect(error).toBeNull();
  return data?.signedUrl ?? '';
}

describe('signed audio URLs', () => {
  it('signs a URL under /storage/v1/object/sign that streams without any key', async () => {
    const url = await signed();
    expect(url).toMatch(
      /^http:\/\/localhost:8787\/storage\/v1\/object\/sign\/audio\/s1\/voice\.mp3\?token=[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    const res = await t.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe('100');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('last-modified')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('max-age=604800');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(HUNDRED_BYTES);
  });

  it('answers the two-byte probe Safari sends with 206 and Content-Range', async () => {
    const res = await t.fetch(await signed(), { headers: { Range: 'bytes=0-1' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 0-1/100');
    expect(res.headers.get('content-length')).toBe('2');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 1]);
  });

  it('serves open-ended, suffix and over-long ranges clamped to the file', async () => {
    const url = await signed();
    const open = await t.fetch(url, { headers: { Range: 'bytes=95-' } });
    expect(open.headers.get('content-range')).toBe('bytes 95-99/100');
    expect([...new Uint8Array(await open.arrayBuffer())]).toEqual([95, 96, 97, 98, 99]);
    const suffix = await t.fetch(url, { headers: { Range: 'bytes=-3' } });
    expect([...new Uint8Array(await suffix.arrayBuffer())]).toEqual([97, 98, 99]);
    const long = await t.fetch(url, { headers: { Range: 'bytes=98-5000' } });
    expect(long.headers.get('content-range')).toBe('bytes 98-99/100');
  });

  it('answers 416 with bytes */size for a range past the end', async () => {
    const res = await t.fetch(await signed(), { headers: { Range: 'bytes=100-' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */100');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.fetch(await signed(), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('100');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 304 when If-None-Match carries the current ETag', async () => {
    const url = await signed();
    const etag = (await t.fetch(url, { method: 'HEAD' })).headers.get('etag') ?? '';
    const res = await t.fetch(url, { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
  });

  it('signs and streams keys with spaces', async () => {
    const url = await signed('calm tracks/a b.mp3');
    expect(url).toContain('/object/sign/audio/calm%20tracks/a%20b.mp3?token=');
    const res = await t.fetch(url);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(5);
  });

  it('signs several paths at once, reporting missing ones in place', async () => {
    const { data, error } = await audio().createSignedUrls(
      ['s1/voice.mp3', 'nope.mp3', 's1/instr.mp3'],
      WEEK,
    );
    expect(error).toBeNull();
    expect(data?.map((d) => d.error)).toEqual([null, expect.stringContaining('does not exist'), null]);
    expect(data?.[1]?.signedUrl).toBeNull();
    const res = await t.fetch(data?.[2]?.signedUrl ?? '');
    expect((await res.arrayBuffer()).byteLength).toBe(10);
  });

  it('refuses to sign a missing object with HTTP 400 and statusCode 404 NoSuchKey', async () => {
    const { data, error } = await audio().createSignedUrl('missing.mp3', WEEK);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
  });

  it('refuses an unknown bucket with NoSuchBucket', async () => {
    const { error } = await member.client.storage.from('secrets').createSignedUrl('a.mp3', WEEK);
    expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('refuses to sign for the anon key alone', async () => {
    const { error } = await testClient(t).storage.from('audio').createSignedUrl('s1/voice.mp3', WEEK);
    expect(error).toMatchObject({ statusCode: '403' });
  });
});

describe('refused signed-URL requests', () => {
  it('refuses an expired token', async () => {
    const { data } = await audio().createSignedUrl('s1/voice.mp3', 60);
    t.advance(61_000);
    const res = await t.fetch(data?.signedUrl ?? '');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'InvalidJWT',
      message: 'The provided token has expired.',
    });
  });

  it('refuses a tampered token', async () => {
    const url = await signed();
    const res = await t.fetch(`${url.slice(0, -3)}abc`);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('InvalidJWT');
  });

  it('refuses a token signed for another path', async () => {
    const url = await signed('s1/instr.mp3');
    const res = await t.fetch(url.replace('s1/instr.mp3', 's1/voice.mp3'));
    expect((await res.json()).code).toBe('InvalidSignature');
  });

  it('refuses a member access token used as a URL token', async () => {
    const res = await t.fetch(`/storage/v1/object/sign/audio/s1/voice.mp3?token=${member.token}`);
    expect(res.status).toBe(400);
  });

  it('refuses keys that try to leave the bucket, however encoded', async () => {
    const h = {
      apikey: t.deps.keys.anonKey,
      Authorization: `Bearer ${member.token}`,
      'Content-Type': 'application/json',
    };
    for (const key of [
      '..%2F..%2Fkeys.json',
      '%2e%2e%2Fkeys.json',
      's1%5C..%5Cx.mp3',
      'a%00.mp3',
      '%2Fetc%2Fpasswd',
      '/etc/passwd',
      'a//b.mp3',
      '%E2%82%AC.mp3',
      '%zz',
    ]) {
      const res = await t.fetch(`/storage/v1/object/sign/audio/${key}`, {
        method: 'POST',
        headers: h,
        body: '{"expiresIn":60}',
      });
      expect(res.status, key).toBe(400);
      expect((await res.json()).code, key).toBe('InvalidKey');
      const get = await t.fetch(`/storage/v1/object/sign/audio/${key}?token=x`);
      expect(get.status, key).toBe(400);
    }
  });
});
