import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, mintToken, type TestMember } from '../../rest/test-members';
import { seedSessionTemplates } from '../../seed/templates';

let t: TestApp;
let ana: TestMember;
const WEEK = 7 * 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await seedSessionTemplates(t.deps.sql);
  ana = await createMember(t);
});
afterAll(() => t.close());

async function call(url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${await mintToken(t, ana)}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${url}`, { ...init, headers });
}
/** Saves the whole plan of a template (a session, not partial practice) unless `extra` says otherwise. */
const saveTemplate = async (templateId: number, extra: Record<string, unknown> = {}) =>
  call('/sessions', {
    method: 'POST',
    body: JSON.stringify({
      templateId,
      duration: Number(
        (
          await t.deps.sql.get<{ d: number }>(
            'SELECT duration_sec AS d FROM session_templates WHERE id = ?',
            [templateId],
          )
        )?.d ?? 0,
      ),
      rating: 5,
      audioData: { maxLevel: 0.3, completed: true },
      timeZone: 'Europe/Paris',
      ...extra,
    }),
  });

async function circle(
  sessionType: 'asynchronous' | 'real_time',
  templateId: number | null,
  member = true,
): Promise<number> {
  const { id } = (await t.deps.sql.get<{ id: number }>(
    `INSERT INTO voice_circles (name, session_type, max_participants, scheduled_time, is_private,
      invite_code, template_id, created_at)
     VALUES ('c', ?, 8, ?, 0, ?, ?, '2026-01-01T00:00:00.000Z') RETURNING id`,
    [
      sessionType,
      sessionType === 'real_time' ? '2026-01-05T18:00:00.000Z' : null,
      crypto.randomUUID(),
      templateId,
    ],
  ))!;
  if (member)
    await t.deps.sql.run(
      "INSERT INTO circle_members (circle_id, user_id, joined_at) VALUES (?, ?, '2026-01-01')",
      [id, ana.id],
    );
  return id;
}
const practices = (circleId: number) =>
  t.deps.sql.all<{ week_start: string; time_zone: string }>(
    'SELECT week_start, time_zone FROM circle_practices WHERE circle_id = ? AND user_id = ?',
    [circleId, ana.id],
  );
const shortestTemplate = async () =>
  (await t.deps.sql.get<{ id: number }>(
    'SELECT id FROM session_templates ORDER BY duration_sec, id LIMIT 1',
  ))!.id;

describe('finishing a template session marks the week in the circles that share it', () => {
  it('marks exactly the member’s asynchronous circles whose plan is that template, once per week', async () => {
    const shortest = await shortestTemplate();
    const other = shortest === 1 ? 2 : 1;
    const shared = await circle('asynchronous', shortest);
    const defaultPlan = await circle('asynchronous', null); // practises the shortest template
    const otherPlan = await circle('asynchronous', other);
    const live = await circle('real_time', shortest);
    const notMine = await circle('asynchronous', shortest, false);

    const first = await saveTemplate(shortest);
    expect(first.status).toBe(201);
    expect((await first.json()).circlesPractised).toEqual([shared, defaultPlan]);
    expect(await practices(shared)).toHaveLength(1);
    expect(await practices(defaultPlan)).toHaveLength(1);
    expect((await practices(shared))[0]?.time_zone).toBe('Europe/Paris');
    for (const id of [otherPlan, live, notMine]) expect(await practices(id)).toEqual([]);

    // The circle page reads it as this week's practice.
    const view = await (await call(`/voice-circles/${shared}/practice?tz=Europe/Paris`)).json();
    expect(view.practisedByMe).toBe(true);

    // Same week again: nothing new.
    const again = await saveTemplate(shortest);
    expect(again.status).toBe(201);
    expect((await again.json()).circlesPractised).toBeUndefined();
    expect(await practices(shared)).toHaveLength(1);

    // The other plan marks only its own circle.
    expect((await (await saveTemplate(other)).json()).circlesPractised).toEqual([otherPlan]);

    // A week later counts as the new week's practice.
    t.advance(WEEK);
    expect((await (await saveTemplate(shortest)).json()).circlesPractised).toEqual([shared, defaultPlan]);
    expect(await practices(shared)).toHaveLength(2);
  });

  it('writes nothing when the save is refused', async () => {
    const id = await circle('asynchronous', 3);
    expect((await saveTemplate(3, { duration: -5 })).status).toBe(400);
    expect(await practices(id)).toEqual([]);
  });
});
