import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signedIn, signUpConfirmed } from '../../auth/test-client';
import { createMember, mintToken, type TestMember } from '../../rest/test-members';
import { createTestApp, type TestApp } from '../../test-support';
import { recordPractice, tokenBalance } from '../practice/ledger';

let t: TestApp;
let start = 0;
const DAY = 86_400_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  start = t.deps.now();
});
afterAll(() => t.close());

/** Members made 30 days ago, so writes can be dated in the past. */
async function member(level2 = false, zone: string | null = 'UTC'): Promise<TestMember> {
  const m = await createMember(t);
  await t.deps.sql.run('UPDATE users SET created_at = ?, time_zone = ? WHERE id = ?', [
    new Date(start - 30 * DAY).toISOString(),
    zone,
    m.id,
  ]);
  if (level2) await practise(m, 'template', 900, start - 10 * DAY, 100);
  return m;
}

/** A ledger entry, as the template player's save writes it: what gives a member tokens and practice. */
async function practise(
  m: TestMember,
  kind: 'catalogue' | 'template',
  itemId: number,
  atMs: number,
  earned = 20,
) {
  return recordPractice(t.deps.sql, {
    userId: m.id,
    kind,
    itemId,
    title: `practice ${itemId}`,
    categories: ['find'],
    practisedAt: new Date(atMs).toISOString(),
    localDate: new Date(atMs).toISOString().slice(0, 10),
    plannedSec: 600,
    practisedSec: 600,
    counted: true,
    earned,
    sourceId: null,
  });
}

async function call(path: string, who: TestMember | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
}
const send = (method: 'POST' | 'PUT', path: string, who: TestMember, body: unknown, key?: string) =>
  call(path, who, {
    method,
    body: JSON.stringify(body),
    headers: key ? { 'Idempotency-Key': key } : {},
  });
const iso = (ms: number) => new Date(ms).toISOString();
const checkIn = (over: Record<string, unknown> = {}) => ({
  voice: 'fine',
  energy: 'steady',
  mood: 'okay',
  ...over,
});

interface CheckInsAnswer {
  today: string;
  checkIns: {
    localDate: string;
    voice: string;
    energy: string;
    mood: string;
    note: string;
    checkedAt: string;
  }[];
}
const checkIns = async (who: TestMember) => (await (await call('/check-ins', who)).json()) as CheckInsAnswer;

