import net from 'node:net';
import Database from 'better-sqlite3';
import type { Hono } from 'hono';
import { DatabaseError } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppEnv } from '../app-env';
import { isDatabaseUnavailable } from '../db/sql/availability';
import { postgresDatabase, type SqlDatabase, type SqlExecutor } from '../db/sql';
import { createMember, type TestMember } from '../rest/test-members';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support';
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';

/**
 * A database outage (PostgreSQL restarting, SQLite busy past its timeout, a full disk) is
 * answered 503 with Retry-After and each family's JSON error shape, so clients wait and send
 * again; a bug stays a 500. The database is made to fail with the drivers' own error objects.
 */

type Fault = (() => Error) | null;

/** Delegates to `real` until `fault` is set; then every statement throws what it makes. */
function faultySql(real: SqlDatabase, current: () => Fault): SqlDatabase {
  const guard = <T>(run: () => Promise<T>): Promise<T> => {
    const fault = current();
    return fault ? Promise.reject(fault()) : run();
  };
  const wrap = (x: SqlExecutor): SqlExecutor => ({
    dialect: x.dialect,
    query: (sql, params) => guard(() => x.query(sql, params)),
    all: (sql, params) => guard(() => x.all(sql, params)),
    get: (sql, params) => guard(() => x.get(sql, params)),
    run: (sql, params) => guard(() => x.run(sql, params)),
    exec: (sql) => guard(() => x.exec(sql)),
    transaction: (fn) => guard(() => x.transaction((tx) => fn(wrap(tx)))),
  });
  return { ...wrap(real), close: () => real.close() };
}

function pgError(code: string, message: string): Error {
  const err = new DatabaseError(message, message.length, 'error');
  err.code = code;
  return err;
}

const sqliteError = (code: string, message: string) => new Database.SqliteError(message, code);

/** A port nothing listens on: what the pool meets while PostgreSQL is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let t: TestApp;
let app: Hono<AppEnv>;
let member: TestMember;
let fault: Fault = null;
let refusedError: Error;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t);
  app = createApp({ ...t.deps, sql: faultySql(t.deps.sql, () => fault) });
  // A real pool pointed at a closed port: node-postgres's own ECONNREFUSED, not a made-up one.
  const dead = postgresDatabase(`postgres://tuneful@127.0.0.1:${await closedPort()}/tuneful`, { max: 1 });
  refusedError = await dead.get('SELECT 1').then(
    () => new Error('a closed port answered'),
    (err: Error) => err,
  );
  await dead.close();
});
afterAll(() => t.close());

/** One request per route family, each one that reads the database. */
const families: Record<string, () => Request> = {
  '/api': () =>
    new Request(`${TEST_ORIGIN}/api/auth/me`, { headers: { Authorization: `Bearer ${member.token}` } }),
  '/rest/v1': () =>
    new Request(`${TEST_ORIGIN}/rest/v1/sessions?select=id`, { headers: { apikey: t.deps.keys.anonKey } }),
  '/auth/v1': () =>
    new Request(`${TEST_ORIGIN}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: t.deps.keys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: 'a-password-long-enough' }),
    }),
  '/storage/v1': () =>
    new Request(`${TEST_ORIGIN}/storage/v1/object/list/audio`, {
      method: 'POST',
      headers: {
        apikey: t.deps.keys.anonKey,
        Authorization: `Bearer ${member.token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ prefix: '' }),
    }),
};

const MESSAGE = 'The database is unavailable for a moment; try again in a few seconds.';

/** Each family's own error body, so supabase-js and the app's client read the message. */
const shapes: Record<string, object> = {
  '/api': { error: 'unavailable', message: MESSAGE },
  '/rest/v1': { code: 'PGRST001', details: null, hint: null, message: MESSAGE },
  '/auth/v1': {
    code: 'service_unavailable',
    error_code: 'service_unavailable',
    msg: MESSAGE,
    message: MESSAGE,
  },
  '/storage/v1': { statusCode: '503', code: 'DatabaseUnavailable', error: 'unavailable', message: MESSAGE },
};

async function send(family: string, during: Fault): Promise<Response> {
  fault = during;
  try {
    return await app.fetch(families[family]!());
  } finally {
    fault = null;
  }
}

