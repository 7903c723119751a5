import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, mintToken, type TestMember } from '../../rest/test-members';
import { createTestApp, type TestApp } from '../../test-support';
import { PASSWORD, signedIn, signUpConfirmed } from '../../auth/test-client';
import { tokenBalance } from '../practice/ledger';
import { reachLevel } from '../practice/test-levels';
import { VOICE_NOTE_QUOTA_BYTES } from '../../../src/domain/voice-notes';
import { hummedMp3, noteBody, webmLike } from './test-audio';

let t: TestApp;
let ada: TestMember;
let ben: TestMember;
let newcomer: TestMember;
const hum = hummedMp3(3);

beforeAll(async () => {
  t = await createTestApp();
  ada = await createMember(t);
  ben = await createMember(t);
  newcomer = await createMember(t);
  await reachLevel(t, ada.id, 2);
  await reachLevel(t, ben.id, 2);
});
afterAll(() => t.close());

async function call(who: TestMember | null, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return t.fetch(url, { ...init, headers });
}
const keep = (who: TestMember, body: unknown, key?: string) =>
  call(who, '/api/voice-notes', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: key ? { 'Idempotency-Key': key } : {},
  });
const listOf = async (who: TestMember) =>
  (await (await call(who, '/api/voice-notes')).json()) as {
    notes: { id: string; title: string; durationMs: number; sizeBytes: number }[];
    usage: { usedBytes: number; quotaBytes: number };
  };
const fileOf = (bucket: string, name: string) => path.join(t.deps.config.storageDir, bucket, name);
const storedRows = (id: string) =>
  t.deps.sql.all<{ name: string; owner_id: string }>(
    "SELECT name, owner_id FROM storage_objects WHERE bucket = 'voice-notes' AND name LIKE ?",
    [`%${id}%`],
  );

describe('voice notes: the level gate', () => {
  it('refuses every route below level 2 with words, and visitors with 401', async () => {
    const id = crypto.randomUUID();
    const answers = [
      await call(newcomer, '/api/voice-notes'),
      await keep(newcomer, noteBody(id, hum)),
      await call(newcomer, `/api/voice-notes/${id}/audio`),
      await call(newcomer, `/api/voice-notes/${id}`, { method: 'PATCH', body: '{"title":"x"}' }),
      await call(newcomer, `/api/voice-notes/${id}`, { method: 'DELETE' }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        error: 'feature_locked',
        message: 'Voice notes opens at level 2; you are at level 1 (100 tone tokens to go).',
      });
    }
    expect((await call(null, '/api/voice-notes')).status).toBe(401);
  });
});

