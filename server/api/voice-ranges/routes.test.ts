import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedIn, signUpConfirmed } from '../../auth/test-client';
import { createMember, type TestMember } from '../../rest/test-members';
import { createTestApp, type TestApp } from '../../test-support';

/**
 * Issue 31, the guided range check: the member's saved voice range profiles. Runs on SQLite
 * and, with `npm run test:pg:server -- server/api/voice-ranges/routes.test.ts`, on PostgreSQL.
 */
let t: TestApp;
let ana: TestMember;
let ben: TestMember;
const WEEK = 7 * 24 * 3600_000;
let base = 0;

/** Level 6 opens at 1250 tone tokens: given by a practice row on the ledger, as practice would. */
async function levelSix(who: { id: string }) {
  const at = new Date(base - 3 * 24 * 3600_000).toISOString();
  await t.deps.sql.run(
    `INSERT INTO practice_ledger (user_id, kind, item_id, title, categories, practised_at, local_date,
       planned_sec, practised_sec, counted, earned, source_id)
     VALUES (?, 'template', 1, 'Earlier practice', '["find"]', ?, ?, 600, 600, 1, 1250, NULL)`,
    [who.id, at, at.slice(0, 10)],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  base = t.deps.now();
  ana = await createMember(t);
  ben = await createMember(t);
  for (const m of [ana, ben]) {
    await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [
      new Date(base - WEEK).toISOString(),
      m.id,
    ]);
    await levelSix(m);
  }
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
/** G2 (98 Hz) to E4 (329.63 Hz): 21 semitones, uncalibrated. */
const range = (h: number, over: Record<string, unknown> = {}) => ({
  lowestHz: 98,
  highestHz: 329.63,
  rangeSemitones: 21,
  profile: [
    { semitone: 43, minDb: -28.5, maxDb: -6 },
    { semitone: 50, minDb: -31, maxDb: -2.5 },
    { semitone: 64, minDb: -22, maxDb: 0 },
  ],
  levels: 'relative',
  recordedAt: hoursAgo(h),
  engineVersion: 'range/1',
  ...over,
});
const calibrated = (h: number) =>
  range(h, {
    levels: 'spl',
    profile: [
      { semitone: 43, minDb: 52.4, maxDb: 88 },
      { semitone: 64, minDb: 55, maxDb: 96.5 },
    ],
    softestDb: 52.4,
  });
const rows = async (who: { id: string }) =>
  Number(
    (
      await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM voice_ranges WHERE user_id = ?', [
        who.id,
      ])
    )?.n,
  );