const outages: Record<string, () => Error> = {
  'PostgreSQL terminating our backend (57P01 admin_shutdown)': () =>
    pgError('57P01', 'terminating connection due to administrator command'),
  'PostgreSQL starting up (57P03 cannot_connect_now)': () =>
    pgError('57P03', 'the database system is starting up'),
  'a connection exception (08006)': () => pgError('08006', 'connection failure'),
  'PostgreSQL not listening (ECONNREFUSED from a real pool)': () => refusedError,
  'the socket to PostgreSQL reset (ECONNRESET, not a member hanging up)': () =>
    Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' }),
  'the socket ending mid-query': () => new Error('Connection terminated unexpectedly'),
  'the pool timing out': () => new Error('timeout exceeded when trying to connect'),
  'SQLite busy past busy_timeout (SQLITE_BUSY)': () => sqliteError('SQLITE_BUSY', 'database is locked'),
  'SQLite read-only (SQLITE_READONLY)': () =>
    sqliteError('SQLITE_READONLY', 'attempt to write a readonly database'),
  'SQLite I/O error (SQLITE_IOERR_WRITE)': () => sqliteError('SQLITE_IOERR_WRITE', 'disk I/O error'),
  'a full disk (SQLITE_FULL)': () => sqliteError('SQLITE_FULL', 'database or disk is full'),
};

describe('a database outage', () => {
  it('is answered normally while the database is there (the requests themselves are sound)', async () => {
    for (const family of ['/api', '/rest/v1', '/storage/v1']) {
      expect((await send(family, null)).status, family).toBe(200);
    }
    // The member has no real password: a sound request the database answers with a 400.
    expect((await send('/auth/v1', null)).status).toBe(400);
  });

  for (const [what, makeError] of Object.entries(outages)) {
    it(`is a 503 with Retry-After on every route family: ${what}`, async () => {
      for (const family of Object.keys(families)) {
        const res = await send(family, makeError);
        expect(res.status, family).toBe(503);
        expect(res.headers.get('Retry-After'), family).toBe('3');
        expect(res.headers.get('Content-Type'), family).toContain('application/json');
        expect(await res.json(), family).toEqual(shapes[family]);
      }
    });
  }

  it('ends when the database is back: the same requests succeed again', async () => {
    expect((await send('/rest/v1', outages['SQLite busy past busy_timeout (SQLITE_BUSY)']!)).status).toBe(
      503,
    );
    expect((await send('/rest/v1', null)).status).toBe(200);
    expect((await send('/api', null)).status).toBe(200);
  });

  it('does not cover bugs: a TypeError from the data layer is still a 500 without Retry-After', async () => {
    for (const family of Object.keys(families)) {
      const res = await send(
        family,
        () => new TypeError("Cannot read properties of undefined (reading 'id')"),
      );
      expect(res.status, family).toBe(500);
      expect(res.headers.get('Retry-After'), family).toBeNull();
    }
  });

  it('does not cover a broken query: a syntax error (42601) or a constraint is not an outage', async () => {
    const res = await send('/api', () => pgError('42601', 'syntax error at or near "SELEC"'));
    expect(res.status).toBe(500);
    expect(res.headers.get('Retry-After')).toBeNull();
  });
});

describe('a PostgreSQL server that does not answer at all (host down, packets dropped)', () => {
  it('is a 503 once the pool gives up connecting, not a request hanging for minutes', async () => {
    // Accepts TCP connections and never says a word: what a black-holed database looks like.
    const held: net.Socket[] = [];
    const silent = net.createServer((s) => held.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const sql = postgresDatabase(`postgres://tuneful@127.0.0.1:${port}/tuneful`, {
      max: 1,
      connectTimeoutMs: 300,
    });
    try {
      const silentApp = createApp({ ...t.deps, sql });
      const started = Date.now();
      const res = await silentApp.fetch(families['/rest/v1']!());
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('3');
      expect(Date.now() - started).toBeLessThan(scaledTimeout(5_000));
    } finally {
      await sql.close();
      for (const s of held) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows the outage codes of both drivers and nothing else', () => {
    for (const makeError of Object.values(outages)) expect(isDatabaseUnavailable(makeError())).toBe(true);
    expect(isDatabaseUnavailable(sqliteError('SQLITE_BUSY_SNAPSHOT', 'database is locked'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isDatabaseUnavailable(sqliteError('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('looks inside what wraps the error (cause, AggregateError)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: refused }))).toBe(true);
  });
});
