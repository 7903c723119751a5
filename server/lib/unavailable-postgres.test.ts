import net from 'node:net';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
