import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  call,
  CLUSTER_START_MS,
  openLive,
  startCluster,
  type Cluster,
  type EventStream,
} from './cluster-support';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';
import { START_MS } from '../scripts/lib/test-processes';

/**
 * The real cluster (`server/cluster.ts`, 2 workers) on a temporary DATA_DIR and port: what one
 * process guaranteed must hold when requests land on different processes at the same moment.
 * Every test checks that both workers really served (the X-Worker header). The server suites'
 * second run (TEST_BACKEND=postgres) runs the same tests with the two processes on PostgreSQL.
 */
let c: Cluster;
const workersOf = (replies: { worker: string }[]) => new Set(replies.map((r) => r.worker)).size;

beforeAll(
  async () => {
    // Scale 1: the real sign-in limits, so the rate-limit test counts the real allowance.
    c = await startCluster(2, { AUTH_RATE_LIMIT_SCALE: '1', AUTH_AUTOCONFIRM: '1' });
  },
  scaledTimeout(CLUSTER_START_MS + 30_000),
);
afterAll(async () => {
  // SIGTERM to the primary: both workers finish and it exits cleanly.
  expect(await c?.stop()).toBe(0);
}, scaledTimeout(30_000));

describe('two worker processes behind one port', () => {
  it('spreads connections over both workers', async () => {
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await call(c, 'GET', '/api/health'));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(workersOf(replies)).toBe(2);
  });

  it('awards concurrent completions exactly once per session and day, within one listening budget', async () => {
    for (const id of [101, 102, 103, 104, 105]) {
      await c.sql.run(
        `INSERT INTO sessions (id, title, length_sec, skill_level) VALUES (?, ?, 300, 'beginner')`,
        [id, `Session ${id}`],
      );
    }
    const m = await addMember(c);
    // Six at once for one session, and four other sessions at the same moment: 5 x 300 s of
    // audio, but the budget holds 900 s, so exactly three are awarded, whichever process takes them.
    const ids = [101, 101, 101, 101, 101, 101, 102, 103, 104, 105];
    const replies = await Promise.all(
      ids.map((sessionId) =>
        call(c, 'POST', '/api/session-completions', { token: m.token, body: { sessionId, timeZone: 'UTC' } }),
      ),
    );
    expect(workersOf(replies)).toBe(2);
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
    expect(replies.every((r) => [200, 201, 429].includes(r.status))).toBe(true);
    const rows = await c.sql.all<{ n: number }>(
      'SELECT session_id, count(*) AS n FROM session_completions WHERE user_id = ? GROUP BY session_id',
      [m.id],
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // The "first session" badge: one row, and exactly one response announces it.
    const announced = replies.flatMap((r) => (r.body.newBadges as { id: string }[] | undefined) ?? []);
    expect(announced.filter((b) => b.id === 'first-session')).toHaveLength(1);
    expect(
      await c.sql.get(
        "SELECT count(*) AS n FROM user_achievements WHERE user_id = ? AND badge_id = 'first-session'",
        [m.id],
      ),
    ).toEqual({ n: 1 });
  });

  it('admits exactly eight of twelve members joining a circle of eight, each badge once', async () => {
    const { id } = (await c.sql.get<{ id: number }>(
      `INSERT INTO voice_circles (name, session_type, max_participants, invite_code, created_at)
       VALUES ('Twelve at once', 'asynchronous', 8, 'code-12', '2026-01-01') RETURNING id`,
    ))!;
    const members = await Promise.all(Array.from({ length: 12 }, () => addMember(c)));
    const replies = await Promise.all(
      members.map((m) => call(c, 'POST', `/api/voice-circles/${id}/join`, { token: m.token })),
    );
    expect(workersOf(replies)).toBe(2);
    expect(replies.filter((r) => r.status === 201)).toHaveLength(8);
    const full = replies.filter((r) => r.status === 409);
    expect(full).toHaveLength(4);
    expect(full[0]?.body).toMatchObject({ error: 'circle_full', message: 'This circle is full' });
    expect(await c.sql.get('SELECT count(*) AS n FROM circle_members WHERE circle_id = ?', [id])).toEqual({
      n: 8,
    });
    const badges = await c.sql.all<{ n: number }>(
      "SELECT user_id, count(*) AS n FROM user_achievements WHERE badge_id = 'circle-joined' GROUP BY user_id",
    );
    expect(badges).toHaveLength(8);
    expect(badges.every((b) => b.n === 1)).toBe(true);
  });

  it('creates one account when two processes sign up the same address at once', async () => {
    const body = { email: 'twice@example.com', password: 'a long enough password' };
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => call(c, 'POST', '/auth/v1/signup', { apikey: true, body })),
    );
    expect(workersOf(replies)).toBe(2);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
    expect(await c.sql.get("SELECT count(*) AS n FROM users WHERE email = 'twice@example.com'")).toEqual({
      n: 1,
    });
  });

  describe('a member signed in with a password', () => {
    const email = 'cluster.member@example.com';
    const password = 'correct horse battery';
    let access = '';
    let refresh = '';
    let userId = '';

    beforeAll(async () => {
      const made = await call(c, 'POST', '/api/dev/test-accounts', {
        body: { email, password, firstName: 'Cleo' },
      });
      expect(made.status).toBe(201);
      userId = String(made.body.id);
      const signedIn = await call(c, 'POST', '/auth/v1/token?grant_type=password', {
        apikey: true,
        body: { email, password },
      });
      expect(signedIn.status).toBe(200);
      access = String(signedIn.body.access_token);
      refresh = String(signedIn.body.refresh_token);
    });

    it('rotates a refresh token once when two processes refresh it at the same moment', async () => {
      const replies = await Promise.all(
        Array.from({ length: 4 }, () =>
          call(c, 'POST', '/auth/v1/token?grant_type=refresh_token', {
            apikey: true,
            body: { refresh_token: refresh },
          }),
        ),
      );
      expect(workersOf(replies)).toBe(2);
      // As in one process: the first rotates, the others (within the reuse window) get its child.
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const tokens = new Set(replies.map((r) => r.body.refresh_token));
      expect(tokens.size).toBe(1);
      const family = await c.sql.get(
        `SELECT count(*) AS n, sum(CASE WHEN revoked_at IS NULL THEN 1 ELSE 0 END) AS live
         FROM auth_refresh_tokens
         WHERE session_id = (SELECT session_id FROM auth_refresh_tokens ORDER BY id DESC LIMIT 1)`,
      );
      expect(family).toEqual({ n: 2, live: 1 });
      const next = await call(c, 'POST', '/auth/v1/token?grant_type=refresh_token', {
        apikey: true,
        body: { refresh_token: [...tokens][0] },
      });
      expect(next.status).toBe(200);
      access = String(next.body.access_token);
    });

    it('refuses a signed-out session in every process at once', async () => {
      const before = [];
      for (let i = 0; i < 4; i++)
        before.push(await call(c, 'GET', '/auth/v1/user', { apikey: true, token: access }));
      expect(before.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(workersOf(before)).toBe(2);
      const out = await call(c, 'POST', '/auth/v1/logout', { apikey: true, token: access });
      expect(out.status).toBe(204);
      const after = [];
      for (let i = 0; i < 4; i++)
        after.push(await call(c, 'GET', `/api/users/${userId}/dashboard`, { token: access }));
      expect(after.map((r) => r.status)).toEqual([401, 401, 401, 401]);
      expect(workersOf(after)).toBe(2);
    });

    it('counts failed sign-ins across processes', async () => {
      const tries = [];
      for (let i = 0; i < 5; i++)
        tries.push(
          await call(c, 'POST', '/auth/v1/token?grant_type=password', {
            apikey: true,
            body: { email, password: `wrong password ${i}` },
          }),
        );
      expect(tries.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
      expect(workersOf(tries)).toBe(2);
      // The fifth failure started the back-off in both processes: even the right password waits.
      for (let i = 0; i < 2; i++) {
        const locked = await call(c, 'POST', '/auth/v1/token?grant_type=password', {
          apikey: true,
          body: { email, password },
        });
        expect(locked.status).toBe(429);
      }
    });
  });

  it(
    'shows members connected to different processes to each other in a live session',
    async () => {
      await c.sql.run(
        `INSERT INTO session_templates (id, slug, title, description, category, difficulty, voice_level,
        duration_sec, instructions_json) VALUES (70, 'cluster-live', 'Warm hum', '', 'free', 'beginner', 'all', 1800, ?)`,
        [JSON.stringify([{ text: 'Hum on a comfortable note', duration: 1800 }])],
      );
      const start = new Date(Date.now() - 30_000).toISOString();
      const circle = (await c.sql.get<{ id: number }>(
        `INSERT INTO voice_circles (name, session_type, scheduled_time, duration_min, invite_code, template_id, created_at)
       VALUES ('Live hum', 'real_time', ?, 30, 'code-live', 70, ?) RETURNING id`,
        [start, start],
      ))!.id;
      const ana = await addMember(c, 'Ana');
      const ben = await addMember(c, 'Ben');
      for (const m of [ana, ben]) {
        await c.sql.run(
          "INSERT INTO circle_members (circle_id, user_id, joined_at) VALUES (?, ?, '2026-01-01')",
          [circle, m.id],
        );
      }

      const a = await openLive(c, circle, ana.token);
      expect(a.status).toBe(200);
      await a.waitFor(['Ana']);
      // Ben's stream must be held by the other worker.
      let b: EventStream | undefined;
      for (let i = 0; i < 6 && !b; i++) {
        const s = await openLive(c, circle, ben.token);
        if (s.worker !== a.worker) b = s;
        else s.close();
      }
      if (!b) throw new Error('every stream landed on one worker');
      await b.waitFor(['Ana', 'Ben']);
      await a.waitFor(['Ana', 'Ben']);
      b.close();
      await a.waitFor(['Ana']);
      a.close();
    },
    scaledTimeout(20_000),
  );

  it(
    'replaces a worker that dies',
    async () => {
      const pids = c.workerPids();
      expect(pids).toHaveLength(2);
      process.kill(pids[0] as number, 'SIGKILL');
      // The new worker loads the whole server before it listens: a start's time on this machine.
      const deadline = Date.now() + scaledTimeout(START_MS);
      for (;;) {
        const now = c.workerPids();
        if (now.length === 2 && !now.includes(pids[0] as number)) break;
        if (Date.now() > deadline) throw new Error(`no new worker: ${JSON.stringify(now)}\n${c.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(c.output()).toContain('worker died; starting another');
      // Both answer again once the new one listens (worker ids count on: 1 and 2 were the first).
      const seen = new Set<string>();
      while (Date.now() < deadline && !(seen.size === 2 && [...seen].some((w) => Number(w) > 2))) {
        const r = await call(c, 'GET', '/api/health').catch(() => null);
        if (r?.status === 200) seen.add(r.worker);
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(
        [...seen].some((w) => Number(w) > 2),
        `workers that answered: ${[...seen].join(', ')}`,
      ).toBe(true);
    },
    scaledTimeout(START_MS + 30_000),
  );
});
