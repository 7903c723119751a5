import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedIn, signUpConfirmed } from '../../auth/test-client';
import { createMember, type TestMember } from '../../rest/test-members';
import { createTestApp, type TestApp } from '../../test-support';

/**
 * Issue 21, "Kept and used": the member's voice assessments. Runs on SQLite and, with
 * `npm run test:pg:server -- server/api/voice-assessments/routes.test.ts`, on PostgreSQL.
 */
let t: TestApp;
let ana: TestMember;
let ben: TestMember;
const WEEK = 7 * 24 * 3600_000;
/** One fixed now, so a check's recordedAt is the same text each time the test names it. */
let base = 0;

beforeAll(async () => {
  t = await createTestApp();
  base = t.deps.now();
  ana = await createMember(t);
  ben = await createMember(t);
  // Members of a week's standing, so checks of the last days are theirs.
  for (const m of [ana, ben])
    await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [
      new Date(t.deps.now() - WEEK).toISOString(),
      m.id,
    ]);
});
afterAll(() => t.close());

const call = (who: { token: string } | null, method: string, path: string, body?: unknown, key?: string) => {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (who) headers.set('Authorization', `Bearer ${who.token}`);
  if (key) headers.set('Idempotency-Key', key);
  return t.fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
};
const hoursAgo = (h: number) => new Date(base - h * 3600_000).toISOString();
const check = (h: number, over: Record<string, unknown> = {}) => ({
  // What AVQI 03.01 gives for the six measures below (1.5185), as the device rounds it.
  avqi: 1.52,
  cpps: 14.3,
  hnr: 21.5,
  shimmerPercent: 3.4,
  shimmerDb: 0.31,
  ltasSlope: -22.1,
  ltasTilt: -9.8,
  recordedAt: hoursAgo(h),
  engineVersion: 'avqi-0301/1',
  ...over,
});
/** Another AVQI over the same measures but the tilt, which is solved for (AVQI 03.01). */
const withAvqi = (avqi: number) => ({
  avqi,
  ltasTilt:
    (avqi / 2.8902 - (4.152 - 0.177 * 14.3 - 0.006 * 21.5 - 0.037 * 3.4 + 0.941 * 0.31 + 0.01 * -22.1)) /
    0.093,
});
const rows = async (who: TestMember) =>
  Number(
    (
      await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM voice_assessments WHERE user_id = ?', [
        who.id,
      ])
    )?.n,
  );

describe('POST /api/voice-assessments', () => {
  it('needs a signed-in member', async () => {
    expect((await call(null, 'POST', '/voice-assessments', check(1))).status).toBe(401);
  });

  it('stores a check with its breath task and jitter and answers it (201)', async () => {
    const res = await call(
      ana,
      'POST',
      '/voice-assessments',
      check(30, { mptSeconds: 18.4, jitterPercent: 0.42 }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      ...check(30, { mptSeconds: 18.4, jitterPercent: 0.42 }),
      // The badges this save awarded (none: no badge reads assessments yet), listed by the result screen.
      newBadges: [],
    });
  });

  it.each([
    ['avqi', 'high', 42],
    ['cpps', 'a string', '14'],
    ['hnr', 'missing', undefined],
    ['shimmerPercent', 'negative', -1],
    ['shimmerDb', 'a ratio mistaken for dB', 11],
    ['ltasSlope', 'positive beyond any voice', 40],
    ['ltasTilt', 'not finite', null],
    ['mptSeconds', 'longer than anyone holds a vowel', 600],
    ['jitterPercent', 'beyond any voice (a per-mille or a count sent for a percent)', 42],
    ['jitterPercent', 'negative', -0.1],
    ['recordedAt', 'not a date', 'yesterday'],
    ['recordedAt', 'in the future', new Date(Date.now() + 3600_000).toISOString()],
    ['engineVersion', 'empty', ''],
    ['engineVersion', 'missing', undefined],
  ])('refuses %s when %s (400 naming it) and stores nothing', async (field, _why, value) => {
    const before = await rows(ben);
    const body: Record<string, unknown> = check(2);
    if (value === undefined) delete body[field];
    else body[field] = value;
    const res = await call(ben, 'POST', '/voice-assessments', body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; message: string; fields: Record<string, string> };
    expect(json.error).toBe('validation_failed');
    expect(json.message).toContain(`Invalid ${field}`);
    expect(Object.keys(json.fields)).toContain(field);
    expect(await rows(ben)).toBe(before);
  });

  it('refuses an AVQI that does not follow from its six measures, and stores nothing', async () => {
    const before = await rows(ben);
    const res = await call(ben, 'POST', '/voice-assessments', check(3, { avqi: 0.4 }));
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string; fields: Record<string, string> };
    expect(json.message).toBe(
      'Invalid avqi: must follow from the six measures by the AVQI 03.01 formula (1.52)',
    );
    expect(Object.keys(json.fields)).toEqual(['avqi']);
    expect(await rows(ben)).toBe(before);
  });

  it('answers 409 to other numbers sent for a check already saved at that moment, and keeps the first', async () => {
    const cai = await createMember(t);
    await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [hoursAgo(24), cai.id]);
    const first = await call(cai, 'POST', '/voice-assessments', check(7));
    expect(first.status).toBe(201);
    const other = check(7, { cpps: 15.3, avqi: 1.01 });
    const res = await call(cai, 'POST', '/voice-assessments', other);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: 'assessment_conflict',
      message:
        'A voice check recorded at this moment is already saved with other numbers; nothing was changed.',
    });
    const list = (await (await call(cai, 'GET', '/voice-assessments')).json()) as { cpps: number }[];
    expect(list.map((a) => a.cpps)).toEqual([14.3]);
  });

  it('refuses an unknown field, naming it', async () => {
    const res = await call(ben, 'POST', '/voice-assessments', { ...check(2), audio: 'UklGR...' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('audio');
  });

  it('keeps one row for one check replayed by the outbox, with or without its key', async () => {
    const body = check(5);
    const key = crypto.randomUUID();
    const before = await rows(ana);
    const first = await call(ana, 'POST', '/voice-assessments', body, key);
    expect(first.status).toBe(201);
    const again = await call(ana, 'POST', '/voice-assessments', body, key);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    const keyless = await call(ana, 'POST', '/voice-assessments', body);
    expect(keyless.status).toBe(200);
    expect(await rows(ana)).toBe(before + 1);
  });
});

