import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { authFetch, signedIn, signUpConfirmed, PASSWORD } from '../../auth/test-client';
import { REFRESH_REUSE_WINDOW_MS } from '../../auth/sessions';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support';
import { BEAT_MS } from './presence';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Issue 20: a live stream lives only as long as its member may watch. Leaving the circle,
 * signing out, a session revoked elsewhere and a deleted account close it (a `closed` event,
 * then the end of the stream) and take the member out of `present`, in this process at once
 * and in another process of a cluster within about a beat.
 */
let t: TestApp;

interface Member {
  id: string;
  email: string;
  token: string;
  refresh: string;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.sql.run(
    `INSERT INTO session_templates (id, slug, title, description, category, difficulty, voice_level,
      duration_sec, instructions_json) VALUES (7, 'access-test', 'Warm hum', '', 'free', 'beginner', 'all', 3600, ?)`,
    [JSON.stringify([{ text: 'Hum on a comfortable note', duration: 3600 }])],
  );
});
afterAll(() => t.close());

/** A confirmed member with a real password and sign-in (so sign-out and deletion are real). */
async function member(firstName: string): Promise<Member> {
  const email = `${firstName.toLowerCase()}-${crypto.randomUUID()}@example.com`;
  const id = await signUpConfirmed(t, email);
  await t.deps.sql.run('UPDATE users SET first_name = ? WHERE id = ?', [firstName, id]);
  const { session } = await signedIn(t, email);
  return { id, email, token: session.access_token, refresh: session.refresh_token };
}

const auth = (m: Pick<Member, 'token'>) => ({ Authorization: `Bearer ${m.token}` });

/** A private live circle that started a minute ago, with these members in it. */
async function liveCircle(members: Member[], maxParticipants = 8): Promise<number> {
  const start = new Date(t.deps.now() - 60_000).toISOString();
  const row = await t.deps.sql.get<{ id: number }>(
    `INSERT INTO voice_circles (name, session_type, scheduled_time, duration_min, invite_code, template_id,
      is_private, max_participants, created_at) VALUES ('Private hum', 'real_time', ?, 60, ?, 7, 1, ?, ?)
      RETURNING id`,
    [start, crypto.randomUUID(), maxParticipants, start],
  );
  const id = Number(row?.id);
  for (const m of members)
    await t.deps.sql.run('INSERT INTO circle_members (circle_id, user_id, joined_at) VALUES (?, ?, ?)', [
      id,
      m.id,
      start,
    ]);
  return id;
}

interface LiveEvent {
  event: string;
  data: Record<string, unknown>;
}

interface Stream {
  status: number;
  /** The next event, or 'ended' when the server closed the stream; throws after `ms`. */
  next(ms?: number): Promise<LiveEvent | 'ended'>;
  /** Every event until the server closes the stream (throws if it stays open for `ms`). */
  rest(ms?: number): Promise<LiveEvent[]>;
  /** The next state event's `present`. */
  present(ms?: number): Promise<string[]>;
  close(): Promise<void>;
}

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

async function open(m: Member, circleId: number, fetchIn: Fetch = t.fetch): Promise<Stream> {
  const res = await fetchIn(`/api/voice-circles/${circleId}/live`, { headers: auth(m) });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  const next = async (ms = 3000): Promise<LiveEvent | 'ended'> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = [...block.matchAll(/^data: (.*)$/gm)].map((x) => x[1]).join('\n');
        if (event) return { event, data: JSON.parse(data) as Record<string, unknown> };
        continue; // a keep-alive comment
      }
      if (!reader) return 'ended';
      pending ??= reader.read();
      const left = deadline - Date.now();
      const chunk = await Promise.race([
        pending,
        new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), Math.max(0, left))),
      ]);
      if (chunk === 'timeout') throw new Error(`no event within ${ms} ms`);
      pending = undefined;
      if (chunk.done) return 'ended';
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  return {
    status: res.status,
    next,
    // Both limits are tuned on the reference machine and scaled to this one.
    async rest(ms = 3000) {
      const events: LiveEvent[] = [];
      const deadline = Date.now() + scaledTimeout(ms);
      for (;;) {
        const e = await next(Math.max(1, deadline - Date.now()));
        if (e === 'ended') return events;
        events.push(e);
      }
    },
    async present(ms = 3000) {
      for (;;) {
        const e = await next(scaledTimeout(ms));
        if (e === 'ended') throw new Error('stream ended');
        if (e.event === 'state') return e.data.present as string[];
      }
    },
    close: async () => {
      await reader?.cancel();
    },
  };
}

