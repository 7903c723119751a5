import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stepAt, weekStartOf, currentOrNextStart, WEEK_MS } from '../../../src/domain/circles';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import { MAX_STREAMS_PER_MEMBER } from './routes';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

let t: TestApp;
let ana: TestMember;
let ben: TestMember;
let circleId: number;

const STEPS = [
  { text: 'Breathe low and slow', duration: 20 },
  { text: 'Hum on a comfortable note', duration: 120 },
  { text: 'Sirens up and down', duration: 60 },
];

beforeAll(async () => {
  t = await createTestApp();
  ana = await createMember(t);
  ben = await createMember(t);
  const sql = t.deps.sql;
  await sql.run("UPDATE users SET first_name = 'Ana' WHERE id = ?", [ana.id]);
  await sql.run("UPDATE users SET first_name = 'Ben Okafor' WHERE id = ?", [ben.id]);
  await sql.run(
    `INSERT INTO session_templates (id, slug, title, description, category, difficulty, voice_level,
      duration_sec, instructions_json) VALUES (7, 'circle-test', 'Warm hum', '', 'free', 'beginner', 'all', 200, ?)`,
    [JSON.stringify(STEPS)],
  );
  // Started 30 s ago: everyone must be on step 2 (index 1).
  const start = new Date(t.deps.now() - 30_000).toISOString();
  const created = await sql.get<{ id: number }>(
    `INSERT INTO voice_circles (name, session_type, scheduled_time, duration_min, invite_code, template_id, created_at)
     VALUES ('Live hum', 'real_time', ?, 30, 'code-live', 7, ?) RETURNING id`,
    [start, start],
  );
  circleId = Number(created?.id);
});
afterAll(() => t.close());

const auth = (m: TestMember) => ({ Authorization: `Bearer ${m.token}` });