describe('the daily check-in', () => {
  it.each([
    ['GET', '/check-ins'],
    ['POST', '/check-ins'],
    ['GET', '/emotions'],
    ['PUT', `/emotions/${crypto.randomUUID()}`],
  ])('%s %s needs a signed-in member (401)', async (method, path) => {
    const res = await call(path, null, { method, ...(method === 'GET' ? {} : { body: '{}' }) });
    expect(res.status).toBe(401);
  });

  it('keeps one check-in per local day: a second one the same day replaces the first', async () => {
    const ana = await member();
    const first = await send('POST', '/check-ins', ana, checkIn({ voice: 'tired', note: 'long day' }));
    expect(first.status).toBe(200);
    const second = await send('POST', '/check-ins', ana, checkIn({ voice: 'clear', energy: 'high' }));
    expect(second.status).toBe(200);
    expect(((await second.json()) as { checkIn: { voice: string } }).checkIn.voice).toBe('clear');
    const { today, checkIns: rows } = await checkIns(ana);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      localDate: today,
      voice: 'clear',
      energy: 'high',
      mood: 'okay',
      note: '',
    });
  });

  it('keeps the newer answer when an older one that waited offline arrives after it', async () => {
    const ana = await member();
    await send('POST', '/check-ins', ana, checkIn({ voice: 'fine', occurredAt: iso(start - 1000) }));
    await send('POST', '/check-ins', ana, checkIn({ voice: 'hoarse', occurredAt: iso(start - 60_000) }));
    expect((await checkIns(ana)).checkIns.map((c) => c.voice)).toEqual(['fine']);
  });

  it("counts a check-in on the member's stored day at the moment it was tapped, not the request's zone", async () => {
    const ana = await member(false, 'Pacific/Kiritimati');
    const yesterday = start - DAY;
    await send('POST', '/check-ins', ana, checkIn({ occurredAt: iso(yesterday), timeZone: 'Etc/GMT+12' }));
    const kiritimati = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' });
    const { today, checkIns: rows } = await checkIns(ana);
    expect(today).toBe(kiritimati.format(start));
    expect(rows.map((c) => c.localDate)).toEqual([kiritimati.format(yesterday)]);
  });

  it('answers the last 30 local days, oldest first, and only the caller’s own', async () => {
    const ana = await member();
    const ben = await member();
    const sql = t.deps.sql;
    for (const daysAgo of [40, 29, 3]) {
      const d = iso(start - daysAgo * DAY);
      await sql.run(
        `INSERT INTO voice_check_ins (user_id, local_date, voice, energy, mood, note, checked_at, created_at, updated_at)
         VALUES (?, ?, 'strained', 'low', 'low', '', ?, ?, ?)`,
        [ana.id, d.slice(0, 10), d, d, d],
      );
    }
    const rows = (await checkIns(ana)).checkIns;
    expect(rows.map((c) => c.localDate)).toEqual(
      [iso(start - 29 * DAY), iso(start - 3 * DAY)].map((d) => d.slice(0, 10)),
    );
    expect((await checkIns(ben)).checkIns).toEqual([]);
  });

  // Thunks: the cases are listed before the suite's clock is read.
  it.each([
    ['voice', () => ({ voice: 'croaky' }), 'must be one of clear, fine, tired, strained, hoarse'],
    ['energy', () => ({ energy: 5 }), 'must be one of low, steady, high'],
    ['mood', () => ({ mood: undefined }), 'must be one of low, okay, good'],
    ['note', () => ({ note: 'x'.repeat(281) }), 'must be at most 280 characters'],
    ['occurredAt', () => ({ occurredAt: iso(start + DAY) }), 'in the future'],
    ['occurredAt', () => ({ occurredAt: iso(start - 4 * DAY) }), 'older than 72 hours'],
    [
      'occurredAt',
      () => ({ occurredAt: 'yesterday' }),
      'must be an ISO 8601 time such as 2026-11-26T07:30:00Z',
    ],
    ['timeZone', () => ({ timeZone: 'Mars/Olympus' }), 'must be an IANA time zone such as Europe/London'],
  ])('refuses a bad %s (case %#) with 400 naming the field, writing nothing', async (field, over, words) => {
    const ana = await member();
    const res = await send('POST', '/check-ins', ana, checkIn(over()));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string; fields: Record<string, string> };
    expect(body.error).toBe('validation_failed');
    expect(body.fields[field]).toBe(words);
    expect(body.message).toContain(field);
    expect((await checkIns(ana)).checkIns).toEqual([]);
  });

  it('sends a replayed write the same answer and stores one row', async () => {
    const ana = await member();
    const key = crypto.randomUUID();
    const a = await send('POST', '/check-ins', ana, checkIn({ voice: 'tired' }), key);
    const b = await send('POST', '/check-ins', ana, checkIn({ voice: 'tired' }), key);
    expect(b.status).toBe(200);
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await b.json()).toEqual(await a.json());
    const n = await t.deps.sql.get<{ n: number }>(
      'SELECT count(*) AS n FROM voice_check_ins WHERE user_id = ?',
      [ana.id],
    );
    expect(Number(n?.n)).toBe(1);
  });

  it('is not practice: no tokens, no session and no streak day', async () => {
    const ana = await member();
    await send('POST', '/check-ins', ana, checkIn({ voice: 'clear', energy: 'high', mood: 'good' }));
    expect(await tokenBalance(t.deps.sql, ana.id)).toBe(0);
    const dashboard = (await (await call(`/users/${ana.id}/dashboard`, ana)).json()) as {
      user: { totalSessions: number; currentStreak: number; toneTokens: number };
    };
    expect(dashboard.user).toEqual({ totalSessions: 0, currentStreak: 0, toneTokens: 0 });
  });
});

