import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, insertSessions, mintToken, type TestMember } from '../../rest/test-members';
import { cueFile, cueHash, loadTemplateSeed, seedSessionTemplates } from '../../seed/templates';

let t: TestApp;
let ana: TestMember;
let ben: TestMember;
const DAY = 86_400_000;
/** Each template's planned seconds: a save practises the whole plan unless a test says not. */
const plan = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedSessionTemplates(t.deps.sql)).toBeGreaterThanOrEqual(16);
  await insertSessions(t, [
    { id: 1, title: 'Gentle voice awakening', skill_level: 'beginner', length_sec: 600 },
  ]);
  ana = await createMember(t);
  ben = await createMember(t);
  for (const row of await t.deps.sql.all<{ id: number; duration_sec: number }>(
    'SELECT id, duration_sec FROM session_templates',
  ))
    plan.set(Number(row.id), Number(row.duration_sec));
});
afterAll(() => t.close());

async function call(url: string, who: TestMember | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${url}`, { ...init, headers });
}
const save = (who: TestMember, body: Record<string, unknown>) =>
  call('/sessions', who, { method: 'POST', body: JSON.stringify(body) });
/** The spec's session-save payload for template 1 (beginner voice level: 20 tokens). */
const payload = (extra: Record<string, unknown> = {}) => ({
  templateId: 1,
  title: 'Morning Voice Wake-Up',
  description: 'ignored',
  category: 'find',
  duration: plan.get(Number(extra.templateId ?? 1)) ?? 300,
  difficulty: 'beginner',
  voiceLevel: 'beginner',
  rating: 5,
  audioData: { maxLevel: 0.4, completed: true },
  timeZone: 'Europe/London',
  ...extra,
});
const dashboard = async (who: TestMember, tz = 'Europe/London') =>
  (await call(`/users/${who.id}/dashboard?tz=${tz}`, who)).json();
const rowCount = async () =>
  Number((await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM template_sessions'))?.n);

describe('the seeded templates', () => {
  it('are 16 or more plans of 4-10 steps lasting 5-20 minutes, over all four focuses', () => {
    const seeds = loadTemplateSeed();
    expect(seeds.length).toBeGreaterThanOrEqual(16);
    expect(new Set(seeds.map((s) => s.category))).toEqual(new Set(['find', 'free', 'fine-tune', 'fun']));
    expect(new Set(seeds.map((s) => s.difficulty))).toEqual(
      new Set(['beginner', 'intermediate', 'advanced']),
    );
  });

  it('have a committed spoken cue for every step, rendered from its current text', () => {
    const cues = path.resolve(import.meta.dirname, '../../../public/cues');
    const manifest = JSON.parse(fs.readFileSync(path.join(cues, 'manifest.json'), 'utf8')) as Record<
      string,
      string
    >;
    for (const seed of loadTemplateSeed()) {
      seed.instructions.forEach((step, i) => {
        const file = path.join(cues, cueFile(seed.slug, i));
        expect(fs.statSync(file).size, file).toBeGreaterThan(2000);
        // Stale when the text changed after rendering: run `npm run cues:render`.
        expect(manifest[cueFile(seed.slug, i)], file).toBe(cueHash(step.text));
      });
    }
  });

  it('are seeded once: a second seed into a database that has them adds nothing', async () => {
    expect(await seedSessionTemplates(t.deps.sql)).toBe(0);
  });
});

describe('reading templates', () => {
  it('lists the library without signing in', async () => {
    const res = await call('/session-templates', null);
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.length).toBeGreaterThanOrEqual(16);
    expect(list[0]).toMatchObject({ id: 1, title: 'Morning Voice Wake-Up', category: 'find', steps: 6 });
  });

  it('returns one template in the spec shape with durations in seconds and a cue per step', async () => {
    const body = await (await call('/voice-sessions/1', null)).json();
    expect(body).toMatchObject({
      title: 'Morning Voice Wake-Up',
      category: 'find',
      difficulty: 'beginner',
      voiceLevel: 'beginner',
      duration: 405,
    });
    expect(body.instructions).toHaveLength(6);
    expect(body.instructions[0]).toMatchObject({ duration: 60, cue: '/cues/morning-voice-wake-up/1.mp3' });
    expect(body.instructions.reduce((n: number, s: { duration: number }) => n + s.duration, 0)).toBe(405);
  });

  it('gives a step sung to a target its pitch exercise: "sing a five-note scale" carries the five-note scale', async () => {
    const id = Number(
      (
        await t.deps.sql.get<{ id: number }>(
          "SELECT id FROM session_templates WHERE slug = 'discovering-your-range'",
        )
      )?.id,
    );
    const body = await (await call(`/voice-sessions/${id}`, null)).json();
    const steps = body.instructions as { text: string; exercise?: string }[];
    expect(steps.filter((s) => s.exercise)).toEqual([
      expect.objectContaining({
        text: expect.stringMatching(/^Sing a five-note scale/),
        exercise: 'tune-five-note-scale',
      }),
    ]);
    // Five seeded templates carry a target; steps without one say nothing about it.
    const seeded = loadTemplateSeed().flatMap((tpl) => tpl.instructions.filter((s) => s.exercise));
    expect(seeded.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(steps[0] ?? {})).not.toContain('exercise');
  });

  it('adds the step targets to a database seeded before steps had them, once, keeping changed steps', async () => {
    const row = await t.deps.sql.get<{ id: number; instructions_json: string }>(
      "SELECT id, instructions_json FROM session_templates WHERE slug = 'pitch-precision'",
    );
    const before = JSON.parse(String(row?.instructions_json)) as { text: string; exercise?: string }[];
    // As an older seed stored them: no exercise; and an operator reworded the last step with a target.
    const older = before.map(({ text, ...rest }, i) => {
      const { exercise: _dropped, ...step } = rest as { duration: number; exercise?: string };
      return i === 5 ? { ...step, text: 'An operator’s own words for the octave leap.' } : { ...step, text };
    });
    await t.deps.sql.run('UPDATE session_templates SET instructions_json = ? WHERE id = ?', [
      JSON.stringify(older),
      row?.id,
    ]);
    expect(await seedSessionTemplates(t.deps.sql)).toBe(0);
    const after = JSON.parse(
      String(
        (
          await t.deps.sql.get<{ j: string }>(
            'SELECT instructions_json AS j FROM session_templates WHERE id = ?',
            [row?.id],
          )
        )?.j,
      ),
    ) as { text: string; exercise?: string }[];
    expect(after.map((s) => s.exercise ?? null)).toEqual([
      'find-one-note',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    await t.deps.sql.run('UPDATE session_templates SET instructions_json = ? WHERE id = ?', [
      row?.instructions_json,
      row?.id,
    ]);
  });

  it('answers 404 for an unknown template and 400 for a malformed id', async () => {
    expect((await call('/voice-sessions/9999', null)).status).toBe(404);
    const bad = await call('/voice-sessions/abc', null);
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toHaveProperty('templateId');
  });
});

describe('saving a template session', () => {
  it('needs a signed-in member', async () => {
    const res = await t.fetch('/api/sessions', { method: 'POST', body: JSON.stringify(payload()) });
    expect(res.status).toBe(401);
  });

  it('refuses bad payloads with 400 naming the field, and writes nothing', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [payload({ duration: -5 }), 'duration'],
      [payload({ duration: 99_999 }), 'duration'],
      [payload({ duration: 'long' }), 'duration'],
      [payload({ templateId: 9999 }), 'templateId'],
      [payload({ templateId: 'x' }), 'templateId'],
      [payload({ audioData: { maxLevel: 7, completed: true } }), 'audioData.maxLevel'],
      [payload({ rating: 9 }), 'rating'],
      [payload({ timeZone: 'Mars/Olympus' }), 'timeZone'],
    ];
    for (const [body, field] of cases) {
      const res = await save(ana, body);
      expect(res.status, field).toBe(400);
      expect((await res.json()).fields, field).toHaveProperty(field);
    }
    expect(await rowCount()).toBe(before);
  });

  it("refuses another member's userId with 403 and takes the member from the token", async () => {
    const before = await rowCount();
    expect((await save(ana, payload({ userId: ben.id }))).status).toBe(403);
    expect(await rowCount()).toBe(before);
    expect((await save(ben, payload({ userId: ben.id, templateId: 2 }))).status).toBe(201);
    expect((await dashboard(ana)).user.totalSessions).toBe(0);
    expect((await dashboard(ben)).user.totalSessions).toBe(1);
  });

  it('awards tokens by voice level once per template per local day, and counts every save', async () => {
    const first = await save(ana, payload());
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toMatchObject({ templateId: 1, tokensAwarded: 20, totalTokens: 20 });
    expect(body.newBadges.map((b: { id: string }) => b.id)).toEqual(['first-session', 'first-template']);
    // The same template again that day: recorded, no tokens. Another template: its own tokens.
    expect(await (await save(ana, payload())).json()).toMatchObject({ tokensAwarded: 0, totalTokens: 20 });
    // Template 3 is 'developing': 25 tokens.
    expect(await (await save(ana, payload({ templateId: 3 }))).json()).toMatchObject({
      tokensAwarded: 25,
      totalTokens: 45,
    });
    const d = await dashboard(ana);
    expect(d.user).toMatchObject({ totalSessions: 3, currentStreak: 1, toneTokens: 45 });
    expect(d.totals.minutes).toBe(Math.round((2 * plan.get(1)! + plan.get(3)!) / 60));
  });

  it('awards the same template again on the next local day and extends the streak', async () => {
    t.advance(DAY);
    expect(await (await save(ana, payload())).json()).toMatchObject({ tokensAwarded: 20, totalTokens: 65 });
    expect((await dashboard(ana)).streaks.current).toBe(2);
  });

  it('awards a template once under concurrent saves the same day', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => save(ana, payload({ templateId: 5 }))));
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(bodies.filter((b) => b.tokensAwarded > 0)).toHaveLength(1);
  });

  it('adds template tokens to the balance a catalogue completion reports', async () => {
    const res = await call('/session-completions', ana, {
      method: 'POST',
      body: JSON.stringify({ sessionId: 1, timeZone: 'Europe/London' }),
    });
    const tokens = (await dashboard(ana)).user.toneTokens;
    expect(await res.json()).toMatchObject({ tokensAwarded: 20, totalTokens: tokens });
  });

  it('moves an enrolled program on when its next step is this template, once', async () => {
    const programId = (await t.deps.sql.get<{ id: number }>(
      `INSERT INTO programs (slug, title, description, duration_days, program_type, difficulty)
       VALUES ('tpl', 'Template program', 'Two template steps', 7, 'test', 'beginner') RETURNING id`,
    ))!.id;
    const item = 'INSERT INTO program_items (program_id, position, template_id) VALUES (?, ?, ?)';
    await t.deps.sql.run(item, [programId, 0, 2]);
    await t.deps.sql.run(item, [programId, 1, 3]);
    expect((await call(`/specialized-programs/${programId}/enroll`, ben, { method: 'POST' })).status).toBe(
      201,
    );

    const first = await (await save(ben, payload({ templateId: 2, title: 'x' }))).json();
    expect(first.programs).toEqual([
      expect.objectContaining({ programId, currentSessionIndex: 1, progress: 50, completed: false }),
    ]);
    // Saving the same template again is not the program's next step: nothing moves.
    expect((await (await save(ben, payload({ templateId: 2 }))).json()).programs).toBeUndefined();
    const last = await (await save(ben, payload({ templateId: 3 }))).json();
    expect(last.programs).toEqual([expect.objectContaining({ programId, progress: 100, completed: true })]);
  });
});

describe('advanced templates (tier feature advanced_sessions, level 4)', () => {
  const advanced = async () =>
    (
      await t.deps.sql.all<{ id: number; slug: string }>(
        "SELECT id, slug FROM session_templates WHERE difficulty = 'advanced' ORDER BY id",
      )
    ).map((r) => ({ id: Number(r.id), slug: r.slug }));

  it('are seven or more, the three of issue 30 among them, and the library marks them', async () => {
    const list = await advanced();
    expect(list.length).toBeGreaterThanOrEqual(7);
    expect(list.map((r) => r.slug)).toEqual(
      expect.arrayContaining(['messa-di-voce', 'range-sirens-breath-pacing', 'resonance-ladder']),
    );
    const library = (await (await call('/session-templates', null)).json()) as { difficulty: string }[];
    expect(library.filter((e) => e.difficulty === 'advanced')).toHaveLength(list.length);
  });

  it('are refused below level 4 with a 403 feature_locked in words, recording nothing; at level 4 they save', async () => {
    const cy = await createMember(t);
    const [first] = await advanced();
    const body = payload({ templateId: first!.id });
    const before = await rowCount();
    const refused = await save(cy, body);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'feature_locked',
      message: 'Advanced sessions opens at level 4; you are at level 1 (500 tone tokens to go).',
    });
    expect(await rowCount()).toBe(before);
    expect((await dashboard(cy)).totals.minutes).toBe(0);
    // Beginner and intermediate templates stay open to everyone.
    expect((await save(cy, payload())).status).toBe(201);

    // 480 more tokens of earlier practice (with the 20 just earned: level 4 exactly).
    await t.deps.sql.run(
      `INSERT INTO practice_ledger (user_id, kind, item_id, title, categories, practised_at, local_date,
         planned_sec, practised_sec, counted, earned, source_id)
       VALUES (?, 'template', 0, 'Earlier practice', '["find"]', '2026-01-05T12:00:00.000Z', '2026-01-05',
         600, 600, 1, 480, NULL)`,
      [cy.id],
    );
    expect((await save(cy, body)).status).toBe(201);
  });

  it('are added to a database seeded before they existed, once, by slug', async () => {
    const slugs = ['messa-di-voce', 'range-sirens-breath-pacing', 'resonance-ladder'];
    // As an older seed left it: without the three (and with nothing pointing at them yet).
    await t.deps.sql.run(
      `DELETE FROM session_templates WHERE slug IN (?, ?, ?)
        AND id NOT IN (SELECT template_id FROM template_sessions)`,
      slugs,
    );
    expect((await advanced()).map((r) => r.slug)).not.toContain('messa-di-voce');
    expect(await seedSessionTemplates(t.deps.sql)).toBe(3);
    expect(await seedSessionTemplates(t.deps.sql)).toBe(0);
    expect((await advanced()).map((r) => r.slug)).toEqual(expect.arrayContaining(slugs));
    // A template added later gets the next id, so a new one can be inserted after it too.
    const next = await t.deps.sql.get<{ id: number }>(
      `INSERT INTO session_templates (slug, title, description, category, difficulty, voice_level,
        duration_sec, instructions_json) VALUES ('after', 'After', 'd', 'find', 'beginner', 'beginner', 60, '[]')
       RETURNING id`,
    );
    expect(Number(next?.id)).toBeGreaterThan(Math.max(...(await advanced()).map((r) => r.id)));
    await t.deps.sql.run("DELETE FROM session_templates WHERE slug = 'after'");
  });
});