describe('GET /api/voice-assessments', () => {
  it("answers the member's own checks only, newest first", async () => {
    await call(ana, 'POST', '/voice-assessments', check(10, withAvqi(3.1)));
    await call(ben, 'POST', '/voice-assessments', check(1, withAvqi(0.5)));
    const list = (await (await call(ana, 'GET', '/voice-assessments')).json()) as {
      recordedAt: string;
      mptSeconds: number | null;
    }[];
    expect(list.map((a) => a.recordedAt)).toEqual([hoursAgo(5), hoursAgo(10), hoursAgo(30)]);
    expect(list.map((a) => a.mptSeconds)).toEqual([null, null, 18.4]);
    // A check sent without jitter (saved before the engine measured it) keeps none.
    expect(list.map((a) => (a as { jitterPercent?: number | null }).jitterPercent)).toEqual([
      null,
      null,
      0.42,
    ]);
    const bens = (await (await call(ben, 'GET', '/voice-assessments')).json()) as { avqi: number }[];
    expect(bens.map((a) => a.avqi)).toEqual([0.5]);
  });

  it("deletes one of the member's checks, and not another member's (404)", async () => {
    const [mine] = (await (await call(ben, 'GET', '/voice-assessments')).json()) as { id: number }[];
    expect((await call(ana, 'DELETE', `/voice-assessments/${mine!.id}`)).status).toBe(404);
    expect((await call(ben, 'DELETE', `/voice-assessments/${mine!.id}`)).status).toBe(204);
    expect(await rows(ben)).toBe(0);
  });
});

describe('the member owns their assessments', () => {
  it('keeps no numbers of a deleted check: not in the export, and a late replay does not bring it back', async () => {
    const key = crypto.randomUUID();
    const saved = await call(ana, 'POST', '/voice-assessments', check(40, { mptSeconds: 12.5 }), key);
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    expect((await call(ana, 'DELETE', `/voice-assessments/${id}`)).status).toBe(204);
    const exported = JSON.stringify(await (await call(ana, 'GET', '/account/export')).json());
    expect(exported).not.toContain('12.5');
    const replay = await call(ana, 'POST', '/voice-assessments', check(40, { mptSeconds: 12.5 }), key);
    expect(await replay.json()).toEqual({ id, deleted: true });
    const list = (await (await call(ana, 'GET', '/voice-assessments')).json()) as { id: number }[];
    expect(list.map((a) => a.id)).not.toContain(id);
  });

  it('puts them in the account export and removes them with the account', async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const id = await signUpConfirmed(t, email);
    const { session } = await signedIn(t, email);
    const me = { token: session.access_token };
    expect((await call(me, 'POST', '/voice-assessments', check(0, { mptSeconds: 21 }))).status).toBe(201);
    const exported = (await (await call(me, 'GET', '/account/export')).json()) as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(exported.tables.voice_assessments).toEqual([
      expect.objectContaining({ user_id: id, avqi: 1.52, cpps: 14.3, mpt_seconds: 21 }),
    ]);
    expect((await call(me, 'DELETE', '/account', { password: PASSWORD })).status).toBe(200);
    const left = await t.deps.sql.get<{ n: number }>(
      'SELECT count(*) AS n FROM voice_assessments WHERE user_id = ?',
      [id],
    );
    expect(Number(left?.n)).toBe(0);
  });
});
