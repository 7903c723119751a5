import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, mintToken, type TestMember } from '../../rest/test-members';
import { createTestApp, type TestApp } from '../../test-support';
import { tokenBalance } from '../practice/ledger';
import { reachLevel } from '../practice/test-levels';
import { hummedMp3, webmLike } from '../voice-notes/test-audio';

let t: TestApp;
const hum = hummedMp3(2);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(firstName: string, level = 7): Promise<TestMember> {
  const m = await createMember(t);
  await t.deps.sql.run('UPDATE users SET first_name = ? WHERE id = ?', [firstName, m.id]);
  await reachLevel(t, m.id, level);
  return m;
}
async function call(who: TestMember | string | null, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${typeof who === 'string' ? who : await mintToken(t, who)}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${url}`, { ...init, headers });
}
const post = (who: TestMember | string | null, url: string, body: unknown = {}) =>
  call(who, url, { method: 'POST', body: JSON.stringify(body) });
const shareBody = (extra: Record<string, unknown> = {}) => ({
  voiceNoteId: crypto.randomUUID(),
  title: 'A phrase, sung',
  durationMs: 2000,
  mimeType: 'audio/mpeg',
  audio: hum.toString('base64'),
  ...extra,
});
async function share(who: TestMember, extra: Record<string, unknown> = {}) {
  const res = await post(who, '/echoverse', shareBody(extra));
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; title: string; hidden: boolean };
}
interface Listing {
  notes: {
    id: string;
    firstName: string;
    title: string;
    echoes: number;
    echoedByMe: boolean;
    mine: boolean;
  }[];
  mine: { id: string; hidden: boolean; echoes: number }[];
  sharesToday: number;
  sharesPerDay: number;
}
const listing = async (who: TestMember) => (await (await call(who, '/echoverse')).json()) as Listing;
const mailsTo = (email: string) => {
  const dir = path.join(t.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`));
};

describe('the Echoverse: the level gate', () => {
  it('refuses every route below level 7 with words', async () => {
    const ana = await member('Ana', 6);
    const id = crypto.randomUUID();
    for (const res of [
      await call(ana, '/echoverse'),
      await post(ana, '/echoverse', shareBody()),
      await call(ana, `/echoverse/${id}/audio`),
      await call(ana, `/echoverse/${id}`, { method: 'DELETE' }),
      await post(ana, `/echoverse/${id}/echo`),
      await post(ana, `/echoverse/${id}/report`, { reason: 'x' }),
    ]) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Echoverse access opens at level 7; you are at level 6 (500 tone tokens to go).',
      );
    }
  });
});

