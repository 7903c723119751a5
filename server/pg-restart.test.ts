import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { findPostgresBin, startPostgres } from '../scripts/postgres.mjs';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';
import { addMember, call, CLUSTER_START_MS, startCluster, type Cluster } from './cluster-support';
import { serverTestBackend } from './db/sql/test-backends';

/**
 * Issue 34's fault harness: PostgreSQL restarted under write load, five times (fast and
 * immediate shutdowns, as `pg_ctl restart -m fast|immediate`), under the real cluster (two
 * workers) on a PostgreSQL of this test's own. A restart used to end the worker processes
 * ("Unhandled 'error' event" from a transaction's client): every process must still serve, every
 * refusal must be a 503 with Retry-After, and every write acknowledged (201) must be stored.
 * Run once, in the SQLite run (its own database either way).
 */
interface Pg {
  url: string;
  stop(): void;
  restart(mode: 'fast' | 'immediate'): Promise<void>;
}
const available =
  serverTestBackend() === 'sqlite' && Boolean(findPostgresBin({ install: false, log: () => {} }));

describe.skipIf(!available)('PostgreSQL restarted under write load', () => {
  let pg: Pg;
  let c: Cluster;
  beforeAll(
    async () => {
      pg = (await startPostgres({ log: () => {}, durable: true })) as Pg;
      c = await startCluster(2, {}, { postgresUrl: pg.url });
    },
    scaledTimeout(CLUSTER_START_MS + 60_000),
  );
  afterAll(async () => {
    await c?.stop();
    pg?.stop();
  }, scaledTimeout(60_000));

  it('keeps every process serving through five restarts: refusals are 503 with Retry-After, nothing acknowledged is lost', async () => {
    const member = await addMember(c);
    const workers = c.workerPids();
    expect(workers).toHaveLength(2);
    const acknowledged: string[] = [];
    const refusals: { status: number; retryAfter?: string }[] = [];
    const failures: string[] = [];
    let sent = 0;
    let running = true;
    // Four writers, one request after another each, on new connections (both workers).
    const writer = async () => {
      while (running) {
        const note = `write ${++sent}`;
        try {
          const r = await call(c, 'POST', '/api/mood-tracking', {
            token: member.token,
            body: { moodScore: 6, stressLevel: 4, anxietyLevel: 3, energyLevel: 7, notes: note },
          });
          if (r.status === 201) acknowledged.push(note);
          else refusals.push({ status: r.status, retryAfter: r.retryAfter });
        } catch (e) {
          failures.push(String(e)); // a connection reset or refused: a process gone
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    const acknowledgedNow = () => acknowledged.length;
    const untilWritesGoThrough = async () => {
      const from = acknowledgedNow();
      const deadline = Date.now() + scaledTimeout(15_000);
      while (acknowledgedNow() < from + 4 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      return acknowledgedNow() >= from + 4;
    };
    try {
      expect(await untilWritesGoThrough()).toBe(true);
      for (const mode of ['fast', 'immediate', 'fast', 'immediate', 'fast'] as const) {
        await pg.restart(mode);
        // Service resumes once the database is back.
        expect(await untilWritesGoThrough(), `writes after a ${mode} restart`).toBe(true);
      }
    } finally {
      running = false;
      await Promise.all(writers);
    }
    expect(failures).toEqual([]);
    expect(c.workerPids().sort()).toEqual(workers.sort());
    expect(refusals.every((r) => r.status === 503 && r.retryAfter !== undefined)).toBe(true);
    const stored = new Set(
      (
        await c.sql.all<{ notes: string }>('SELECT notes FROM mood_entries WHERE user_id = ?', [member.id])
      ).map((r) => r.notes),
    );
    expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
    console.log(
      `${acknowledged.length} writes acknowledged, ${refusals.length} refused with 503 over five restarts`,
    );
  });
});
