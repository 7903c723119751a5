import net from 'node:net';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import type { AppEnv } from '../app-env';
import { postgresDatabase, type SqlDatabase } from '../db/sql';
import { isDatabaseUnavailable } from '../db/sql/availability';
import { serverTestBackend } from '../db/sql/test-backends';
import { createMember, type TestMember } from '../rest/test-members';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support';
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';

/**
 * A real PostgreSQL going away and coming back (`npm run test:pg:server -- this file`): the
 * app's pool reaches the server through a TCP relay the test closes and reopens, which is what
 * the pool sees when PostgreSQL restarts (connections reset, then refused, then accepted).
 */

/** A TCP relay to PostgreSQL that can stop (reset every connection, refuse new ones) and start. */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.resetAndDestroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

const onPostgres = serverTestBackend() === 'postgres';

describe.skipIf(!onPostgres)('PostgreSQL going away under the app', () => {
  let t: TestApp;
  let relay: Relay;
  let sql: SqlDatabase;
  let app: Hono<AppEnv>;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t);
    // The test's own database on the test server, reached through the relay.
    const row = await t.deps.sql.get<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.name}`;
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.start();
    url.port = String(relay.port);
    sql = postgresDatabase(url.toString(), { max: 4 });
    app = createApp({ ...t.deps, sql });
  });
  afterAll(async () => {
    await sql?.close();
    await relay?.stop();
    await t?.close();
  });

  const saveMood = () =>
    app.fetch(
      new Request(`${TEST_ORIGIN}/api/mood-tracking`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${member.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ moodScore: 6, stressLevel: 3, anxietyLevel: 2, energyLevel: 7 }),
      }),
    );
  const readRest = () =>
    app.fetch(
      new Request(`${TEST_ORIGIN}/rest/v1/sessions?select=id`, { headers: { apikey: t.deps.keys.anonKey } }),
    );
  const moods = async () =>
    Number(
      (await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM mood_entries WHERE user_id = ?', [
        member.id,
      ]))!.n,
    );

  it('answers 503 with Retry-After while it is down, keeps every acknowledged write, and recovers', async () => {
    // Up: the pool holds open connections through the relay.
    expect((await saveMood()).status).toBe(201);
    expect((await readRest()).status).toBe(200);

    await relay.stop(); // every connection reset, new ones refused: PostgreSQL restarting
    const during = await Promise.all([saveMood(), saveMood(), readRest()]);
    for (const res of during) {
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('3');
    }
    expect(await during[0]!.json()).toEqual({
      error: 'unavailable',
      message: 'The database is unavailable for a moment; try again in a few seconds.',
    });
    expect((await during[2]!.json()) as { code: string }).toMatchObject({ code: 'PGRST001' });

    await relay.start(); // back on the same port
    const backAt = Date.now();
    let tries = 1;
    let res = await saveMood();
    while (res.status === 503 && Date.now() - backAt < scaledTimeout(5_000)) {
      tries++;
      res = await saveMood();
    }
    expect(res.status).toBe(201);
    console.log(`first accepted write ${Date.now() - backAt} ms after PostgreSQL was back (try ${tries})`);
    expect((await readRest()).status).toBe(200);

    // Every write acknowledged (201) is stored; none refused with a 503 is.
    expect(await moods()).toBe(2);
  });

  it('answers 503 for a query whose backend is terminated (57P01), then serves on new connections', async () => {
    // A query in flight on the app's pool when an operator (or a restart) ends its backend.
    const slow = sql.get('SELECT pg_sleep(5)').then(
      () => null,
      (err: Error) => err,
    );
    const admin = t.anotherSql();
    const deadline = Date.now() + scaledTimeout(3_000);
    let killed = 0;
    while (killed === 0 && Date.now() < deadline) {
      const rows = await admin.all<{ ok: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'SELECT pg_sleep%'`,
      );
      killed = rows.length;
    }
    const err = await slow;
    expect((err as { code?: string } | null)?.code).toBe('57P01');
    expect(isDatabaseUnavailable(err)).toBe(true);
    // The pool drops the dead connection: the next requests are served.
    expect((await readRest()).status).toBe(200);
    expect((await saveMood()).status).toBe(201);
  });

  it('keeps running when a transaction’s backend is terminated between two statements', async () => {
    // Issue 34's high finding: the client a transaction holds had no 'error' listener, and a
    // termination arriving while it waited between statements ended the process ("Unhandled
    // 'error' event"). Here the transaction waits on the test between its two statements.
    const admin = t.anotherSql();
    let pid = 0;
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    let reachedPause!: () => void;
    const atPause = new Promise<void>((r) => (reachedPause = r));
    const tx = sql
      .transaction(async (q) => {
        pid = (await q.get<{ pid: number }>('SELECT pg_backend_pid() AS pid'))!.pid;
        reachedPause();
        await paused;
        await q.get('SELECT 1 AS one');
      })
      .then(
        () => null,
        (err: Error) => err,
      );
    await atPause;
    const unhandled: unknown[] = [];
    const onUncaught = (err: unknown) => unhandled.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      await admin.get('SELECT pg_terminate_backend(?) AS ok', [pid]);
      // The termination notice reaches the idle client while the transaction still holds it:
      // once the backend is gone, and a moment for its last message to arrive.
      await vi.waitFor(async () =>
        expect(await admin.get('SELECT count(*) AS n FROM pg_stat_activity WHERE pid = ?', [pid])).toEqual({
          n: 0,
        }),
      );
      await new Promise((r) => setTimeout(r, 200));
      resume();
      const err = await tx;
      expect(err).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    // The broken client is not handed out again: the next transaction is served.
    expect(await sql.transaction((q) => q.get<{ one: number }>('SELECT 1 AS one'))).toEqual({ one: 1 });
    expect((await saveMood()).status).toBe(201);
  });
});
