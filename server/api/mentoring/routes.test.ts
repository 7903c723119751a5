import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import { addDays } from '../../../src/domain/challenges';
import { localDateOf } from '../../../src/domain/streaks';
import { deleteMember } from '../accounts/delete-account';
import { exportMember } from '../accounts/export';
import { callAs, pastPractice } from '../challenges/test-support';

const LEVEL_7 = 1750;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => localDateOf(t.deps.now(), 'UTC');

async function memberAt(tokens: number, name: string): Promise<TestMember> {
  const m = await createMember(t);
  await t.deps.sql.run('UPDATE users SET first_name = ? WHERE id = ?', [name, m.id]);
  if (tokens > 0) await pastPractice(t, m.id, addDays(today(), -40), { earned: tokens });
  return m;
}

/** A mentor at level 7 whose offer is on. */
async function mentor(name: string, o: { focuses?: string[]; capacity?: number } = {}) {
  const m = await memberAt(LEVEL_7, name);
  const res = await callAs(t, m, '/mentoring/offer', {
    method: 'PUT',
    body: {
      intro: `Hi, I am ${name}.`,
      focuses: o.focuses ?? [],
      capacity: o.capacity ?? 2,
      available: true,
    },
  });
  expect(res.status).toBe(200);
  return m;
}

const request = (m: TestMember, focus: string | null = null, key?: string) =>
  callAs(t, m, '/mentoring/request', { body: { focus }, ...(key ? { key } : {}) });

async function endAllPairings() {
  await t.deps.sql.run('UPDATE mentor_pairings SET ended_at = ? WHERE ended_at IS NULL', [
    '2000-01-01T00:00:00.000Z',
  ]);
  await t.deps.sql.run('UPDATE mentor_offers SET available = 0');
}

