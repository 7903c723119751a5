import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support';
import { createMember, mintToken, type TestMember } from '../../rest/test-members';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Exactly-once completions with two server processes on one database (issue 14): the second
 * app has its own connection (SQLite) or pool (PostgreSQL, READ COMMITTED), so requests really
 * overlap there. Run on PostgreSQL with `npm run test:pg:server -- server/api/listening`.
 */
let t: TestApp;
type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
let other: Fetch;

beforeAll(async () => {
  t = await createTestApp();
  // Straight through deps.sql (the catalogue helper writes only SQLite during the transition).
  const sessions = [1, ...Array.from({ length: 10 }, (_, i) => 10 + i)];
  for (const id of sessions) {
    await t.deps.sql.run(
      "INSERT INTO sessions (id, title, length_sec, skill_level) VALUES (?, ?, 300, 'beginner')",
      [id, `Five minutes ${id}`],
    );
  }
  const app2 = createApp({ ...t.deps, sql: t.anotherSql() });
  other = (input, init) => Promise.resolve(app2.fetch(new Request(new URL(input, TEST_ORIGIN), init)));
});
afterAll(() => t.close());

async function complete(who: TestMember, sessionId: number, via: Fetch) {
  return via('/api/session-completions', {
    method: 'POST',
    headers: { Authorization: `Bearer ${await mintToken(t, who)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ sessionId, timeZone: 'UTC' }),
  });
}
const both = (i: number) => (i % 2 ? other : t.fetch);

describe('completions on two server processes at once', () => {
  it('counts one session sent six times together once: its tokens and its badge once', async () => {
    const ana = await createMember(t);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => complete(ana, 1, both(i))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as {
      tokensAwarded: number;
      totalTokens: number;
      newBadges: { id: string }[];
    }[];
    expect(bodies.map((b) => b.tokensAwarded).sort()).toEqual([0, 0, 0, 0, 0, 20]);
    expect(bodies.every((b) => b.totalTokens === 20)).toBe(true);
    expect(
      bodies.flatMap((b) => b.newBadges.map((x) => x.id)).filter((id) => id === 'first-session'),
    ).toEqual(['first-session']);
    const rows = await t.deps.sql.get<{ n: number; tokens: number }>(
      'SELECT count(*) AS n, sum(tokens_awarded) AS tokens FROM session_completions WHERE user_id = ?',
      [ana.id],
    );
    expect(rows).toEqual({ n: 1, tokens: 20 });
    const badges = await t.deps.sql.all('SELECT badge_id FROM user_achievements WHERE user_id = ?', [ana.id]);
    expect(badges.filter((b) => b.badge_id === 'first-session')).toHaveLength(1);
  });

  it('never spends more of the listening budget than it holds, whichever process answers', async () => {
    const ben = await createMember(t);
    // Ten different five-minute sessions at once: the fifteen-minute budget covers three.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => complete(ben, 10 + i, both(i))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const rows = await t.deps.sql.get<{ n: number; tokens: number }>(
      'SELECT count(*) AS n, sum(tokens_awarded) AS tokens FROM session_completions WHERE user_id = ?',
      [ben.id],
    );
    expect(rows).toEqual({ n: 3, tokens: 60 });
    const budget = await t.deps.sql.get<{ seconds: number }>(
      'SELECT seconds FROM listening_budgets WHERE user_id = ?',
      [ben.id],
    );
    // Spent to about zero, never below (a few milliseconds of refill between the spends, longer
    // on a busy machine).
    expect(budget!.seconds).toBeGreaterThanOrEqual(0);
    expect(budget!.seconds).toBeLessThan(scaledTimeout(5_000) / 1000);
  });
});
