import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support';
import { createMember, insertSessions, type TestMember } from '../rest/test-members';
import { seedExpertContent } from '../seed/expert-content';
import { takeBody } from '../api/pitch-exercises/test-takes';

/**
 * Issue 20: every route the app's outbox may replay (a write made offline) has exactly one
 * effect per Idempotency-Key: a replay after a lost answer gets the stored answer and adds no
 * row, also when the copies arrive at once on two server processes. Runs on SQLite and, with
 * `npm run test:pg:server`, on PostgreSQL. Completions, echoes, reflections and template saves
 * have their own suites (server/api/listening/offline-writes.test.ts and beside their routes).
 */
let t: TestApp;
let programId = 0;
let classId = 0;
let circleId = 0;

beforeAll(async () => {
  t = await createTestApp();
  // The demo programs' steps name catalogue sessions 1-30.
  await insertSessions(
    t,
    Array.from({ length: 30 }, (_, i) => ({ id: i + 1, title: `session ${i + 1}`, length_sec: 60 })),
  );
  expect(await seedExpertContent(t.deps.sql)).toBeGreaterThan(0);
  programId = Number((await t.deps.sql.get<{ id: number }>('SELECT min(id) AS id FROM programs'))?.id);
  classId = Number((await t.deps.sql.get<{ id: number }>('SELECT min(id) AS id FROM expert_classes'))?.id);
  const circle = await t.deps.sql.get<{ id: number }>(
    `INSERT INTO voice_circles (name, session_type, max_participants, scheduled_time, is_private,
      invite_code, template_id, created_at)
     VALUES ('Morning hum', 'asynchronous', 8, NULL, 0, ?, NULL, '2026-01-01T00:00:00.000Z') RETURNING id`,
    [crypto.randomUUID()],
  );
  circleId = Number(circle?.id);
});
afterAll(() => t.close());

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * What another server process would be. On PostgreSQL: a second app on its own pool, so the
 * copies really run at once. On SQLite the same app: two connections in ONE process deadlock
 * (better-sqlite3 waits out a held write lock synchronously, blocking the event loop the holder
 * needs to commit), while real processes of a cluster simply wait their turn (cluster.test.ts).
 */
function secondProcess(): Fetch {
  if (t.backend !== 'postgres') return t.fetch;
  const app2 = createApp({ ...t.deps, sql: t.anotherSql() });
  return (input, init) => Promise.resolve(app2.fetch(new Request(new URL(input, TEST_ORIGIN), init)));
}

