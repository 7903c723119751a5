import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedIn, signUpConfirmed } from '../../auth/test-client';
import { createMember, type TestMember } from '../../rest/test-members';
import { createTestApp, type TestApp } from '../../test-support';
import { recordPractice } from '../practice/ledger';
import { GARDEN_ELEMENT_KEYS, swapElements } from '../../../src/domain/garden';
import { TIERS } from '../../../src/domain/tiers';

/**
 * Garden customisation (the tier feature garden_customization, level 6): GET and PUT
 * /api/garden on whichever database the run uses (npm run test:pg:server for PostgreSQL).
 */
let t: TestApp;
let grown: TestMember;
let young: TestMember;

/** Past practice on the member's ledger worth `tokens`: how a member really reaches a level. */
async function giveTokens(who: TestMember, tokens: number) {
  const at = new Date(t.deps.now() - 86_400_000).toISOString();
  await recordPractice(t.deps.sql, {
    userId: who.id,
    kind: 'template',
    itemId: 0,
    title: 'Earlier practice',
    categories: ['find'],
    practisedAt: at,
    localDate: at.slice(0, 10),
    plannedSec: 600,
    practisedSec: 600,
    counted: true,
    earned: tokens,
    sourceId: null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  grown = await createMember(t);
  young = await createMember(t);
  await giveTokens(grown, TIERS[5]!.requiredTokens); // exactly level 6
  await giveTokens(young, 1200); // level 5, 50 tokens short
});
afterAll(() => t.close());

const call = (
  who: TestMember | string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  t.fetch('/api/garden', {
    method,
    headers: {
      Authorization: `Bearer ${typeof who === 'string' ? who : who.token}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const order = [...GARDEN_ELEMENT_KEYS];
const choice = (extra: Record<string, unknown> = {}) => ({
  layout: 'path',
  palette: 'dusk',
  order: swapElements(order, 'young_birch', 'maple_tree'),
  ...extra,
});
const stored = async (who: TestMember) =>
  (
    await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM garden_choices WHERE user_id = ?', [
      who.id,
    ])
  )?.n;

describe('GET /api/garden', () => {
  it('needs a signed-in member', async () => {
    expect((await t.fetch('/api/garden')).status).toBe(401);
  });

  it('gives a garden never customised as the default: open meadow, meadow colours, the table order', async () => {
    const res = await call(young, 'GET');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ layout: 'open', palette: 'meadow', order, chosenAt: null });
  });
});

describe('PUT /api/garden', () => {
  it('refuses a member below level 6 with the locked words, and stores nothing', async () => {
    const res = await call(young, 'PUT', choice());
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'feature_locked',
      message: 'Garden customisation opens at level 6; you are at level 5 (50 tone tokens to go).',
      fields: { feature: 'garden_customization', level: '6' },
    });
    expect(await stored(young)).toBe(0);
  });

  it('keeps the choice of a level-6 member, who reads it back; another member still has the default', async () => {
    const res = await call(grown, 'PUT', choice());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { chosenAt: string };
    expect(body).toMatchObject({ layout: 'path', palette: 'dusk' });
    // Without a stamp the choice is made now, by the server's clock.
    expect(Math.abs(Date.parse(body.chosenAt) - t.deps.now())).toBeLessThan(5_000);
    const read = (await (await call(grown, 'GET')).json()) as { order: string[] };
    expect(read).toMatchObject({ layout: 'path', palette: 'dusk' });
    expect(read.order.indexOf('maple_tree')).toBe(order.indexOf('young_birch'));
    expect(await (await call(young, 'GET')).json()).toMatchObject({ layout: 'open', chosenAt: null });
  });

  it.each([
    [{ layout: 'maze' }, 'layout', 'must be one of open, path, clearing'],
    [{ palette: 'neon' }, 'palette', 'must be one of meadow, dawn, dusk, autumn'],
    [{ order: order.slice(1) }, 'order', 'must list all 20 garden elements once each'],
    [
      { order: [...order.slice(1), 'first_seed'].map((k, i) => (i === 0 ? 'first_seed' : k)) },
      'order',
      'first_seed is listed twice',
    ],
    [{ order: [...order.slice(1), 'rose_bush'] }, 'order', 'rose_bush is not a garden element'],
    [{ order: 'first_seed' }, 'order', 'must be a list of garden element keys'],
    [{ occurredAt: 'yesterday' }, 'occurredAt', 'must be an ISO 8601 date-time such as 2026-01-31T08:00:00Z'],
    [{ colour: 'red' }, 'body', 'Unrecognized key: "colour"'],
  ])('refuses %j with 400 naming the field, changing nothing', async (extra, field, message) => {
    const before = await (await call(grown, 'GET')).json();
    const res = await call(grown, 'PUT', choice({ layout: 'open', ...extra }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toBe('validation_failed');
    expect(Object.values(body.fields).join(' ')).toContain(message);
    if (field !== 'body') expect(Object.keys(body.fields)).toContain(field);
    expect(await (await call(grown, 'GET')).json()).toEqual(before);
  });

  it('refuses a choice stamped in the future: it would hold over every later one', async () => {
    const ahead = new Date(t.deps.now() + 3_600_000).toISOString();
    const res = await call(grown, 'PUT', choice({ occurredAt: ahead }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { occurredAt: 'must not be in the future' } });
  });

  it('never lets a choice queued offline replace one made after it', async () => {
    const now = t.deps.now();
    await call(grown, 'PUT', choice({ palette: 'autumn', occurredAt: new Date(now).toISOString() }));
    const late = await call(
      grown,
      'PUT',
      choice({ palette: 'dawn', occurredAt: new Date(now - 3_600_000).toISOString() }),
    );
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ palette: 'autumn' });
    expect(await (await call(grown, 'GET')).json()).toMatchObject({ palette: 'autumn' });
  });

  it('applies a write sent twice with one Idempotency-Key once, and replays the answer', async () => {
    const key = randomUUID();
    const body = choice({ layout: 'clearing', occurredAt: new Date(t.deps.now()).toISOString() });
    const first = await call(grown, 'PUT', body, { 'Idempotency-Key': key });
    const again = await call(grown, 'PUT', body, { 'Idempotency-Key': key });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await stored(grown)).toBe(1);
  });
});

describe('the stored choice and the member’s data', () => {
  it('is in the export, and goes with the account', async () => {
    const id = await signUpConfirmed(t, `garden-${randomUUID()}@example.com`);
    const email = (await t.deps.sql.get<{ email: string }>('SELECT email FROM users WHERE id = ?', [id]))!
      .email;
    const { session } = await signedIn(t, email);
    await giveTokens({ id } as TestMember, 1300);
    expect((await call(session.access_token, 'PUT', choice({ palette: 'dawn' }))).status).toBe(200);

    const exported = (await (
      await t.fetch('/api/account/export', { headers: { Authorization: `Bearer ${session.access_token}` } })
    ).json()) as { tables: Record<string, Record<string, unknown>[]> };
    expect(exported.tables.garden_choices).toEqual([
      expect.objectContaining({ user_id: id, layout: 'path', palette: 'dawn' }),
    ]);

    const gone = await t.fetch('/api/account', {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(gone.status).toBe(200);
    expect(
      (
        await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM garden_choices WHERE user_id = ?', [
          id,
        ])
      )?.n,
    ).toBe(0);
  });
});
