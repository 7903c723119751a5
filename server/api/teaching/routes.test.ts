import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import { addDays } from '../../../src/domain/challenges';
import { localDateOf } from '../../../src/domain/streaks';
import { deleteMember } from '../accounts/delete-account';
import { exportMember } from '../accounts/export';
import { callAs, pastPractice } from '../challenges/test-support';
import { isCertifiedTeacher } from './certified';

const LEVEL_10 = 4750;
const ADMIN = 'Admin.Person@example.org';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN.toLowerCase()] });
  admin = await createMember(t, ADMIN.toLowerCase());
});
afterAll(() => t.close());

async function memberAt(tokens: number, name: string): Promise<TestMember> {
  const m = await createMember(t);
  await t.deps.sql.run('UPDATE users SET first_name = ? WHERE id = ?', [name, m.id]);
  if (tokens > 0) {
    const today = localDateOf(t.deps.now(), 'UTC');
    // Level 10's tokens over three days of practice, so the record has something to show.
    for (const d of [-42, -41, -40])
      await pastPractice(t, m.id, addDays(today, d), { earned: Math.ceil(tokens / 3) });
  }
  return m;
}

const apply = (
  who: TestMember,
  body: unknown = { teaches: 'Breath for singers', statement: 'I teach calmly.' },
) => callAs(t, who, '/teaching/application', { body, key: randomUUID() });
const decide = (who: TestMember, userId: string, body: unknown) =>
  callAs(t, who, `/admin/teaching-applications/${userId}`, { body });

describe('teaching certification', () => {
  it('refuses an application below level 10 in words and stores nothing', async () => {
    const low = await memberAt(3500, 'Ada');
    const res = await apply(low);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: 'feature_locked',
      message: expect.stringContaining('level 10'),
    });
    expect(
      await t.deps.sql.all('SELECT 1 AS x FROM teaching_applications WHERE user_id = ?', [low.id]),
    ).toHaveLength(0);
  });

  it('answers bad input with 400 naming the field and writes nothing', async () => {
    const m = await memberAt(LEVEL_10, 'Bay');
    for (const [body, field] of [
      [{ teaches: '', statement: 'x' }, 'teaches'],
      [{ teaches: 'x', statement: 'y'.repeat(1001) }, 'statement'],
      [{ teaches: 'x', statement: 'bad\u0001' }, 'statement'],
      [{ teaches: 'x', statement: 'y', links: ['javascript:alert(1)'] }, 'links'],
      [
        {
          teaches: 'x',
          statement: 'y',
          links: ['https://a.example', 'https://b.example', 'https://c.example'],
        },
        'links',
      ],
    ] as const) {
      const res = await apply(m, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(field);
    }
    expect(
      await t.deps.sql.all('SELECT 1 AS x FROM teaching_applications WHERE user_id = ?', [m.id]),
    ).toHaveLength(0);
  });

  it('takes a level-10 application with the practice record read from the ledger, once', async () => {
    const m = await memberAt(LEVEL_10, 'Cleo');
    const res = await apply(m, {
      teaches: 'Gentle range work',
      statement: 'Ten years of choirs.',
      links: ['https://example.org/rec'],
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      application: { status: 'submitted', teaches: 'Gentle range work', links: ['https://example.org/rec'] },
      record: { daysPractised: 3, sessions: 3, minutes: 30 },
    });
    const again = await apply(m);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'application_open' });
    expect(await isCertifiedTeacher(t.deps.sql, m.id)).toBe(false);
  });

  it('lets only an admin review: others get 403 in words', async () => {
    const m = await memberAt(LEVEL_10, 'Dan');
    await apply(m);
    for (const path of ['/admin/teaching-applications', `/admin/teaching-applications/${m.id}`]) {
      const res = await callAs(t, m, path, path.endsWith(m.id) ? { body: { decision: 'approve' } } : {});
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        error: 'not_admin',
        message: expect.stringContaining('admins'),
      });
    }
    expect(await (await callAs(t, m, '/admin/me')).json()).toEqual({ isAdmin: false });
    expect(await (await callAs(t, admin, '/admin/me')).json()).toEqual({ isAdmin: true });
    const list = (await (await callAs(t, admin, '/admin/teaching-applications')).json()) as {
      applications: { userId: string; firstName: string; record: { sessions: number } }[];
    };
    expect(list.applications.find((a) => a.userId === m.id)).toMatchObject({
      firstName: 'Dan',
      record: { sessions: 3 },
    });
  });

  it('approves once: the member is a certified teacher, a second decision is refused', async () => {
    const m = await memberAt(LEVEL_10, 'Eli');
    await apply(m);
    const res = await decide(admin, m.id, { decision: 'approve' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'approved' });
    expect(await isCertifiedTeacher(t.deps.sql, m.id)).toBe(true);
    expect(await (await callAs(t, m, '/teaching/certified')).json()).toEqual({ certified: true });
    expect((await decide(admin, m.id, { decision: 'decline', reason: 'No' })).status).toBe(409);
  });

  it('needs a reason to decline, shows it to the member, and takes a new application after', async () => {
    const m = await memberAt(LEVEL_10, 'Fern');
    await apply(m);
    const bare = await decide(admin, m.id, { decision: 'decline' });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { message: string }).message).toContain('reason');
    expect((await decide(admin, m.id, { decision: 'maybe' })).status).toBe(400);
    expect(
      (await decide(admin, m.id, { decision: 'decline', reason: 'Please add a recording.' })).status,
    ).toBe(200);
    const page = (await (await callAs(t, m, '/teaching')).json()) as {
      application: { status: string; reason: string };
    };
    expect(page.application).toMatchObject({ status: 'declined', reason: 'Please add a recording.' });
    expect((await apply(m)).status).toBe(201);
    expect((await decide(admin, randomUUID(), { decision: 'approve' })).status).toBe(404);
  });

  it('exports the application and deletion removes it', async () => {
    const m = await memberAt(LEVEL_10, 'Gio');
    await apply(m);
    const exported = await exportMember(t.deps.sql, m.id, new Date(t.deps.now()).toISOString());
    expect(exported?.tables.teaching_applications).toEqual([
      expect.objectContaining({ status: 'submitted' }),
    ]);
    await deleteMember(t.deps.sql, m.id);
    expect(
      await t.deps.sql.all('SELECT 1 AS x FROM teaching_applications WHERE user_id = ?', [m.id]),
    ).toHaveLength(0);
  });
});