interface Stream {
  status: number;
  next(): Promise<{ event: string; data: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Opens the live stream and parses server-sent events from it. */
async function open(m: TestMember, id = circleId): Promise<Stream> {
  const res = await t.fetch(`/api/voice-circles/${id}/live`, { headers: auth(m) });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    status: res.status,
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = [...block.matchAll(/^data: (.*)$/gm)].map((x) => x[1]).join('\n');
          if (event) return { event, data: JSON.parse(data) };
          continue; // a comment (heartbeat)
        }
        const chunk = await reader?.read();
        if (!chunk || chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: async () => {
      await reader?.cancel();
    },
  };
}

describe('live group sessions', () => {
  it('refuses members of other circles and circles that are not live', async () => {
    expect((await open(ana)).status).toBe(403);
    const res = await t.fetch('/api/voice-circles/abc/live', { headers: auth(ana) });
    expect(res.status).toBe(400);

    const later = new Date(t.deps.now() + 3 * 3600_000).toISOString();
    const created = await t.fetch('/api/voice-circles', {
      method: 'POST',
      headers: { ...auth(ana), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Later', sessionType: 'real_time', scheduledTime: later }),
    });
    const notYet = await open(ana, (await created.json()).id);
    expect(notYet.status).toBe(409);
    const asyncCircle = await t.fetch('/api/voice-circles', {
      method: 'POST',
      headers: { ...auth(ana), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Any time' }),
    });
    expect((await open(ana, (await asyncCircle.json()).id)).status).toBe(409);
  });

  it('shows both members present, on the same step from the server clock, and cleans up', async () => {
    for (const m of [ana, ben]) {
      const res = await t.fetch(`/api/voice-circles/${circleId}/join`, { method: 'POST', headers: auth(m) });
      expect(res.status).toBe(201);
    }
    const a = await open(ana);
    expect(a.status).toBe(200);
    const first = await a.next();
    expect(first.event).toBe('state');
    expect(first.data).toMatchObject({ phase: 'active', stepIndex: 1, stepCount: 3, present: ['Ana'] });

    const b = await open(ben);
    const seenByBen = await b.next();
    const seenByAna = await a.next();
    for (const s of [seenByBen, seenByAna]) {
      expect(s.data).toMatchObject({ stepIndex: 1, templateTitle: 'Warm hum', present: ['Ana', 'Ben'] });
    }
    expect(seenByAna.data.stepEndsAt).toBe(seenByBen.data.stepEndsAt);

    await b.close();
    const afterLeave = await a.next();
    expect(afterLeave.data.present).toEqual(['Ana']);
    await a.close();
  });

  it('caps the open streams of one member', async () => {
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) streams.push(await open(ana));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const extra = await open(ana);
    expect(extra.status).toBe(429);
    await streams[0]?.close();
    // The server frees the slot when it sees the connection close: a moment later, longer on a
    // busy machine. Until then another open is refused (and holds nothing).
    let again = await open(ana);
    await vi.waitFor(async () => {
      if (again.status !== 200) again = await open(ana);
      expect(again.status).toBe(200);
    });
    await Promise.all([...streams.slice(1), again].map((s) => s.close()));
  });
});

describe('circle timing rules', () => {
  it('puts every member on the same step at the same instant', () => {
    const steps = [
      { text: 'a', duration: 10 },
      { text: 'b', duration: 20 },
    ];
    expect(stepAt(steps, 1000, 60_000, 500).phase).toBe('waiting');
    expect(stepAt(steps, 1000, 60_000, 1000)).toMatchObject({ phase: 'active', index: 0, endsAt: 11_000 });
    expect(stepAt(steps, 1000, 60_000, 11_000)).toMatchObject({ phase: 'active', index: 1, endsAt: 31_000 });
    expect(stepAt(steps, 1000, 60_000, 31_000)).toMatchObject({
      phase: 'finished',
      index: 2,
      endsAt: 60_000,
    });
  });

  it('repeats a live circle weekly and keeps a running session as the next one', () => {
    const first = Date.parse('2026-01-06T18:00:00Z');
    expect(currentOrNextStart(first, 30, first - 1)).toBe(first);
    expect(currentOrNextStart(first, 30, first + 29 * 60_000)).toBe(first);
    expect(currentOrNextStart(first, 30, first + 30 * 60_000)).toBe(first + WEEK_MS);
    expect(currentOrNextStart(first, 30, first + 3 * WEEK_MS + 60_000)).toBe(first + 3 * WEEK_MS);
  });

  it('starts the week on Monday', () => {
    expect(weekStartOf('2026-11-26')).toBe('2026-11-23'); // a Thursday
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // Sunday
  });
});

describe('live streams over proxies', () => {
  it('sends keep-alive comments and moves everyone on at a step boundary by itself', async () => {
    const { Hono } = await import('hono');
    const { circlesRoutes } = await import('./routes');
    const app = new Hono().route('/api', circlesRoutes(t.deps, { heartbeatMs: 30 }));
    const sql = t.deps.sql;
    await sql.run(
      `INSERT INTO session_templates (id, slug, title, description, category, difficulty, voice_level,
        duration_sec, instructions_json) VALUES (8, 'circle-fast', 'Quick', '', 'free', 'beginner', 'all', 62, ?)`,
      [
        JSON.stringify([
          { text: 'One', duration: 2 },
          { text: 'Two', duration: 60 },
        ]),
      ],
    );
    // Step one ends 1.2 s from now: enough for the inserts and the request on a loaded machine
    // (with 300 ms, a slow PostgreSQL run opened the stream after step one had ended).
    const start = new Date(t.deps.now() - 800).toISOString();
    const created = await sql.get<{ id: number }>(
      `INSERT INTO voice_circles (name, session_type, scheduled_time, invite_code, template_id, created_at)
       VALUES ('Fast', 'real_time', ?, 'code-fast', 8, ?) RETURNING id`,
      [start, start],
    );
    const id = Number(created?.id);
    await sql.run("INSERT INTO circle_members (circle_id, user_id, joined_at) VALUES (?, ?, '2026-01-01')", [
      id,
      ben.id,
    ]);
    const res = await app.request(`/api/voice-circles/${id}/live`, { headers: auth(ben) });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const deadline = Date.now() + scaledTimeout(5000);
    while (Date.now() < deadline && !(text.includes(': keep-alive') && text.includes('"stepIndex":1'))) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(text).toContain('"stepIndex":0');
    expect(text).toContain(': keep-alive');
    expect(text).toContain('"stepIndex":1');
    await reader?.cancel();
  });
});