describe('POST /api/voice-ranges', () => {
  it('needs a signed-in member', async () => {
    expect((await call(null, 'POST', '/voice-ranges', range(1))).status).toBe(401);
  });

  it('is closed below level 6 with words, on every route, and stores nothing', async () => {
    const newcomer = await createMember(t);
    for (const [method, path, body] of [
      ['POST', '/voice-ranges', range(0)],
      ['GET', '/voice-ranges', undefined],
      ['DELETE', '/voice-ranges/1', undefined],
    ] as const) {
      const res = await call(newcomer, method, path, body);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        error: 'feature_locked',
        message: expect.stringMatching(/^Voice range tracking opens at level 6; you are at level 1/),
      });
    }
    expect(await rows(newcomer)).toBe(0);
  });

  it('stores an uncalibrated check and answers it (201)', async () => {
    const res = await call(ana, 'POST', '/voice-ranges', range(30));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: expect.any(Number), ...range(30), softestDb: null });
  });

  it('stores a calibrated check with its softest level in dB SPL', async () => {
    const res = await call(ana, 'POST', '/voice-ranges', calibrated(20));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ levels: 'spl', softestDb: 52.4 });
  });

  it.each([
    ['lowestHz', 'in kHz', 0.098],
    ['highestHz', 'a MIDI note for Hz... beyond any voice', 4000],
    ['highestHz', 'below the lowest', 90],
    ['rangeSemitones', 'not following from the two frequencies', 24],
    ['rangeSemitones', 'missing', undefined],
    ['profile', 'empty', []],
    [
      'profile',
      'out of order',
      [
        { semitone: 50, minDb: -3, maxDb: 0 },
        { semitone: 43, minDb: -9, maxDb: -1 },
      ],
    ],
    ['profile', 'with its softest above its loudest', [{ semitone: 43, minDb: -3, maxDb: -9 }]],
    ['profile', 'with dB SPL sent as relative levels', [{ semitone: 43, minDb: 55, maxDb: 80 }]],
    [
      'profile',
      'with a frequency for a note number',
      [
        { semitone: 98, minDb: -3, maxDb: 0 },
        { semitone: 329.6, minDb: -3, maxDb: 0 },
      ],
    ],
    ['levels', 'unknown', 'file'],
    ['softestDb', 'without a calibration', 52],
    ['recordedAt', 'in the future', new Date(Date.now() + 3600_000).toISOString()],
    ['engineVersion', 'empty', ''],
  ])('refuses %s when %s (400 naming it) and stores nothing', async (field, _why, value) => {
    const before = await rows(ben);
    const body: Record<string, unknown> = range(2);
    if (value === undefined) delete body[field];
    else body[field] = value;
    const res = await call(ben, 'POST', '/voice-ranges', body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; message: string; fields: Record<string, string> };
    expect(json.error).toBe('validation_failed');
    expect(json.message).toContain(`Invalid ${field}`);
    expect(Object.keys(json.fields).join(' ')).toContain(field);
    expect(await rows(ben)).toBe(before);
  });

  it('says what the range must be when it does not follow from the two notes', async () => {
    const res = await call(ben, 'POST', '/voice-ranges', range(2, { rangeSemitones: 24 }));
    expect(((await res.json()) as { message: string }).message).toBe(
      'Invalid rangeSemitones: must follow from the two frequencies: 12 log2(highestHz / lowestHz) = 21',
    );
  });

  it("refuses a softest level that is not the profile's softest", async () => {
    const res = await call(ben, 'POST', '/voice-ranges', { ...calibrated(2), softestDb: 40 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Invalid softestDb: must be the profile's softest level (52.4 dB SPL)",
    );
  });

  it('answers 409 to other numbers sent for a check already saved at that moment, and keeps the first', async () => {
    expect((await call(ben, 'POST', '/voice-ranges', range(7))).status).toBe(201);
    const res = await call(ben, 'POST', '/voice-ranges', range(7, { lowestHz: 110, rangeSemitones: 19 }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: 'range_conflict',
      message:
        'A range check recorded at this moment is already saved with other numbers; nothing was changed.',
    });
  });

  it('keeps one row for one check replayed by the outbox, with or without its key', async () => {
    const body = range(5);
    const key = crypto.randomUUID();
    const before = await rows(ana);
    const first = await call(ana, 'POST', '/voice-ranges', body, key);
    expect(first.status).toBe(201);
    const again = await call(ana, 'POST', '/voice-ranges', body, key);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    expect((await call(ana, 'POST', '/voice-ranges', body)).status).toBe(200);
    expect(await rows(ana)).toBe(before + 1);
  });
});

describe('GET and DELETE /api/voice-ranges', () => {
  it("answers the member's own checks only, newest first", async () => {
    const list = (await (await call(ana, 'GET', '/voice-ranges')).json()) as { recordedAt: string }[];
    expect(list.map((r) => r.recordedAt)).toEqual([hoursAgo(5), hoursAgo(20), hoursAgo(30)]);
    const bens = (await (await call(ben, 'GET', '/voice-ranges')).json()) as { recordedAt: string }[];
    expect(bens.map((r) => r.recordedAt)).toEqual([hoursAgo(7)]);
  });

  it("deletes one of the member's checks, and not another member's (404)", async () => {
    const [mine] = (await (await call(ben, 'GET', '/voice-ranges')).json()) as { id: number }[];
    expect((await call(ana, 'DELETE', `/voice-ranges/${mine!.id}`)).status).toBe(404);
    expect((await call(ben, 'DELETE', `/voice-ranges/${mine!.id}`)).status).toBe(204);
    expect(await rows(ben)).toBe(0);
    expect((await call(ben, 'DELETE', '/voice-ranges/abc')).status).toBe(400);
  });
});

describe('the member owns their range checks', () => {
  it('puts them in the account export and removes them with the account', async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const id = await signUpConfirmed(t, email);
    await levelSix({ id });
    const { session } = await signedIn(t, email);
    const me = { token: session.access_token };
    expect((await call(me, 'POST', '/voice-ranges', range(0))).status).toBe(201);
    const exported = (await (await call(me, 'GET', '/account/export')).json()) as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(exported.tables.voice_ranges).toEqual([
      expect.objectContaining({ user_id: id, lowest_hz: 98, highest_hz: 329.63, range_semitones: 21 }),
    ]);
    expect((await call(me, 'DELETE', '/account', { password: PASSWORD })).status).toBe(200);
    expect(await rows({ id })).toBe(0);
  });
});
