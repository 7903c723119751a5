import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support';
import { createMember, type TestMember } from '../../rest/test-members';
import { seedSessionTemplates } from '../../seed/templates';
import { exportMember } from '../accounts/export';
import { deleteMember } from '../accounts/delete-account';
import { reachLevel } from '../practice/test-levels';
import { takeBody } from './test-takes';
import { parseTarget, targetSeconds } from '../../../src/domain/pitch-target/notes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSessionTemplates(t.deps.sql);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (msAgo = 0) => new Date(t.deps.now() - msAgo).toISOString();

function call(who: TestMember | null, method: string, body?: unknown, key?: string) {
  const headers = new Headers();
  if (who) headers.set('Authorization', `Bearer ${who.token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (key) headers.set('Idempotency-Key', key);
  return t.fetch('/api/pitch-exercises/results', {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const rows = async (who: TestMember, table = 'pitch_exercise_results') =>
  Number(
    (await t.deps.sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, [who.id]))
      ?.n,
  );

describe('POST and GET /api/pitch-exercises/results', () => {
  it('needs a signed-in member', async () => {
    expect((await call(null, 'GET')).status).toBe(401);
    expect((await call(null, 'POST', takeBody('find-one-note', at()))).status).toBe(401);
  });

  it('stores a take and lists the member’s own, newest first', async () => {
    const ana = await createMember(t);
    const ben = await createMember(t);
    const older = takeBody('tune-five-note-scale', at(2 * HOUR), { centsOff: -12, heldFraction: 0.7 });
    const newer = takeBody('find-one-note', at(), { centsOff: 1, heldFraction: 1, shift: -12 });
    const first = await call(ana, 'POST', older);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      exerciseId: 'tune-five-note-scale',
      title: 'Five-note scale',
      focus: 'fine-tune',
      target: older.target,
      notes: older.notes,
      score: older.score,
      shift: 0,
      recordedAt: older.recordedAt,
      templateId: null,
    });
    expect((await call(ana, 'POST', newer)).status).toBe(201);
    expect((await call(ben, 'POST', takeBody('fun-twinkle', at()))).status).toBe(201);

    const list = (await (await call(ana, 'GET')).json()) as {
      exerciseId: string;
      shift: number;
      score: number;
    }[];
    expect(list.map((r) => r.exerciseId)).toEqual(['find-one-note', 'tune-five-note-scale']);
    expect(list[0]).toMatchObject({ shift: -12, score: newer.score });
  });

  it('saves one of 40 takes sent for the same moment at once, and answers the others 409 without a trace', async () => {
    const fay = await createMember(t);
    const body = takeBody('find-three-steps', at(HOUR));
    const answers = await Promise.all(Array.from({ length: 40 }, () => call(fay, 'POST', body)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(39).fill(409)]);
    expect(await answers.find((r) => r.status === 409)!.json()).toMatchObject({
      error: 'take_overlaps',
      message:
        'Another take is saved for this moment: takes are sung one after another, so this one was not saved.',
    });
    expect(await rows(fay)).toBe(1);
    expect(await rows(fay, 'practice_ledger')).toBe(1);
    // A take sung after the first one has ended is saved.
    const seconds = targetSeconds(parseTarget(body.target));
    expect((await call(fay, 'POST', takeBody('find-three-steps', at(HOUR - seconds * 1000)))).status).toBe(
      201,
    );
  });

  it('keeps rests as rests: no cents, no held share', async () => {
    const cy = await createMember(t);
    const body = takeBody('fun-frere-jacques', at());
    expect(body.notes.some((n) => n.target.startsWith('-:'))).toBe(true);
    expect((await call(cy, 'POST', body)).status).toBe(201);
  });

  it('sends a replay with the same Idempotency-Key the stored answer, and stores one take', async () => {
    const dee = await createMember(t);
    const body = takeBody('find-step-up', at(HOUR));
    const key = randomUUID();
    const a = await call(dee, 'POST', body, key);
    const b = await call(dee, 'POST', body, key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await b.json()).toEqual(await a.json());
    expect(await rows(dee)).toBe(1);
    expect(await rows(dee, 'practice_ledger')).toBe(1);
  });

  const bad: [string, (b: ReturnType<typeof takeBody>) => unknown][] = [
    ['exerciseId', (b) => ({ ...b, exerciseId: 'no-such-exercise' })],
    ['target', (b) => ({ ...b, target: 'A3:1,C#9:1' })],
    ['target', (b) => ({ ...b, target: 'A3;1' })],
    // Another exercise's notes under this exercise's id.
    ['target', (b) => ({ ...b, target: takeBody('tune-fourth', at()).target })],
    ['notes', (b) => ({ ...b, notes: b.notes.slice(1) })],
    ['notes.0.target', (b) => ({ ...b, notes: [{ ...b.notes[0], target: 'A3:9' }, ...b.notes.slice(1)] })],
    [
      'notes.0.heldFraction',
      (b) => ({ ...b, notes: [{ ...b.notes[0], heldFraction: 1.5 }, ...b.notes.slice(1)] }),
    ],
    [
      'notes',
      (b) => ({
        ...b,
        notes: b.notes.map((n) => ({ ...n, centsOff: null, heldFraction: 0, onsetMs: null })),
        score: 0,
      }),
    ],
    ['notes.0.onsetMs', (b) => ({ ...b, notes: [{ ...b.notes[0], onsetMs: 600_000 }, ...b.notes.slice(1)] })],
    ['score', (b) => ({ ...b, score: 100 })],
    ['score', (b) => ({ ...b, score: 101 })],
    ['shift', (b) => ({ ...b, shift: 7 })],
    ['recordedAt', (b) => ({ ...b, recordedAt: 'yesterday' })],
    ['recordedAt', (b) => ({ ...b, recordedAt: new Date(t.deps.now() + HOUR).toISOString() })],
    ['recordedAt', (b) => ({ ...b, recordedAt: new Date(t.deps.now() - 80 * HOUR).toISOString() })],
    ['templateId', (b) => ({ ...b, templateId: 9999 })],
    ['unknownField', (b) => ({ ...b, unknownField: 1 })],
  ];
  it.each(bad)('refuses a bad %s with 400 naming it, and stores nothing', async (field, spoil) => {
    const eve = await createMember(t);
    const res = await call(
      eve,
      'POST',
      spoil(takeBody('find-three-steps', at(), { centsOff: 20, heldFraction: 0.5 })),
    );
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string; fields?: Record<string, string> };
    expect(answer.message).toContain(field === 'unknownField' ? 'nknown' : field);
    expect(await rows(eve)).toBe(0);
    expect(await rows(eve, 'practice_ledger')).toBe(0);
  });

  it('refuses a vocal exercises take below level 4 with the words of the lock, and stores nothing', async () => {
    const gil = await createMember(t);
    const res = await call(gil, 'POST', takeBody('vx-hum-five-note', at()));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: 'feature_locked',
      message: expect.stringContaining('Vocal exercises opens at level 4'),
    });
    expect(await rows(gil)).toBe(0);
    expect(await rows(gil, 'practice_ledger')).toBe(0);
  });

  it('counts a vocal exercise at level 4 on the ledger as a match-the-note take: minutes, no tokens', async () => {
    const hal = await createMember(t);
    await reachLevel(t, hal.id, 4);
    const before = await rows(hal, 'practice_ledger');
    const res = await call(hal, 'POST', takeBody('vx-hum-five-note', at()));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      exerciseId: 'vx-hum-five-note',
      title: 'Humming on a five-note scale',
    });
    expect(await rows(hal, 'practice_ledger')).toBe(before + 1);
    const entry = await t.deps.sql.get<{ practised_sec: number; earned: number; counted: number }>(
      `SELECT practised_sec, earned, counted FROM practice_ledger WHERE user_id = ? AND kind <> 'template'`,
      [hal.id],
    );
    expect(entry).toMatchObject({ earned: 0 });
    expect(Number(entry?.practised_sec)).toBeCloseTo(5.4, 0);
  });

  it('is in the member’s export and goes with the account', async () => {
    const fay = await createMember(t);
    expect((await call(fay, 'POST', takeBody('fun-twinkle', at()))).status).toBe(201);
    const file = await exportMember(t.deps.sql, fay.id, at());
    expect(file?.tables.pitch_exercise_results).toEqual([
      expect.objectContaining({ exercise_id: 'fun-twinkle', notes_json: expect.any(Array) }),
    ]);
    await deleteMember(t.deps.sql, fay.id);
    expect(await rows(fay)).toBe(0);
    expect(await rows(fay, 'practice_ledger')).toBe(0);
  });
});