/** The `present` of every state event up to and including the first that `done` accepts. */
async function statesUntil(stream: Stream, done: (present: string[]) => boolean): Promise<string[][]> {
  const states: string[][] = [];
  for (;;) {
    const present = await stream.present();
    states.push(present);
    if (done(present)) return states;
  }
}

const post = (m: Member, path: string, body?: unknown, fetchIn: Fetch = t.fetch) =>
  fetchIn(path, {
    method: 'POST',
    headers: { ...auth(m), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** What a member whose access ended receives: one `closed` event with words, then nothing. */
function expectClosedOnly(events: LiveEvent[]): void {
  expect(events.map((e) => e.event)).toEqual(['closed']);
  expect(String(events[0]?.data.message)).toMatch(/closed for you/);
}

describe('a live stream ends with its member’s access', () => {
  it('closes the stream of a member who leaves a private circle, and the others see them go', async () => {
    const ana = await member('Ana');
    const ben = await member('Ben');
    const id = await liveCircle([ana, ben]);
    const a = await open(ana, id);
    expect(await a.present()).toEqual(['Ana']);
    const b = await open(ben, id);
    expect(await b.present()).toEqual(['Ana', 'Ben']);
    expect(await a.present()).toEqual(['Ana', 'Ben']);

    expect((await post(ben, `/api/voice-circles/${id}/leave`)).status).toBe(200);
    expectClosedOnly(await b.rest(500));
    expect(await a.present()).toEqual(['Ana']);
    // And coming back through the stream is refused: the circle is private.
    expect((await open(ben, id)).status).toBe(404);
    await a.close();
  });

  it('closes the stream when the member signs out on that device', async () => {
    const ana = await member('Ana');
    const id = await liveCircle([ana]);
    const a = await open(ana, id);
    await a.present();
    const res = await authFetch(t, '/logout?scope=local', { method: 'POST', headers: auth(ana) });
    expect(res.status).toBe(204);
    expectClosedOnly(await a.rest(500));
  });

  it('closes the stream when the app signs the member out (/api/auth/logout)', async () => {
    const ana = await member('Ana');
    const id = await liveCircle([ana]);
    const a = await open(ana, id);
    await a.present();
    expect((await post(ana, '/api/auth/logout')).status).toBe(200);
    expectClosedOnly(await a.rest(500));
  });

  it('closes the stream when another device signs out everywhere', async () => {
    const ana = await member('Ana');
    const otherDevice = (await signedIn(t, ana.email)).session;
    const id = await liveCircle([ana]);
    const a = await open(ana, id);
    await a.present();
    const res = await authFetch(t, '/logout?scope=global', {
      method: 'POST',
      headers: { Authorization: `Bearer ${otherDevice.access_token}` },
    });
    expect(res.status).toBe(204);
    expectClosedOnly(await a.rest(500));
  });

  it('closes the stream when a reused refresh token revokes the session', async () => {
    const ana = await member('Ana');
    const id = await liveCircle([ana]);
    const a = await open(ana, id);
    await a.present();
    const refresh = (token: string) =>
      authFetch(t, '/token?grant_type=refresh_token', {
        method: 'POST',
        body: JSON.stringify({ refresh_token: token }),
      });
    expect((await refresh(ana.refresh)).status).toBe(200);
    t.advance(REFRESH_REUSE_WINDOW_MS + 1000);
    const reused = await refresh(ana.refresh);
    expect(reused.status).toBe(400);
    expectClosedOnly(await a.rest(500));
  });

  it('closes the stream of a deleted account and sends it nothing more', async () => {
    const ana = await member('Ana');
    const ben = await member('Ben');
    const id = await liveCircle([ana, ben]);
    const a = await open(ana, id);
    await a.present();
    const b = await open(ben, id);
    expect(await b.present()).toEqual(['Ana', 'Ben']);
    expect(await a.present()).toEqual(['Ana', 'Ben']);
    const res = await t.fetch('/api/account', {
      method: 'DELETE',
      headers: { ...auth(ben), 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    expectClosedOnly(await b.rest(500));
    expect(await a.present()).toEqual(['Ana']);
    await a.close();
  });

  it('never names more people present than the circle has members', async () => {
    // The attack: join, open the stream, leave, repeat, in a circle of two.
    const ana = await member('Ana');
    const id = await liveCircle([ana], 2);
    const a = await open(ana, id);
    expect(await a.present()).toEqual(['Ana']);
    const seen: string[][] = [];
    for (const name of ['Ben', 'Cy', 'Dee']) {
      const m = await member(name);
      expect((await post(m, `/api/voice-circles/${id}/join`, { inviteCode: undefined })).status).toBe(404);
      const invite = await t.deps.sql.get<{ invite_code: string }>(
        'SELECT invite_code FROM voice_circles WHERE id = ?',
        [id],
      );
      expect(
        (await post(m, `/api/voice-circles/${id}/join`, { inviteCode: invite?.invite_code })).status,
      ).toBe(201);
      const s = await open(m, id);
      expect(s.status).toBe(200);
      // Every state Ana's stream sends until it names the newcomer, then until it no longer
      // does: a presence beat already on its way may repeat the one before (on a busy machine
      // one did), but none may ever name more than the circle's two.
      seen.push(...(await statesUntil(a, (p) => p.includes(name))));
      expect((await post(m, `/api/voice-circles/${id}/leave`)).status).toBe(200);
      seen.push(...(await statesUntil(a, (p) => !p.includes(name))));
      // Its own opening state, perhaps a presence update that was on its way, then the end.
      const events = (await s.rest(500)).map((e) => e.event);
      expect(events.at(-1)).toBe('closed');
      expect(events.slice(0, -1).every((e) => e === 'state') && events.length >= 2).toBe(true);
    }
    for (const present of seen) {
      expect(present.length).toBeLessThanOrEqual(2);
      expect(present[0]).toBe('Ana');
    }
    // Each newcomer was seen, and seen gone, in turn.
    const changes = seen.filter((p, i) => i === 0 || p.join() !== seen[i - 1]!.join());
    expect(changes).toEqual([['Ana', 'Ben'], ['Ana'], ['Ana', 'Cy'], ['Ana'], ['Ana', 'Dee'], ['Ana']]);
    await a.close();
  });
});

describe('in a cluster', () => {
  it('a stream held by another process closes within about a second of leaving or signing out', async () => {
    // A second server process: its own app and its own connection (SQLite) or pool (PostgreSQL).
    const other = createApp({ ...t.deps, sql: t.anotherSql() });
    const otherFetch: Fetch = (path, init) =>
      Promise.resolve(other.fetch(new Request(new URL(path, TEST_ORIGIN), init)));
    const ana = await member('Ana');
    const ben = await member('Ben');
    const id = await liveCircle([ana, ben]);
    const a = await open(ana, id);
    await a.present();
    const b = await open(ben, id, otherFetch);
    expect(await b.present()).toEqual(['Ana', 'Ben']);
    expect(await a.present()).toEqual(['Ana', 'Ben']);

    const left = Date.now();
    expect((await post(ben, `/api/voice-circles/${id}/leave`)).status).toBe(200);
    // Ana's process leaves Ben out of `present` at once: he is no longer a member.
    expect(await a.present()).toEqual(['Ana']);
    expectClosedOnly(await b.rest(BEAT_MS * 3));
    expect(Date.now() - left).toBeLessThan(scaledTimeout(BEAT_MS * 3));

    const a2 = await open(ana, id, otherFetch);
    expect(await a2.present()).toEqual(['Ana']);
    const out = Date.now();
    const res = await authFetch(t, '/logout?scope=global', { method: 'POST', headers: auth(ana) });
    expect(res.status).toBe(204);
    expectClosedOnly(await a.rest(500)); // this process: at once
    expectClosedOnly(await a2.rest(BEAT_MS * 3)); // the other: on its beat
    expect(Date.now() - out).toBeLessThan(scaledTimeout(BEAT_MS * 3));
  });
});
