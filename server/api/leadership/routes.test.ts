import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import { addDays } from '../../../src/domain/challenges';
import { localDateOf } from '../../../src/domain/streaks';
import { deleteMember } from '../accounts/delete-account';
import { exportMember } from '../accounts/export';
import { callAs, pastPractice } from '../challenges/test-support';

const LEVEL_9 = 3500;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function memberAt(tokens: number, name: string): Promise<TestMember> {
  const m = await createMember(t);
  await t.deps.sql.run('UPDATE users SET first_name = ? WHERE id = ?', [name, m.id]);
  if (tokens > 0)
    await pastPractice(t, m.id, addDays(localDateOf(t.deps.now(), 'UTC'), -40), { earned: tokens });
  return m;
}

async function circleOf(owner: TestMember, ...members: TestMember[]): Promise<number> {
  const res = await callAs(t, owner, '/voice-circles', {
    body: { name: `Circle ${randomUUID().slice(0, 6)}` },
  });
  const { id } = (await res.json()) as { id: number };
  for (const m of members)
    expect((await callAs(t, m, `/voice-circles/${id}/join`, { body: {} })).status).toBe(201);
  return id;
}

const pin = (who: TestMember, id: number, prompt: string) =>
  callAs(t, who, `/leadership/circles/${id}/prompt`, { method: 'PUT', body: { prompt } });
const name = (who: TestMember, id: number, userId: string) =>
  callAs(t, who, `/leadership/circles/${id}/co-leaders`, { body: { userId } });
const members = async (who: TestMember, id: number) =>
  (await (await callAs(t, who, `/leadership/circles/${id}/members`)).json()) as {
    prompt: { text: string; byFirstName: string } | null;
    members: { firstName: string; badges: string[] }[];
  };

describe('community leadership', () => {
  it('refuses the leadership page and the prompt below level 9 in words', async () => {
    const owner = await memberAt(0, 'Ann');
    const id = await circleOf(owner);
    const page = await callAs(t, owner, '/leadership');
    expect(page.status).toBe(403);
    expect(await page.json()).toMatchObject({
      error: 'feature_locked',
      message: expect.stringContaining('level 9'),
    });
    expect((await pin(owner, id, 'Hum daily')).status).toBe(403);
    expect(await t.deps.sql.all('SELECT 1 AS x FROM circle_prompts WHERE circle_id = ?', [id])).toHaveLength(
      0,
    );
  });

  it('lets a level-9 owner pin a weekly prompt every member sees, with the leader badge beside the owner', async () => {
    const owner = await memberAt(LEVEL_9, 'Bo');
    const low = await memberAt(0, 'Cal');
    const id = await circleOf(owner, low);
    const res = await pin(owner, id, 'Three slow sirens before breakfast');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      role: 'owner',
      prompt: { text: 'Three slow sirens before breakfast' },
    });
    const seen = await members(low, id);
    expect(seen.prompt).toMatchObject({ text: 'Three slow sirens before breakfast', byFirstName: 'Bo' });
    expect(seen.members).toEqual([
      { firstName: 'Bo', badges: ['leader'] },
      { firstName: 'Cal', badges: [] },
    ]);
    const page = (await (await callAs(t, owner, '/leadership')).json()) as { circles: { id: number }[] };
    expect(page.circles.map((c) => c.id)).toEqual([id]);
  });

  it('answers a bad prompt with 400 naming prompt and keeps the old one', async () => {
    const owner = await memberAt(LEVEL_9, 'Dee');
    const id = await circleOf(owner);
    await pin(owner, id, 'Keep this');
    for (const prompt of ['', 'x'.repeat(201), 'two\nlines']) {
      const res = await pin(owner, id, prompt);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain('prompt');
    }
    expect((await members(owner, id)).prompt?.text).toBe('Keep this');
  });

  it('lets an owner name a level-9 member co-leader, who may then pin the prompt; refuses others', async () => {
    const owner = await memberAt(LEVEL_9, 'Eve');
    const nine = await memberAt(LEVEL_9, 'Fay');
    const low = await memberAt(100, 'Gus');
    const outsider = await memberAt(LEVEL_9, 'Hank');
    const id = await circleOf(owner, nine, low);
    expect((await pin(nine, id, 'Mine now')).status).toBe(403);
    const tooLow = await name(owner, id, low.id);
    expect(tooLow.status).toBe(409);
    expect(await tooLow.json()).toMatchObject({ error: 'below_level_9' });
    expect((await name(owner, id, outsider.id)).status).toBe(404);
    expect((await name(owner, id, 'not-an-id')).status).toBe(400);
    expect((await name(nine, id, low.id)).status).toBe(403);
    const named = await name(owner, id, nine.id);
    expect(named.status).toBe(201);
    expect(await named.json()).toMatchObject({
      members: expect.arrayContaining([expect.objectContaining({ firstName: 'Fay', coLeader: true })]),
    });
    expect((await pin(nine, id, 'From the co-leader')).status).toBe(200);
    expect((await members(low, id)).members.find((m) => m.firstName === 'Fay')?.badges).toEqual([
      'co-leader',
    ]);
    const fayPage = (await (await callAs(t, nine, '/leadership')).json()) as {
      circles: { id: number; role: string }[];
    };
    expect(fayPage.circles).toEqual([expect.objectContaining({ id, role: 'co-leader' })]);
    expect((await callAs(t, outsider, `/leadership/circles/${id}/members`)).status).toBe(404);
    const removed = await callAs(t, owner, `/leadership/circles/${id}/co-leaders/${nine.id}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect((await pin(nine, id, 'Again')).status).toBe(403);
  });

  it('exports a leader’s prompt and co-leading, and deletion removes them', async () => {
    const owner = await memberAt(LEVEL_9, 'Ivo');
    const nine = await memberAt(LEVEL_9, 'Jan');
    const id = await circleOf(owner, nine);
    await name(owner, id, nine.id);
    await pin(nine, id, 'Jan’s prompt');
    const exported = await exportMember(t.deps.sql, nine.id, new Date(t.deps.now()).toISOString());
    expect(exported?.tables.circle_prompts?.map((r) => r.prompt)).toEqual(['Jan’s prompt']);
    expect(exported?.tables.circle_co_leaders).toHaveLength(1);
    await deleteMember(t.deps.sql, nine.id);
    expect(await t.deps.sql.all('SELECT 1 AS x FROM circle_prompts WHERE circle_id = ?', [id])).toHaveLength(
      0,
    );
    expect(
      await t.deps.sql.all('SELECT 1 AS x FROM circle_co_leaders WHERE circle_id = ?', [id]),
    ).toHaveLength(0);
  });
});