describe('voice notes kept in the account', () => {
  it('keeps a note once, lists it with its length and size, and counts it against the quota', async () => {
    const id = crypto.randomUUID();
    const key = crypto.randomUUID();
    const body = noteBody(id, hum, { title: '  A phrase I am working on ' });
    const first = await keep(ada, body, key);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      id,
      title: 'A phrase I am working on',
      durationMs: 3000,
      mimeType: 'audio/mpeg',
      sizeBytes: hum.length,
    });
    // The outbox's replay (same key) and a resend without the answer (new key) change nothing.
    const replay = await keep(ada, body, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await keep(ada, noteBody(id, hum))).status).toBe(200);
    const list = await listOf(ada);
    expect(list.notes.filter((n) => n.id === id)).toHaveLength(1);
    expect(list.usage).toEqual({ usedBytes: hum.length, quotaBytes: VOICE_NOTE_QUOTA_BYTES });
    expect(await storedRows(id)).toEqual([{ name: `${ada.id}/${id}.mp3`, owner_id: ada.id }]);
    expect(fs.readFileSync(fileOf('voice-notes', `${ada.id}/${id}.mp3`))).toEqual(hum);
  });

  it('plays a note through a signed URL that streams ranges, for its owner only', async () => {
    const id = crypto.randomUUID();
    expect((await keep(ada, noteBody(id, hum))).status).toBe(201);
    const signed = (await (await call(ada, `/api/voice-notes/${id}/audio`)).json()) as {
      url: string;
      expiresAt: string;
    };
    expect(signed.url).toMatch(
      new RegExp(`^/storage/v1/object/sign/voice-notes/${ada.id}/${id}\\.mp3\\?token=`),
    );
    const whole = await t.fetch(signed.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(hum);
    const part = await t.fetch(signed.url, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${hum.length}`);

    // Ben cannot ask for it, nor sign or list the private bucket through storage himself.
    expect((await call(ben, `/api/voice-notes/${id}/audio`)).status).toBe(404);
    const storage = (p: string, body: unknown) =>
      call(ben, `/storage/v1/object/${p}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { apikey: t.deps.keys.anonKey },
      });
    for (const res of [
      await storage(`sign/voice-notes/${ada.id}/${id}.mp3`, { expiresIn: 60 }),
      await storage('list/voice-notes', { prefix: ada.id }),
    ]) {
      expect(await res.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    }
  });

  it('names the field of a bad body with a 400, and stores nothing', async () => {
    const id = crypto.randomUUID();
    const cases: [Record<string, unknown>, string][] = [
      [{ id: 'not-a-uuid' }, 'id'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(81) }, 'title'],
      [{ durationMs: 61_000 }, 'durationMs'],
      [{ durationMs: 100 }, 'durationMs'],
      [{ mimeType: 'text/html' }, 'mimeType'],
      [{ audio: 'not base64!' }, 'audio'],
      [{ recordedAt: 'yesterday' }, 'recordedAt'],
      [{ recordedAt: new Date(Date.now() + 3_600_000).toISOString() }, 'recordedAt'],
    ];
    for (const [change, field] of cases) {
      const res = await keep(ada, { ...noteBody(id, hum), ...change });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { message: string; fields: Record<string, string> };
      expect(Object.keys(body.fields), field).toContain(field);
      expect(body.message).toContain(field);
    }
    expect(await storedRows(id)).toEqual([]);
  });

  it('refuses a file larger than its length allows, and a body over 2.5 MB, in words', async () => {
    const tooBig = await keep(
      ada,
      noteBody(crypto.randomUUID(), webmLike(1_000_000), { durationMs: 30_000, mimeType: 'audio/webm' }),
    );
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({
      error: 'audio_too_large',
      message: 'A note of 0:30 can be at most 719 KB of audio; this one is 977 KB.',
      fields: { audio: expect.any(String) },
    });
    const huge = await keep(
      ada,
      noteBody(crypto.randomUUID(), webmLike(5 * 1024 * 1024), {
        durationMs: 30_000,
        mimeType: 'audio/webm',
      }),
    );
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({
      error: 'audio_too_large',
      fields: { audio: expect.any(String) },
    });
  });

  it('refuses a file that is not audio, or not the audio it claims to be', async () => {
    const page = Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(4000, ' '));
    const notAudio = await keep(ada, noteBody(crypto.randomUUID(), page, { mimeType: 'audio/webm' }));
    expect(notAudio.status).toBe(415);
    expect(await notAudio.json()).toMatchObject({
      error: 'not_audio',
      message: 'This file is not audio we can keep: a voice note is WebM, Ogg, MP4 or MP3 audio.',
    });
    const mislabelled = await keep(ada, noteBody(crypto.randomUUID(), hum, { mimeType: 'audio/webm' }));
    expect(mislabelled.status).toBe(415);
    expect((await mislabelled.json()) as { message: string }).toMatchObject({
      message: 'This file is audio/mpeg, not the audio/webm it says it is.',
    });
  });

  it('refuses a note when the account is full, in words, and takes it once space is freed', async () => {
    const member = await createMember(t);
    await reachLevel(t, member.id, 2);
    const first = crypto.randomUUID();
    expect((await keep(member, noteBody(first, hum))).status).toBe(201);
    // As if an hour of memos were kept already.
    await t.deps.sql.run('UPDATE voice_note_usage SET bytes = ? WHERE user_id = ?', [
      VOICE_NOTE_QUOTA_BYTES - 1000,
      member.id,
    ]);
    const second = crypto.randomUUID();
    const full = await keep(member, noteBody(second, hum));
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({
      error: 'quota_full',
      message:
        "Your account's space for voice notes is full (25 MB of 25 MB). Delete a note kept there, or keep this one on this device only.",
    });
    expect(await storedRows(second)).toEqual([]);
    expect((await call(member, `/api/voice-notes/${first}`, { method: 'DELETE' })).status).toBe(204);
    expect((await keep(member, noteBody(second, hum))).status).toBe(201);
  });

  it('renames and deletes a note: row, storage object and file go, the quota comes back', async () => {
    const id = crypto.randomUUID();
    expect((await keep(ben, noteBody(id, hum))).status).toBe(201);
    const before = (await listOf(ben)).usage.usedBytes;
    const renamed = await call(ben, `/api/voice-notes/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'How my voice sounds today' }),
    });
    expect(await renamed.json()).toMatchObject({ id, title: 'How my voice sounds today' });
    expect((await call(ada, `/api/voice-notes/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(ben, `/api/voice-notes/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await listOf(ben)).notes.find((n) => n.id === id)).toBeUndefined();
    expect((await listOf(ben)).usage.usedBytes).toBe(before - hum.length);
    expect(await storedRows(id)).toEqual([]);
    expect(fs.existsSync(fileOf('voice-notes', `${ben.id}/${id}.mp3`))).toBe(false);
    expect((await call(ben, `/api/voice-notes/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(ben, '/api/voice-notes/nope', { method: 'DELETE' })).status).toBe(400);
  });

  it('a note id another member uses is refused, never overwritten', async () => {
    const id = crypto.randomUUID();
    expect((await keep(ada, noteBody(id, hum))).status).toBe(201);
    const clash = await keep(ben, noteBody(id, hum, { title: 'Mine now' }));
    expect(clash.status).toBe(409);
    expect((await listOf(ada)).notes.find((n) => n.id === id)?.title).toBe('Morning hum');
  });

  it('is not practice: keeping and deleting notes earns nothing and writes no ledger row', async () => {
    const member = await createMember(t);
    await reachLevel(t, member.id, 2);
    const ledger = async () =>
      (await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM practice_ledger WHERE user_id = ?', [
        member.id,
      ]))!.n;
    const [tokens, rows] = [await tokenBalance(t.deps.sql, member.id), await ledger()];
    const id = crypto.randomUUID();
    await keep(member, noteBody(id, hum));
    await call(member, `/api/voice-notes/${id}`, { method: 'DELETE' });
    expect(await tokenBalance(t.deps.sql, member.id)).toBe(tokens);
    expect(await ledger()).toBe(rows);
  });
});

