import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, signedIn, signUpConfirmed } from '../../auth/test-client';
import { createMember, mintToken, type TestMember } from '../../rest/test-members';
import { createTestApp, type TestApp } from '../../test-support';
import { reachLevel } from '../practice/test-levels';
import { hummedMp3, noteBody } from './test-audio';

let t: TestApp;
let adaId: string;
let ada: string;
let ben: TestMember;
const hum = hummedMp3(2);

beforeEach(async () => {
  t = await createTestApp();
  adaId = await signUpConfirmed(t, 'ada@example.com');
  ada = (await signedIn(t, 'ada@example.com')).session.access_token;
  await reachLevel(t, adaId, 7);
  ben = await createMember(t);
  await reachLevel(t, ben.id, 7);
});
afterEach(() => t.close());

async function api(bearer: string, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${bearer}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${url}`, { ...init, headers });
}
const post = (bearer: string, url: string, body: unknown) =>
  api(bearer, url, { method: 'POST', body: JSON.stringify(body) });

/** Ada keeps a note in her account and shares another; Ben echoes her share. */
async function adaRecords() {
  const noteId = crypto.randomUUID();
  expect((await post(ada, '/voice-notes', noteBody(noteId, hum, { title: 'Café phrase' }))).status).toBe(201);
  const shared = (await (
    await post(ada, '/echoverse', {
      voiceNoteId: crypto.randomUUID(),
      title: 'Shared hum',
      durationMs: 2000,
      mimeType: 'audio/mpeg',
      audio: hum.toString('base64'),
    })
  ).json()) as { id: string };
  expect((await post(await mintToken(t, ben), `/echoverse/${shared.id}/echo`, {})).status).toBe(200);
  return { noteId, sharedId: shared.id };
}
const filesOf = (bucket: string, userId: string) => {
  const dir = path.join(t.deps.config.storageDir, bucket, userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('voice notes in the member’s data', () => {
  it('the export lists the notes and shares, with download links valid for a week', async () => {
    const { noteId, sharedId } = await adaRecords();
    const res = await api(ada, '/account/export');
    expect(res.status).toBe(200);
    const data = (await res.json()) as {
      tables: Record<string, Record<string, unknown>[]>;
      audio: {
        linksExpireAt: string;
        voiceNotes: { id: string; title: string; url: string; expiresAt: string }[];
        echoverse: { id: string; title: string; url: string }[];
      };
    };
    expect(data.tables.voice_notes).toEqual([expect.objectContaining({ id: noteId, title: 'Café phrase' })]);
    expect(data.tables.echoverse_notes).toEqual([expect.objectContaining({ id: sharedId })]);
    expect(data.tables.storage_objects).toHaveLength(2);
    expect(data.audio.voiceNotes).toEqual([expect.objectContaining({ id: noteId, title: 'Café phrase' })]);
    expect(data.audio.echoverse).toEqual([expect.objectContaining({ id: sharedId, title: 'Shared hum' })]);
    const week = Date.parse(data.audio.linksExpireAt) - Date.now();
    expect(week).toBeGreaterThan(6.9 * 86_400_000);
    expect(week).toBeLessThan(7.1 * 86_400_000);

    // The link works without signing in, and saves the file under the note's title.
    const link = new URL(data.audio.voiceNotes[0]!.url);
    const file = await t.fetch(link.pathname + link.search);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('cafe-phrase-');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(hum);
    // Another member's echo of Ada's share is his, not hers.
    expect(JSON.stringify(data)).not.toContain(ben.id);
  });

  it('deleting the account removes the notes, the shares, their storage rows and their files', async () => {
    const { sharedId } = await adaRecords();
    expect(filesOf('voice-notes', adaId)).toHaveLength(1);
    expect(filesOf('echoverse', adaId)).toHaveLength(1);
    const del = await api(ada, '/account', {
      method: 'DELETE',
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(del.status).toBe(200);
    for (const table of ['voice_notes', 'voice_note_usage', 'echoverse_notes', 'echoverse_share_days']) {
      expect(
        await t.deps.sql.get(`SELECT 1 AS x FROM ${table} WHERE user_id = ?`, [adaId]),
        table,
      ).toBeUndefined();
    }
    expect(
      await t.deps.sql.get('SELECT 1 AS x FROM storage_objects WHERE owner_id = ?', [adaId]),
    ).toBeUndefined();
    expect(
      await t.deps.sql.get('SELECT 1 AS x FROM echoverse_echoes WHERE note_id = ?', [sharedId]),
    ).toBeUndefined();
    expect(filesOf('voice-notes', adaId)).toEqual([]);
    expect(filesOf('echoverse', adaId)).toEqual([]);
    const list = (await (await api(await mintToken(t, ben), '/echoverse')).json()) as { notes: unknown[] };
    expect(list.notes).toEqual([]);
  });
});