describe('sharing, listening and echoing', () => {
  it('lists a shared note with the first name and title only, streams it, and echoes once', async () => {
    const cleo = await member('Cleo Marie');
    const dev = await member('Dev');
    const shared = await share(cleo);
    const heard = await listing(dev);
    const item = heard.notes.find((n) => n.id === shared.id);
    expect(item).toEqual({
      id: shared.id,
      firstName: 'Cleo',
      title: 'A phrase, sung',
      durationMs: 2000,
      sharedAt: expect.any(String),
      echoes: 0,
      echoedByMe: false,
      mine: false,
    });
    expect(JSON.stringify(heard)).not.toContain(cleo.id);
    expect((await listing(cleo)).mine).toEqual([
      expect.objectContaining({ id: shared.id, hidden: false, echoes: 0 }),
    ]);

    const signed = (await (await call(dev, `/echoverse/${shared.id}/audio`)).json()) as { url: string };
    const part = await t.fetch(signed.url, { headers: { Range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(hum.subarray(0, 10));

    const tokens = await tokenBalance(t.deps.sql, dev.id);
    const key = crypto.randomUUID();
    const echo = () =>
      call(dev, `/echoverse/${shared.id}/echo`, { method: 'POST', headers: { 'Idempotency-Key': key } });
    expect(await (await echo()).json()).toEqual({ echoes: 1 });
    expect((await echo()).headers.get('Idempotent-Replayed')).toBe('true');
    expect(await (await post(dev, `/echoverse/${shared.id}/echo`)).json()).toEqual({ echoes: 1 });
    expect((await listing(dev)).notes.find((n) => n.id === shared.id)).toMatchObject({
      echoes: 1,
      echoedByMe: true,
    });
    // Echoes earn nothing: the Echoverse is not practice.
    expect(await tokenBalance(t.deps.sql, dev.id)).toBe(tokens);
  });

  it('refuses a note over 30 s, too many bytes for its length, or not audio, naming the field', async () => {
    const eve = await member('Eve');
    const long = await post(eve, '/echoverse', shareBody({ durationMs: 45_000 }));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ fields: { durationMs: 'must be at most 30 seconds' } });
    const heavy = await post(
      eve,
      '/echoverse',
      shareBody({
        durationMs: 30_000,
        mimeType: 'audio/webm',
        audio: webmLike(1_200_000).toString('base64'),
      }),
    );
    expect(heavy.status).toBe(413);
    expect(await heavy.json()).toMatchObject({
      error: 'audio_too_large',
      fields: { audio: expect.any(String) },
    });
    const page = Buffer.from('MZ not audio at all'.padEnd(2000, '.')).toString('base64');
    expect((await post(eve, '/echoverse', shareBody({ audio: page }))).status).toBe(415);
    expect((await listing(eve)).mine).toEqual([]);
  });

  it('shares a note once at a time, and at most 3 a day, refused in words', async () => {
    const fay = await member('Fay');
    const voiceNoteId = crypto.randomUUID();
    await share(fay, { voiceNoteId });
    const again = await post(fay, '/echoverse', shareBody({ voiceNoteId }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'already_shared' });
    await share(fay);
    const third = await share(fay);
    // Withdrawing does not give the day's share back.
    expect((await call(fay, `/echoverse/${third.id}`, { method: 'DELETE' })).status).toBe(204);
    const fourth = await post(fay, '/echoverse', shareBody());
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({
      error: 'share_limit',
      message: 'You have shared 3 notes today, the most for one day. You can share again tomorrow.',
    });
    expect((await listing(fay)).sharesToday).toBe(3);
    t.advance(24 * 3_600_000);
    await share(fay);
  });

  it('withdraws a note: gone from the list, from storage and from disk', async () => {
    const gus = await member('Gus');
    const hal = await member('Hal');
    const shared = await share(gus);
    const signed = (await (await call(hal, `/echoverse/${shared.id}/audio`)).json()) as { url: string };
    const row = await t.deps.sql.get<{ object_name: string }>(
      'SELECT object_name FROM echoverse_notes WHERE id = ?',
      [shared.id],
    );
    const file = path.join(t.deps.config.storageDir, 'echoverse', row!.object_name);
    expect(fs.existsSync(file)).toBe(true);
    expect((await call(hal, `/echoverse/${shared.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(gus, `/echoverse/${shared.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await listing(hal)).notes.find((n) => n.id === shared.id)).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
    expect(
      await t.deps.sql.get('SELECT 1 AS x FROM storage_objects WHERE name = ?', [row!.object_name]),
    ).toBeUndefined();
    expect((await t.fetch(signed.url)).status).toBe(400); // Storage's 404 NoSuchKey, as HTTP 400
    expect((await post(hal, `/echoverse/${shared.id}/echo`)).status).toBe(404);
  });
});

describe('reports and review', () => {
  it('hides a note reported by three members, tells its sharer once, and the operator reviews it', async () => {
    const ivy = await member('Ivy');
    const [jo, kai, lou, max] = [
      await member('Jo'),
      await member('Kai'),
      await member('Lou'),
      await member('Max'),
    ];
    const shared = await share(ivy, { title: 'Tuesday thought' });

    expect((await post(ivy, `/echoverse/${shared.id}/report`, { reason: 'x' })).status).toBe(403);
    const blank = await post(jo, `/echoverse/${shared.id}/report`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ fields: { reason: 'must say what is wrong' } });

    expect(await (await post(jo, `/echoverse/${shared.id}/report`, { reason: 'Shouting' })).json()).toEqual({
      reported: true,
    });
    // One report per member, however often it is sent; the reporter no longer hears it.
    await post(jo, `/echoverse/${shared.id}/report`, { reason: 'Shouting again' });
    expect((await listing(jo)).notes.find((n) => n.id === shared.id)).toBeUndefined();
    await post(kai, `/echoverse/${shared.id}/report`, { reason: 'Not a voice note' });
    expect((await listing(max)).notes.find((n) => n.id === shared.id)).toBeDefined();
    expect(mailsTo(ivy.email)).toHaveLength(0);
    await post(lou, `/echoverse/${shared.id}/report`, { reason: 'Unkind words' });

    expect((await listing(max)).notes.find((n) => n.id === shared.id)).toBeUndefined();
    expect((await call(max, `/echoverse/${shared.id}/audio`)).status).toBe(404);
    expect((await post(max, `/echoverse/${shared.id}/report`, { reason: 'too' })).status).toBe(404);
    expect((await listing(ivy)).mine).toEqual([expect.objectContaining({ id: shared.id, hidden: true })]);
    expect((await call(ivy, `/echoverse/${shared.id}/audio`)).status).toBe(200);
    const told = mailsTo(ivy.email);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('Subject: Your note in the Echoverse is hidden for now');
    expect(told[0]).toContain('Three members reported your voice note "Tuesday thought"');

    // Review: the operator's service role key only.
    expect((await call(max, '/echoverse/review')).status).toBe(403);
    expect((await call(null, '/echoverse/review')).status).toBe(401);
    const operator = t.deps.keys.serviceRoleKey;
    const review = (await (await call(operator, '/echoverse/review')).json()) as {
      notes: { id: string; reports: { reason: string }[]; audio: { url: string } }[];
    };
    const hidden = review.notes.find((n) => n.id === shared.id)!;
    expect(hidden.reports.map((r) => r.reason)).toEqual(['Shouting', 'Not a voice note', 'Unkind words']);
    // An absolute link on the app's public URL, so the operator opens it as it is.
    const link = new URL(hidden.audio.url);
    expect(link.origin).toBe(new URL(t.deps.config.publicUrl).origin);
    expect((await t.fetch(link.pathname + link.search)).status).toBe(200);
    const bad = await post(operator, `/echoverse/review/${shared.id}`, { decision: 'maybe' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { decision: "must be 'restore' or 'remove'" } });
    expect(
      await (await post(operator, `/echoverse/review/${shared.id}`, { decision: 'restore' })).json(),
    ).toEqual({ id: shared.id, decision: 'restore' });
    expect((await listing(max)).notes.find((n) => n.id === shared.id)).toBeDefined();
    expect((await listing(jo)).notes.find((n) => n.id === shared.id)).toBeUndefined();
  });

  it('removes a note after review: its audio goes and its sharer is told', async () => {
    const nia = await member('Nia');
    const shared = await share(nia, { title: 'Low hum' });
    for (const name of ['Oli', 'Pia', 'Quin']) {
      await post(await member(name), `/echoverse/${shared.id}/report`, { reason: 'Not kind' });
    }
    const operator = t.deps.keys.serviceRoleKey;
    expect((await post(operator, `/echoverse/review/${shared.id}`, { decision: 'remove' })).status).toBe(200);
    expect((await listing(nia)).mine).toEqual([]);
    expect(
      await t.deps.sql.get("SELECT 1 AS x FROM storage_objects WHERE bucket = 'echoverse' AND owner_id = ?", [
        nia.id,
      ]),
    ).toBeUndefined();
    expect(
      mailsTo(nia.email).some((m) => m.includes('Subject: Your note was removed from the Echoverse')),
    ).toBe(true);
    expect((await post(operator, `/echoverse/review/${shared.id}`, { decision: 'remove' })).status).toBe(404);
  });
});