interface FeelingsAnswer {
  today: string;
  feelings: {
    runKey: string;
    kind: string;
    itemId: number;
    before: string | null;
    after: string | null;
    practice: { title: string; counted: boolean } | null;
  }[];
}
const feelings = async (who: TestMember) => (await (await call('/emotions', who)).json()) as FeelingsAnswer;
const feel = (run: string, who: TestMember, over: Record<string, unknown>, key?: string) =>
  send(
    'PUT',
    `/emotions/${run}`,
    who,
    { phase: 'after', emotion: 'calm', kind: 'template', itemId: 3, ...over },
    key,
  );

describe('emotion tracking', () => {
  it('is refused below level 2 with words saying which level opens it', async () => {
    const ana = await member();
    for (const res of [await call('/emotions', ana), await feel(crypto.randomUUID(), ana, {})]) {
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('feature_locked');
      expect(body.message).toBe(
        'Emotion tracking opens at level 2; you are at level 1 (100 tone tokens to go).',
      );
    }
    expect(
      Number((await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM practice_feelings'))?.n),
    ).toBe(0);
  });

  it('keeps the before and after of one practice together, linked to that practice on the ledger', async () => {
    const ana = await member(true);
    const run = crypto.randomUUID();
    expect(
      (await feel(run, ana, { phase: 'before', emotion: 'tense', occurredAt: iso(start - 20 * 60_000) }))
        .status,
    ).toBe(200);
    await practise(ana, 'template', 3, start - 60_000);
    const after = await feel(run, ana, { phase: 'after', emotion: 'calm', occurredAt: iso(start - 30_000) });
    expect(after.status).toBe(200);
    const { feelings: runs } = await feelings(ana);
    expect(runs).toEqual([
      expect.objectContaining({ runKey: run, kind: 'template', itemId: 3, before: 'tense', after: 'calm' }),
    ]);
    expect(runs[0]?.practice).toMatchObject({ title: 'practice 3', counted: true });
  });

  it('links each run to the practice nearest to it, and a run whose practice never reached the ledger to none', async () => {
    const ana = await member(true);
    const [morning, evening, abandoned] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    // The catalogue player asks before "i feel complete" is sent: the answer comes first.
    await feel(morning, ana, {
      kind: 'catalogue',
      itemId: 7,
      emotion: 'content',
      occurredAt: iso(start - 10 * HOUR),
    });
    await practise(ana, 'catalogue', 7, start - 10 * HOUR + 20_000);
    await practise(ana, 'catalogue', 7, start - 2 * HOUR);
    await feel(evening, ana, {
      kind: 'catalogue',
      itemId: 7,
      emotion: 'joyful',
      occurredAt: iso(start - 2 * HOUR - 5000),
    });
    await feel(abandoned, ana, {
      kind: 'catalogue',
      itemId: 8,
      phase: 'before',
      occurredAt: iso(start - HOUR),
    });
    const byRun = new Map((await feelings(ana)).feelings.map((f) => [f.runKey, f]));
    expect(byRun.get(morning)?.practice).not.toBeNull();
    expect(byRun.get(evening)?.practice).not.toBeNull();
    expect(byRun.get(abandoned)?.practice).toBeNull();
    // Two runs, two practices: never both on the same one.
    const rows = await t.deps.sql.all<{ practised_at: string }>(
      "SELECT practised_at FROM practice_ledger WHERE user_id = ? AND kind = 'catalogue' ORDER BY practised_at",
      [ana.id],
    );
    const at = (r: string) => (byRun.get(r)?.practice as unknown as { practisedAt: string }).practisedAt;
    expect([at(morning), at(evening)]).toEqual(rows.map((r) => r.practised_at));
  });

  it('lets a later tap change an answer; an older tap replayed late changes nothing', async () => {
    const ana = await member(true);
    const run = crypto.randomUUID();
    await feel(run, ana, { emotion: 'tired', occurredAt: iso(start - 5000) });
    await feel(run, ana, { emotion: 'content', occurredAt: iso(start - 1000) });
    await feel(run, ana, { emotion: 'low', occurredAt: iso(start - 9000) });
    expect((await feelings(ana)).feelings.map((f) => f.after)).toEqual(['content']);
  });

  it('refuses a run key of another practice (409) and bad input (400 naming the field)', async () => {
    const ana = await member(true);
    const run = crypto.randomUUID();
    await feel(run, ana, { itemId: 3 });
    const other = await feel(run, ana, { itemId: 4 });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { fields: Record<string, string> }).fields.runKey).toBeTruthy();
    for (const [over, field] of [
      [{ emotion: 'ecstatic' }, 'emotion'],
      [{ phase: 'during' }, 'phase'],
      [{ kind: 'pitch' }, 'kind'],
      [{ itemId: 0 }, 'itemId'],
      [{ itemId: 1.5 }, 'itemId'],
      [{ occurredAt: iso(start + DAY) }, 'occurredAt'],
    ] as const) {
      const res = await feel(crypto.randomUUID(), ana, over);
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields[field], field).toBeTruthy();
    }
    const badKey = await feel('not-a-uuid', ana, {});
    expect(badKey.status).toBe(400);
    expect(((await badKey.json()) as { fields: Record<string, string> }).fields.runKey).toBe(
      'must be a UUID',
    );
    expect((await call('/emotions?weeks=60', ana)).status).toBe(400);
    expect((await feelings(ana)).feelings).toHaveLength(1);
  });

  it('sends a replayed write the same answer, and shows a member only their own runs', async () => {
    const ana = await member(true);
    const ben = await member(true);
    const key = crypto.randomUUID();
    const run = crypto.randomUUID();
    const a = await feel(run, ana, { emotion: 'joyful' }, key);
    const b = await feel(run, ana, { emotion: 'joyful' }, key);
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await b.json()).toEqual(await a.json());
    expect((await feelings(ana)).feelings).toHaveLength(1);
    expect((await feelings(ben)).feelings).toEqual([]);
  });
});