describe('a deleted account', () => {
  it('leaves no note behind: a year-long signed URL no longer plays and the file is gone from the disk', async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const userId = await signUpConfirmed(t, email);
    const { session } = await signedIn(t, email);
    const cy = { id: userId, token: session.access_token } as TestMember;
    await reachLevel(t, cy.id, 2);
    const as = (init: RequestInit = {}) => ({
      ...init,
      headers: { Authorization: `Bearer ${cy.token}`, 'Content-Type': 'application/json' },
    });
    const id = crypto.randomUUID();
    expect(
      (await t.fetch('/api/voice-notes', as({ method: 'POST', body: JSON.stringify(noteBody(id, hum)) })))
        .status,
    ).toBe(201);
    const { url } = (await (await t.fetch(`/api/voice-notes/${id}/audio`, as())).json()) as { url: string };
    expect((await t.fetch(url)).status).toBe(200);
    const gone = await t.fetch(
      '/api/account',
      as({ method: 'DELETE', body: JSON.stringify({ password: PASSWORD }) }),
    );
    expect(gone.status).toBe(200);
    // Storage's answer for a missing object (its wire format: HTTP 400, statusCode "404").
    expect((await t.fetch(url)).status).toBe(400);
    expect(fs.existsSync(fileOf('voice-notes', `${cy.id}/${id}.mp3`))).toBe(false);
  });
});
