import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import type { SqlValue } from '../../db/sql';

let t: TestApp;
let ana: TestMember;
let ben: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  ana = await createMember(t);
  ben = await createMember(t);
  await t.deps.sql.run("UPDATE users SET first_name = 'Ana Maria' WHERE id = ?", [ana.id]);
  await t.deps.sql.run("UPDATE users SET first_name = 'Ben' WHERE id = ?", [ben.id]);
});
afterAll(() => t.close());

function call(path: string, who: TestMember | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${who.token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
}
const post = (path: string, who: TestMember | null, body?: unknown) =>
  call(path, who, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** A circle with no members yet (as the demo seed makes them). */
async function insertCircle(fields: Record<string, SqlValue> = {}): Promise<number> {
  const row = {
    name: 'Morning hum',
    session_type: 'asynchronous',
    max_participants: 8,
    scheduled_time: null,
    is_private: 0,
    invite_code: crypto.randomUUID(),
    template_id: null,
    ...fields,
  };
  const created = await t.deps.sql.get<{ id: number }>(
    `INSERT INTO voice_circles (name, session_type, max_participants, scheduled_time, is_private,
      invite_code, template_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00.000Z') RETURNING id`,
    [
      row.name,
      row.session_type,
      row.max_participants,
      row.scheduled_time,
      row.is_private,
      row.invite_code,
      row.template_id,
    ],
  );
  return Number(created?.id);
}

const count = async (sql: string, params: SqlValue[] = []) =>
  (await t.deps.sql.get<{ n: number }>(sql, params))?.n;
const memberCount = (id: number) =>
  count('SELECT count(*) AS n FROM circle_members WHERE circle_id = ?', [id]);

describe('voice circles API', () => {
  it('needs a signed-in member', async () => {
    expect((await call('/voice-circles', null)).status).toBe(401);
    expect((await post('/voice-circles', null, { name: 'x' })).status).toBe(401);
  });

  it('creates a circle with the spec defaults, the creator as first member', async () => {
    const res = await post('/voice-circles', ana, { name: '  Calm voices  ' });
    expect(res.status).toBe(201);
    const circle = await res.json();
    expect(circle).toMatchObject({
      name: 'Calm voices',
      description: '',
      sessionType: 'asynchronous',
      skillLevel: 'all',
      focusArea: '',
      maxParticipants: 8,
      currentParticipants: 1,
      duration: 30,
      scheduledTime: null,
      isPrivate: false,
      isMember: true,
      isCreator: true,
    });
    expect(circle.inviteUrl).toBeUndefined();
    const mine = await (await call('/voice-circles/my-circles', ana)).json();
    expect(mine.map((c: { name: string }) => c.name)).toContain('Calm voices');
    const bens = await (await call('/voice-circles/my-circles', ben)).json();
    expect(bens).toEqual([]);
  });

  it('rejects bad circles with a message naming the field, and writes nothing', async () => {
    const before = await count('SELECT count(*) AS n FROM voice_circles');
    const cases: [unknown, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x', sessionType: 'weekly' }, 'sessionType'],
      [{ name: 'x', focusArea: 'singing' }, 'focusArea'],
      [{ name: 'x', skillLevel: 'expert' }, 'skillLevel'],
      [{ name: 'x', maxParticipants: 1 }, 'maxParticipants'],
      [{ name: 'x', maxParticipants: 8.5 }, 'maxParticipants'],
      [{ name: 'x', isPrivate: 'yes' }, 'isPrivate'],
      [{ name: 'x', sessionType: 'real_time' }, 'scheduledTime'],
      [{ name: 'x', sessionType: 'real_time', scheduledTime: 'tomorrow' }, 'scheduledTime'],
      [{ name: 'x', sessionType: 'real_time', scheduledTime: '2020-01-01T10:00:00Z' }, 'scheduledTime'],
      [{ name: 'x', templateId: 9999 }, 'templateId'],
      [{ name: 'x', userId: ben.id }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/voice-circles', ana, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = await res.json();
      expect(json.error).toBe('validation_failed');
      if (field !== 'body') expect(json.fields[field], JSON.stringify(body)).toBeTruthy();
    }
    expect((await call('/voice-circles', ana, { method: 'POST', body: '{nope' })).status).toBe(400);
    const after = await count('SELECT count(*) AS n FROM voice_circles');
    expect(after).toBe(before);
  });

  it('admits exactly eight of twelve members joining a circle of eight at the same moment', async () => {
    const id = await insertCircle({ name: 'Twelve at once' });
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember(t)));
    const responses = await Promise.all(members.map((m) => post(`/voice-circles/${id}/join`, m)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    for (const res of responses.filter((r) => r.status === 409)) {
      expect(await res.json()).toMatchObject({ error: 'circle_full', message: 'This circle is full' });
    }
    expect(await memberCount(id)).toBe(8);

    // Joining again is idempotent, even though the circle is now full.
    const winner = members[responses.findIndex((r) => r.status === 201)] as TestMember;
    const again = await post(`/voice-circles/${id}/join`, winner);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ currentParticipants: 8, isMember: true, newBadges: [] });
    expect(await memberCount(id)).toBe(8);

    // A seat freed by leaving can be taken.
    const loser = members[responses.findIndex((r) => r.status === 409)] as TestMember;
    expect((await post(`/voice-circles/${id}/leave`, winner)).status).toBe(200);
    expect((await post(`/voice-circles/${id}/join`, loser)).status).toBe(201);
    expect(await memberCount(id)).toBe(8);
  });

  it('answers 404 and 400 for unknown and malformed circle ids', async () => {
    expect((await post('/voice-circles/99999/join', ana)).status).toBe(404);
    expect((await post('/voice-circles/abc/join', ana)).status).toBe(400);
    expect((await call('/voice-circles/0', ana)).status).toBe(400);
  });

  it('tells a non-member whose circle a live session belongs to, so they can join it', async () => {
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    const created = await (
      await post('/voice-circles', ana, {
        name: 'Speak up',
        sessionType: 'real_time',
        scheduledTime: inAnHour,
      })
    ).json();
    const live = await call(`/voice-circles/${created.id}/live`, ben);
    expect(live.status).toBe(403);
    expect(await live.json()).toMatchObject({ error: 'not_a_member' });
    const detail = await (await call(`/voice-circles/${created.id}`, ben)).json();
    expect(detail).toMatchObject({ name: 'Speak up', hostName: 'Ana', isMember: false, isPrivate: false });
    // A circle the demo seed made has no member as its host.
    const seeded = await insertCircle();
    expect(await (await call(`/voice-circles/${seeded}`, ben)).json()).toMatchObject({ hostName: null });
  });

  it('says plainly that a circle is private to a non-member, and nothing more about it', async () => {
    const created = await (
      await post('/voice-circles', ana, {
        name: 'Secret live choir',
        isPrivate: true,
        sessionType: 'real_time',
        scheduledTime: new Date(Date.now() + 3600_000).toISOString(),
      })
    ).json();
    for (const path of [`/voice-circles/${created.id}`, `/voice-circles/${created.id}/live`]) {
      const res = await call(path, ben);
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body).toMatchObject({ error: 'circle_private' });
      expect(body.message).toMatch(/private/);
      expect(JSON.stringify(body)).not.toMatch(/Secret|Ana/);
    }
    expect(await (await call('/voice-circles/99999/live', ben)).json()).toMatchObject({
      error: 'circle_not_found',
    });
  });

  it('hides private circles from others, and lets the invite link in', async () => {
    const created = await (
      await post('/voice-circles', ana, { name: 'Secret choir', isPrivate: true })
    ).json();
    expect(created.inviteUrl).toMatch(new RegExp(`/voice-circles/${created.id}\\?invite=[\\w-]+$`));
    const code = new URL(created.inviteUrl).searchParams.get('invite') as string;

    const discoverBen = await (await call('/voice-circles', ben)).json();
    expect(discoverBen.some((c: { id: number }) => c.id === created.id)).toBe(false);
    expect((await call(`/voice-circles/${created.id}`, ben)).status).toBe(404);
    expect((await post(`/voice-circles/${created.id}/join`, ben)).status).toBe(404);
    expect((await post(`/voice-circles/${created.id}/join`, ben, { inviteCode: 'wrong' })).status).toBe(404);

    const seen = await call(`/voice-circles/${created.id}?invite=${code}`, ben);
    expect(seen.status).toBe(200);
    expect((await seen.json()).inviteUrl).toBeUndefined();
    const joined = await post(`/voice-circles/${created.id}/join`, ben, { inviteCode: code });
    expect(joined.status).toBe(201);
    expect(await joined.json()).toMatchObject({ isMember: true, currentParticipants: 2, isPrivate: true });
    const detail = await (await call(`/voice-circles/${created.id}`, ben)).json();
    expect(detail.members).toEqual(['Ana', 'Ben']);
  });

  it('lists upcoming group sessions of the caller’s live circles at the next weekly time', async () => {
    const first = new Date(t.deps.now() - 8 * 24 * 3600_000).toISOString(); // a week and a day ago
    const id = await insertCircle({
      name: 'Tuesday sirens',
      session_type: 'real_time',
      scheduled_time: first,
    });
    await post(`/voice-circles/${id}/join`, ben);
    const sessions = await (await call('/group-sessions/upcoming', ben)).json();
    const mine = sessions.find((s: { circleId: number }) => s.circleId === id);
    expect(mine).toMatchObject({ title: 'Tuesday sirens', participantCount: 1 });
    const expected = Date.parse(first) + 2 * 7 * 24 * 3600_000;
    expect(Date.parse(mine.startTime)).toBe(expected);
    expect(await (await call('/group-sessions/upcoming', ana)).json()).not.toContainEqual(
      expect.objectContaining({ circleId: id }),
    );
  });

  it('records an asynchronous circle’s practice once per member per local week', async () => {
    const id = await insertCircle({ name: 'Weekly trills' });
    expect((await post(`/voice-circles/${id}/practice`, ben, { timeZone: 'UTC' })).status).toBe(403);
    await post(`/voice-circles/${id}/join`, ben);
    await post(`/voice-circles/${id}/join`, ana);
    const first = await post(`/voice-circles/${id}/practice`, ben, { timeZone: 'Europe/Paris' });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ practisedBy: ['Ben'], practisedByMe: true });
    expect((await post(`/voice-circles/${id}/practice`, ben, { timeZone: 'Europe/Paris' })).status).toBe(200);
    expect((await post(`/voice-circles/${id}/practice`, ben, { timeZone: 'Mars/Base' })).status).toBe(400);
    const anaView = await (await call(`/voice-circles/${id}/practice?tz=Europe/Paris`, ana)).json();
    expect(anaView).toMatchObject({ practisedBy: ['Ben'], practisedByMe: false });
  });
});
