import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, insertSessions, mintToken, type TestMember } from '../../rest/test-members';
import { DEMO_EXPERT_CONTENT, seedExpertContent } from '../../seed/expert-content';
import { advanceProgramsAfter } from './advance';
import { initialsOf } from './present';

let t: TestApp;
let ana: TestMember;
let ben: TestMember;
let programId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(
    t,
    // Short sessions, so the per-member listening budget (completion-limit.ts) never refuses one here.
    Array.from({ length: 30 }, (_, i) => ({ id: i + 1, title: `session ${i + 1}`, length_sec: 60 })),
  );
  expect(await seedExpertContent(t.deps.sql)).toBe(16);
  expect(await seedExpertContent(t.deps.sql)).toBe(0); // idempotent: only missing rows are added
  ana = await createMember(t);
  ben = await createMember(t);
  // A small program mixing a catalogue session and a session template.
  await t.deps.sql.run(
    `INSERT INTO session_templates (id, slug, title, description, category, difficulty, voice_level,
    duration_sec, instructions_json) VALUES (900, 'test-hum', 'test hum', 'd', 'find', 'beginner', 'any', 60, '[]')`,
  );
  programId = (await t.deps.sql.get<{ id: number }>(
    `INSERT INTO programs (slug, title, description, duration_days, program_type, difficulty)
     VALUES ('mini', 'Mini', 'Two steps', 7, 'test', 'beginner') RETURNING id`,
  ))!.id;
  await t.deps.sql.run('INSERT INTO program_items (program_id, position, session_id) VALUES (?, 0, 3)', [
    programId,
  ]);
  await t.deps.sql.run('INSERT INTO program_items (program_id, position, template_id) VALUES (?, 1, 900)', [
    programId,
  ]);
});
afterAll(() => t.close());