describe("the member's data", () => {
  it('exports check-ins and feelings with the account, and deletes them with it', async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const id = await signUpConfirmed(t, email);
    const token = (await signedIn(t, email)).session.access_token;
    await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [iso(start - 30 * DAY), id]);
    const me = { id, email, sessionId: '', token } as TestMember;
    await practise(me, 'template', 900, start - 5 * DAY, 100);
    const api = (path: string, init: RequestInit = {}) =>
      t.fetch(`/api${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      });
    expect(
      (await api('/check-ins', { method: 'POST', body: JSON.stringify(checkIn({ note: 'mine' })) })).status,
    ).toBe(200);
    const run = crypto.randomUUID();
    const put = { phase: 'before', emotion: 'calm', kind: 'template', itemId: 3 };
    expect((await api(`/emotions/${run}`, { method: 'PUT', body: JSON.stringify(put) })).status).toBe(200);

    const data = (await (await api('/account/export')).json()) as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(data.tables.voice_check_ins).toEqual([expect.objectContaining({ user_id: id, note: 'mine' })]);
    expect(data.tables.practice_feelings).toEqual([
      expect.objectContaining({ user_id: id, run_key: run, before_emotion: 'calm' }),
    ]);

    expect(
      (await api('/account', { method: 'DELETE', body: JSON.stringify({ password: PASSWORD }) })).status,
    ).toBe(200);
    for (const table of ['voice_check_ins', 'practice_feelings']) {
      const n = await t.deps.sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, [
        id,
      ]);
      expect(Number(n?.n), table).toBe(0);
    }
  });
});