describe('mentoring others', () => {
  it('refuses an offer to mentor below level 7 in words, and stores nothing', async () => {
    const low = await memberAt(0, 'Lou');
    const res = await callAs(t, low, '/mentoring/offer', {
      method: 'PUT',
      body: { intro: 'Hello', focuses: [], capacity: 1, available: true },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'feature_locked' });
    expect(
      await t.deps.sql.get('SELECT 1 AS x FROM mentor_offers WHERE user_id = ?', [low.id]),
    ).toBeUndefined();
    const page = (await (await callAs(t, low, '/mentoring')).json()) as { canMentor: boolean };
    expect(page.canMentor).toBe(false);
  });

  it('answers bad offer input with 400 naming the field and writes nothing', async () => {
    const m = await memberAt(LEVEL_7, 'Bea');
    for (const [body, field] of [
      [{ intro: '', focuses: [], capacity: 1, available: true }, 'intro'],
      [{ intro: 'x'.repeat(281), focuses: [], capacity: 1, available: true }, 'intro'],
      [{ intro: 'hi\u0007', focuses: [], capacity: 1, available: true }, 'intro'],
      [{ intro: 'hi', focuses: ['juggling'], capacity: 1, available: true }, 'focuses'],
      [{ intro: 'hi', focuses: [], capacity: 9, available: true }, 'capacity'],
    ] as const) {
      const res = await callAs(t, m, '/mentoring/offer', { method: 'PUT', body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(field);
    }
    expect(
      await t.deps.sql.get('SELECT 1 AS x FROM mentor_offers WHERE user_id = ?', [m.id]),
    ).toBeUndefined();
  });

  it('matches a request to the mentor of that focus first, then the least loaded one, and says when nobody is free', async () => {
    await endAllPairings();
    const ana = await mentor('Ana', { focuses: ['breath'], capacity: 1 });
    const ben = await mentor('Ben', { focuses: ['range'], capacity: 2 });
    const first = await memberAt(0, 'Cy');
    const res = await request(first, 'breath');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      role: 'mentee',
      focus: 'breath',
      partner: { firstName: 'Ana', level: 7 },
    });
    // Ana is full: the next breath request goes to Ben, then Ben once more, then nobody.
    const second = await memberAt(0, 'Di');
    expect(await (await request(second, 'breath')).json()).toMatchObject({ partner: { firstName: 'Ben' } });
    const third = await memberAt(0, 'Ed');
    expect((await request(third)).status).toBe(201);
    const fourth = await memberAt(0, 'Flo');
    const none = await request(fourth);
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({
      error: 'no_mentor_free',
      message: expect.stringContaining('No mentor'),
    });
    const benPage = (await (await callAs(t, ben, '/mentoring')).json()) as {
      offer: { mentees: number };
      mentees: { partner: { firstName: string } }[];
    };
    expect(benPage.offer.mentees).toBe(2);
    expect(benPage.mentees.map((p) => p.partner.firstName)).toEqual(['Di', 'Ed']);
    expect(ana.id).toBeTruthy();
  });

  it('pairs a member once, whether the request is sent twice with one key or twice with two', async () => {
    await endAllPairings();
    await mentor('Gil', { capacity: 5 });
    const mee = await memberAt(0, 'Hal');
    const key = randomUUID();
    const [a, b] = await Promise.all([request(mee, null, key), request(mee, null, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const again = await request(mee, null, randomUUID());
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'already_paired' });
    const rows = await t.deps.sql.all('SELECT id FROM mentor_pairings WHERE mentee_id = ?', [mee.id]);
    expect(rows).toHaveLength(1);
  });

  it('shows each side the other’s first name, level and current streak from the ledger, and carries notes both ways', async () => {
    await endAllPairings();
    const ivy = await mentor('Ivy Long', { capacity: 1 });
    const jo = await memberAt(0, 'Jo');
    for (const d of [-2, -1, 0]) await pastPractice(t, jo.id, addDays(today(), d), { earned: 20 });
    const pairing = (await (await request(jo)).json()) as { id: number };
    const note = await callAs(t, ivy, `/mentoring/pairings/${pairing.id}/notes`, {
      body: { body: 'Three days: lovely.' },
    });
    expect(note.status).toBe(201);
    const ivyView = (await note.json()) as { partner: unknown; notes: { mine: boolean; body: string }[] };
    expect(ivyView.partner).toMatchObject({ firstName: 'Jo', level: 1, currentStreak: 3 });
    expect(ivyView.notes).toEqual([expect.objectContaining({ mine: true, body: 'Three days: lovely.' })]);
    const joPage = (await (await callAs(t, jo, '/mentoring')).json()) as {
      mentor: { partner: { firstName: string; intro: string }; notes: { mine: boolean }[] };
    };
    expect(joPage.mentor.partner).toMatchObject({ firstName: 'Ivy', intro: 'Hi, I am Ivy Long.' });
    expect(joPage.mentor.notes[0]?.mine).toBe(false);
  });

  it('refuses an empty, too long or control-character note with 400 naming body, and an outsider with 404', async () => {
    await endAllPairings();
    const kay = await mentor('Kay', { capacity: 1 });
    const lee = await memberAt(0, 'Lee');
    const { id } = (await (await request(lee)).json()) as { id: number };
    for (const body of ['  ', 'x'.repeat(301), 'bad\u0000note'])
      expect((await callAs(t, kay, `/mentoring/pairings/${id}/notes`, { body: { body } })).status).toBe(400);
    const outsider = await memberAt(0, 'Max');
    expect(
      (await callAs(t, outsider, `/mentoring/pairings/${id}/notes`, { body: { body: 'hi' } })).status,
    ).toBe(404);
    expect(await t.deps.sql.all('SELECT id FROM mentor_notes WHERE pairing_id = ?', [id])).toHaveLength(0);
  });

  it('lets either side end the pairing, which removes its notes and frees the mentor’s place', async () => {
    await endAllPairings();
    const ned = await mentor('Ned', { capacity: 1 });
    const ola = await memberAt(0, 'Ola');
    const { id } = (await (await request(ola)).json()) as { id: number };
    await callAs(t, ola, `/mentoring/pairings/${id}/notes`, { body: { body: 'Thank you' } });
    expect((await callAs(t, ola, `/mentoring/pairings/${id}/end`, { method: 'POST' })).status).toBe(200);
    expect(await t.deps.sql.all('SELECT id FROM mentor_notes WHERE pairing_id = ?', [id])).toHaveLength(0);
    expect((await callAs(t, ned, `/mentoring/pairings/${id}/notes`, { body: { body: 'hi' } })).status).toBe(
      404,
    );
    const pam = await memberAt(0, 'Pam');
    expect(await (await request(pam)).json()).toMatchObject({ partner: { firstName: 'Ned' } });
  });

  it('exports a member’s offer, pairings and own notes, and account deletion removes them', async () => {
    await endAllPairings();
    const quinn = await mentor('Quinn', { capacity: 1 });
    const rae = await memberAt(0, 'Rae');
    const { id } = (await (await request(rae)).json()) as { id: number };
    await callAs(t, quinn, `/mentoring/pairings/${id}/notes`, { body: { body: 'Go Rae' } });
    const exported = await exportMember(t.deps.sql, quinn.id, new Date(t.deps.now()).toISOString());
    expect(exported?.tables.mentor_offers).toHaveLength(1);
    expect(exported?.tables.mentor_pairings?.map((r) => Number(r.id))).toContain(Number(id));
    expect(exported?.tables.mentor_notes?.map((r) => r.body)).toEqual(['Go Rae']);
    await deleteMember(t.deps.sql, quinn.id);
    expect(await t.deps.sql.all('SELECT id FROM mentor_pairings WHERE id = ?', [id])).toHaveLength(0);
    expect(await t.deps.sql.all('SELECT id FROM mentor_notes WHERE pairing_id = ?', [id])).toHaveLength(0);
    const raePage = (await (await callAs(t, rae, '/mentoring')).json()) as { mentor: unknown };
    expect(raePage.mentor).toBeNull();
  });
});