async function call(path: string, who: TestMember | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
}
const post = (path: string, who: TestMember | null, body?: unknown) =>
  call(path, who, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const json = async (res: Promise<Response>) => (await res).json();

describe('expert content authorization', () => {
  it.each([
    ['GET', '/expert-content'],
    ['POST', '/expert-content/1/view'],
    ['GET', '/specialized-programs'],
    ['GET', '/my-enrollments'],
    ['POST', '/specialized-programs/1/enroll'],
    ['DELETE', '/specialized-programs/1/enroll'],
  ])('%s %s needs a signed-in member (401)', async (method, path) => {
    expect((await call(path, null, { method })).status).toBe(401);
  });

  it('keeps enrollments to their member: another member sees none and cannot unenroll them (404)', async () => {
    expect((await post(`/specialized-programs/${programId}/enroll`, ana)).status).toBe(201);
    expect(await json(call('/my-enrollments', ben))).toEqual([]);
    expect((await call(`/specialized-programs/${programId}/enroll`, ben, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(await json(call('/my-enrollments', ana))).toHaveLength(1);
    expect((await call(`/specialized-programs/${programId}/enroll`, ana, { method: 'DELETE' })).status).toBe(
      204,
    );
  });

  it('answers 400 for a bad id and 404 for an unknown program or class', async () => {
    expect((await post('/specialized-programs/abc/enroll', ana)).status).toBe(400);
    expect((await post('/specialized-programs/0/enroll', ana)).status).toBe(400);
    expect((await post('/specialized-programs/9999/enroll', ana)).status).toBe(404);
    expect((await post('/expert-content/9999/view', ana)).status).toBe(404);
    expect((await post('/expert-content/x/view', ana)).status).toBe(400);
  });
});

describe('expert content', () => {
  it('lists at least 12 demo classes, each teaching sessions, with initials avatars', async () => {
    const classes = await json(call('/expert-content', ana));
    expect(classes.length).toBeGreaterThanOrEqual(12);
    for (const c of classes) {
      expect(c.teaches.length).toBeGreaterThan(0);
      expect(c).toMatchObject({ isDemoExpert: true, expertImageUrl: null, rating: null });
      expect(c.expertInitials).toMatch(/^[A-Z]{2}$/);
    }
    expect(initialsOf('Juniper Ashgrove')).toBe('JA');
  });

  it('counts a view once per member', async () => {
    expect(await json(post('/expert-content/1/view', ana))).toEqual({ viewCount: 1 });
    expect(await json(post('/expert-content/1/view', ana))).toEqual({ viewCount: 1 });
    expect(await json(post('/expert-content/1/view', ben))).toEqual({ viewCount: 2 });
  });

  it('lists at least 4 programs of 7-30 days as ordered steps', async () => {
    const programs = await json(call('/specialized-programs', ana));
    expect(programs.length).toBeGreaterThanOrEqual(5);
    for (const p of programs) {
      expect(p.duration).toBeGreaterThanOrEqual(7);
      expect(p.duration).toBeLessThanOrEqual(30);
      expect(p.sessionCount).toBe(p.items.length);
      expect(p.items.map((i: { position: number }) => i.position)).toEqual(
        p.items.map((_: unknown, i: number) => i),
      );
    }
    expect(DEMO_EXPERT_CONTENT.programs.length).toBeGreaterThanOrEqual(4);
  });
});

describe('a class or program is as long as what it holds (issue 30)', () => {
  interface Item {
    durationSec: number;
  }
  const sum = (items: Item[]) => items.reduce((n, i) => n + i.durationSec, 0);

  it('every class says the length of its sessions, not a number of its own', async () => {
    const classes = await json(call('/expert-content', ana));
    for (const c of classes) {
      expect(c.duration, c.title).toBe(c.teaches.length); // minutes: 60 s each here
      expect(
        c.teaches.every((i: Item) => i.durationSec === 60),
        c.title,
      ).toBe(true);
      expect(c.durationSec, c.title).toBe(sum(c.teaches));
    }
  });

  it('"Evening Wind-Down" holding 16:30 of sessions says 17 min, a template step counted too', async () => {
    await insertSessions(t, [
      { id: 129, title: 'long hum', length_sec: 525 },
      { id: 106, title: 'long sigh', length_sec: 405 },
    ]);
    const klass = await t.deps.sql.get<{ id: number }>(
      `INSERT INTO expert_classes (slug, expert_id, title, description, duration_min, content_type, difficulty)
       VALUES ('long-wind-down', 1, 'Long Wind-Down', 'd', 7, 'guided_session', 'beginner') RETURNING id`,
    );
    for (const [position, column, id] of [
      [0, 'session_id', 129],
      [1, 'session_id', 106],
      [2, 'template_id', 900],
    ] as const) {
      await t.deps.sql.run(
        `INSERT INTO expert_class_items (class_id, position, ${column}) VALUES (?, ?, ?)`,
        [klass!.id, position, id],
      );
    }
    const found = (await json(call('/expert-content', ana))).find((c: { id: number }) => c.id === klass!.id);
    expect(found.teaches.map((i: Item) => i.durationSec)).toEqual([525, 405, 60]);
    expect(found).toMatchObject({ durationSec: 990, duration: 17 });
  });

  it('every program says the practice time of its steps', async () => {
    const programs = await json(call('/specialized-programs', ana));
    for (const p of programs) expect(p.practiceSec, p.title).toBe(sum(p.items));
    const mini = programs.find((p: { id: number }) => p.id === programId);
    expect(mini.practiceSec).toBe(120); // a 60 s session and a 60 s template
  });
});

describe('enrolment and progress', () => {
  it('enrols idempotently and advances exactly once per finished step until complete', async () => {
    const first = await post(`/specialized-programs/${programId}/enroll`, ben);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      programId,
      progress: 0,
      currentSessionIndex: 0,
      nextItem: { kind: 'session', id: 3 },
    });
    const again = await post(`/specialized-programs/${programId}/enroll`, ben);
    expect(again.status).toBe(200);
    const [program] = (await json(call('/specialized-programs', ben))).filter(
      (p: { id: number }) => p.id === programId,
    );
    expect(program.enrollmentCount).toBe(1);

    // A session that is not the next step changes nothing.
    await post('/session-completions', ben, { sessionId: 4, timeZone: 'UTC' });
    expect((await json(call('/my-enrollments', ben)))[0]).toMatchObject({
      currentSessionIndex: 0,
      progress: 0,
    });

    const done = await json(post('/session-completions', ben, { sessionId: 3, timeZone: 'UTC' }));
    expect(done.programs).toEqual([
      { programId, currentSessionIndex: 1, progress: 50, completed: false, newBadges: [] },
    ]);
    // Replaying the completion does not advance again.
    const replay = await json(post('/session-completions', ben, { sessionId: 3, timeZone: 'UTC' }));
    expect(replay.programs).toBeUndefined();
    const mine = (await json(call('/my-enrollments', ben)))[0];
    expect(mine).toMatchObject({
      currentSessionIndex: 1,
      progress: 50,
      completedAt: null,
      nextItem: { kind: 'template', id: 900, title: 'test hum' },
    });

    // The template step (POST /api/sessions calls this) completes the program and unlocks its badge.
    const last = await t.deps.sql.transaction((tx) =>
      advanceProgramsAfter(tx, ben.id, { kind: 'template', id: 900 }, '2026-01-01T00:00:00Z'),
    );
    expect(last).toEqual([
      {
        programId,
        currentSessionIndex: 2,
        progress: 100,
        completed: true,
        newBadges: [expect.objectContaining({ id: 'program-finished', name: 'Program Graduate' })],
      },
    ]);
    expect(await advanceProgramsAfter(t.deps.sql, ben.id, { kind: 'template', id: 900 })).toEqual([]);
    expect((await json(call('/my-enrollments', ben)))[0]).toMatchObject({
      progress: 100,
      completedAt: '2026-01-01T00:00:00Z',
      nextItem: null,
    });
  });

  it('unenrolling forgets the progress; enrolling again starts over', async () => {
    const who = await createMember(t);
    await post(`/specialized-programs/${programId}/enroll`, who);
    await post('/session-completions', who, { sessionId: 3, timeZone: 'UTC' });
    expect((await call(`/specialized-programs/${programId}/enroll`, who, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await call(`/specialized-programs/${programId}/enroll`, who, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(await json(post(`/specialized-programs/${programId}/enroll`, who))).toMatchObject({
      currentSessionIndex: 0,
    });
  });
});