function send(
  who: TestMember,
  method: string,
  path: string,
  body: unknown,
  key?: string,
  via: Fetch = t.fetch,
) {
  const headers = new Headers({ Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' });
  if (key) headers.set('Idempotency-Key', key);
  return via(`/api${path}`, { method, headers, body: JSON.stringify(body) });
}

const rowsOf = async (table: string, who: TestMember) =>
  Number(
    (await t.deps.sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, [who.id]))
      ?.n,
  );

interface QueuedRoute {
  method: 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  /** Made once per test: a replay carries the very same body. */
  body: () => Record<string, unknown>;
  /** The table that gains (or, for a DELETE, loses) the member's row. */
  table: string;
  /** What the member did before (online), e.g. join the circle or enrol. */
  before?: (who: TestMember) => Promise<void>;
  /** The row count after one effect, given the count before. */
  after: (before: number) => number;
}

const added = (n: number) => n + 1;
const now = () => new Date(t.deps.now()).toISOString();

const routes: Record<string, QueuedRoute> = {
  'a mood entry': {
    method: 'POST',
    path: () => '/mood-tracking',
    body: () => ({
      moodScore: 8,
      stressLevel: 3,
      anxietyLevel: 2,
      energyLevel: 6,
      emotions: ['calm'],
      timeZone: 'UTC',
    }),
    table: 'mood_entries',
    after: added,
  },
  'a pitch-matching take': {
    method: 'POST',
    path: () => '/pitch-exercises/results',
    body: () => takeBody('tune-five-note-scale', now()),
    table: 'pitch_exercise_results',
    after: added,
  },
  'a biometric reading': {
    method: 'POST',
    path: () => '/biometric-data',
    body: () => ({ dataType: 'heart_rate', value: 62, timeZone: 'UTC' }),
    table: 'biometric_records',
    after: added,
  },
  'a voice goal': {
    method: 'POST',
    path: () => '/voice-goals',
    body: () => ({ metric: 'tonalClarity', targetValue: 16, targetDate: '2030-01-31' }),
    table: 'voice_goals',
    after: added,
  },
  'a program enrolment': {
    method: 'POST',
    path: () => `/specialized-programs/${programId}/enroll`,
    body: () => ({}),
    table: 'program_enrollments',
    after: added,
  },
  'leaving a program': {
    method: 'DELETE',
    path: () => `/specialized-programs/${programId}/enroll`,
    body: () => ({}),
    table: 'program_enrollments',
    before: async (who) => {
      expect((await send(who, 'POST', `/specialized-programs/${programId}/enroll`, {})).status).toBe(201);
    },
    after: (n) => n - 1,
  },
  'a class view': {
    method: 'POST',
    path: () => `/expert-content/${classId}/view`,
    body: () => ({}),
    table: 'expert_class_views',
    after: added,
  },
  "a circle's weekly practice": {
    method: 'POST',
    path: () => `/voice-circles/${circleId}/practice`,
    body: () => ({ timeZone: 'UTC' }),
    table: 'circle_practices',
    before: async (who) => {
      expect((await send(who, 'POST', `/voice-circles/${circleId}/join`, {})).status).toBe(201);
    },
    after: added,
  },
  'a voice analysis': {
    method: 'POST',
    path: () => '/voice-analyses',
    body: () => ({
      recordedAt: now(),
      durationSec: 5,
      score: 71,
      clarity: 0.7,
      stability: 0.6,
      resonance: 0.5,
      projection: 0.4,
      pitchMedianHz: 180,
      pitchRangeSemitones: 4,
    }),
    table: 'voice_analyses',
    before: async (who) => {
      expect((await send(who, 'PUT', '/voice-history-choice', { keep: true })).status).toBe(200);
    },
    after: added,
  },
  'a tuning-room recording (its practice, kept scores or not)': {
    method: 'POST',
    path: () => '/practice/recordings',
    body: () => ({ recordedAt: now(), durationSec: 42 }),
    table: 'practice_ledger',
    after: added,
  },
  'a voice assessment': {
    method: 'POST',
    path: () => '/voice-assessments',
    body: () => ({
      avqi: 1.71, // AVQI 03.01 of the six measures below
      cpps: 13.9,
      hnr: 20.2,
      shimmerPercent: 3.9,
      shimmerDb: 0.35,
      ltasSlope: -21.5,
      ltasTilt: -10.2,
      recordedAt: now(),
      engineVersion: 'test',
    }),
    table: 'voice_assessments',
    after: added,
  },
  'a range check (level 6)': {
    method: 'POST',
    path: () => '/voice-ranges',
    body: () => ({
      lowestHz: 110,
      highestHz: 440,
      rangeSemitones: 24,
      profile: [{ semitone: 57, minDb: -20, maxDb: 0 }],
      levels: 'relative',
      recordedAt: now(),
      engineVersion: 'test',
    }),
    table: 'voice_ranges',
    // Voice range tracking opens at level 6 (1250 tone tokens): past practice on the ledger.
    before: async (who) => {
      const at = new Date(t.deps.now() - 3 * 86_400_000).toISOString();
      await t.deps.sql.run(
        `INSERT INTO practice_ledger (user_id, kind, item_id, title, categories, practised_at, local_date,
           planned_sec, practised_sec, counted, earned, source_id)
         VALUES (?, 'template', 1, 'Earlier practice', '["find"]', ?, ?, 600, 600, 1, 1250, NULL)`,
        [who.id, at, at.slice(0, 10)],
      );
    },
    after: added,
  },
};

describe.each(Object.entries(routes))('%s replayed by the outbox', (_name, route) => {
  it('has one effect and the same answer for the same key sent twice', async () => {
    const who = await createMember(t);
    await route.before?.(who);
    const before = await rowsOf(route.table, who);
    const key = crypto.randomUUID();
    const body = route.body();
    const first = await send(who, route.method, route.path(), body, key);
    expect(first.status, await first.clone().text()).toBeLessThan(300);
    const again = await send(who, route.method, route.path(), body, key);
    expect(again.status).toBe(first.status);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    expect(await rowsOf(route.table, who)).toBe(route.after(before));
  });

  it('has one effect when copies with one key arrive at once (on two processes with PostgreSQL)', async () => {
    const who = await createMember(t);
    await route.before?.(who);
    const before = await rowsOf(route.table, who);
    const via2 = secondProcess();
    const key = crypto.randomUUID();
    const body = route.body();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        send(who, route.method, route.path(), body, key, i % 2 ? via2 : t.fetch),
      ),
    );
    const statuses = new Set(answers.map((r) => r.status));
    expect(statuses.size, `statuses ${[...statuses].join(', ')}`).toBe(1);
    expect([...statuses][0]).toBeLessThan(300);
    expect(await rowsOf(route.table, who)).toBe(route.after(before));
  });
});

describe('onboarding answers replayed by the outbox', () => {
  it.each([
    ['/complete-onboarding', { voiceComfortLevel: 6, primaryGoal: ['stress_relief'], name: 'Ada' }],
    ['/onboarding/skip', {}],
  ])('%s with one key twice is one answer, replayed', async (path, body) => {
    const who = await createMember(t);
    const key = crypto.randomUUID();
    const first = await send(who, 'POST', path, body, key);
    expect(first.status, await first.clone().text()).toBe(200);
    const again = await send(who, 'POST', path, body, key);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });
});
