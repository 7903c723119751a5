import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { signAccessToken } from './auth/tokens';
import { databaseFile, openDatabase } from './db/open';
import { postgresDatabase, sqliteDatabase, type Dialect, type SqlDatabase } from './db/sql';
import { freshPostgres, serverTestBackend } from './db/sql/test-backends';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';
import { startProcess, START_MS } from '../scripts/lib/test-processes';

/** A cluster's start on the reference machine: its primary and then its workers load the server. */
export const CLUSTER_START_MS = 2 * START_MS;

/**
 * Test support for cluster.test.ts: the real `server/cluster.ts` with N workers on a temporary
 * DATA_DIR and port, and plain HTTP on a new connection per request (the primary hands each
 * new connection to the next worker, so consecutive requests reach different workers). With
 * TEST_BACKEND=postgres the cluster runs on a fresh, empty PostgreSQL database (DATABASE_URL),
 * which its primary migrates; otherwise on DATA_DIR/app.db.
 */
const root = path.resolve(import.meta.dirname, '..');

export interface Cluster {
  port: number;
  dataDir: string;
  /** The database the cluster runs on. */
  backend: Dialect;
  /** The test's own connection to the cluster's database (app.db or PostgreSQL): a third client. */
  sql: SqlDatabase;
  keys: { jwtSecret: string; anonKey: string };
  output: () => string;
  /** Process ids of the workers running now (children of the primary). */
  workerPids(): number[];
  stop(): Promise<number | null>;
}

export async function startCluster(
  workers: number,
  env: Record<string, string> = {},
  /** A PostgreSQL of the test's own (a fault test restarts it), whatever TEST_BACKEND says. */
  { postgresUrl }: { postgresUrl?: string } = {},
): Promise<Cluster> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-cluster-'));
  const port = await freePort();
  const backend = postgresUrl ? 'postgres' : serverTestBackend();
  const pg = postgresUrl
    ? { location: postgresUrl, sql: postgresDatabase(postgresUrl, { max: 2 }), drop: () => Promise.resolve() }
    : backend === 'postgres'
      ? await freshPostgres()
      : undefined;
  const p = startProcess(
    process.execPath,
    ['--import', 'tsx', 'server/cluster.ts', '--workers', String(workers)],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        DEMO_SEED: '0',
        LOG_LEVEL: 'warn',
        // Blank = unset (SQLite), even under scripts/postgres.mjs, which sets DATABASE_URL.
        DATABASE_URL: pg?.location ?? '',
        ...env,
      },
    },
  );
  const child = p.child;
  // The primary and its workers each load the whole server: allow for N + 1 starts.
  await p.waitForOutput(`Ready (${workers} workers)`, CLUSTER_START_MS);
  const sql = pg?.sql ?? sqliteDatabase(openDatabase(databaseFile(dataDir)));
  const keys = pg
    ? await pg.sql
        .get<{ jwt_secret: string; anon_key: string }>('SELECT jwt_secret, anon_key FROM project_keys')
        .then((r) => ({ jwtSecret: r!.jwt_secret, anonKey: r!.anon_key }))
    : JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8'));
  return {
    port,
    dataDir,
    backend,
    sql,
    keys,
    output: p.output,
    workerPids: () =>
      fs
        .readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    stop: async () => {
      if (!pg || postgresUrl) await sql.close();
      const { code } = await p.stop('SIGTERM');
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Reply {
  status: number;
  worker: string;
  /** The Retry-After header, when there is one. */
  retryAfter?: string;
  body: Record<string, unknown> & { [k: string]: unknown };
}

/** One request on its own connection (agent: false), JSON in and out. */
export function call(
  c: Cluster,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; apikey?: boolean } = {},
): Promise<Reply> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  if (payload) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.apikey) headers.apikey = c.keys.anonKey;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: c.port, method, path: url, headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            worker: String(res.headers['x-worker'] ?? ''),
            ...(res.headers['retry-after'] ? { retryAfter: String(res.headers['retry-after']) } : {}),
            body: text ? JSON.parse(text) : {},
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface Member {
  id: string;
  token: string;
}

/** A member written straight into the database with a signed-in session and a real access token. */
export async function addMember(c: Cluster, firstName = 'Member'): Promise<Member> {
  const id = crypto.randomUUID();
  const sessionId = crypto.randomUUID();
  const now = new Date().toISOString();
  const email = `${id}@example.com`;
  await c.sql.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO users (id, email, password_hash, first_name, email_confirmed_at, created_at, updated_at)
       VALUES (?, ?, 'not-a-real-hash', ?, ?, ?, ?)`,
      [id, email, firstName, now, now, now],
    );
    await tx.run('INSERT INTO auth_sessions (id, user_id, created_at, updated_at) VALUES (?, ?, ?, ?)', [
      sessionId,
      id,
      now,
      now,
    ]);
  });
  const token = await signAccessToken(c.keys.jwtSecret, {
    userId: id,
    email,
    sessionId,
    userMetadata: {},
    amrMethod: 'password',
    issuer: `http://localhost:${c.port}/auth/v1`,
    nowS: Math.floor(Date.now() / 1000),
  });
  return { id, token };
}

export interface EventStream {
  status: number;
  worker: string;
  /** The `present` list of every `state` event so far. */
  presents: string[][];
  waitFor(present: string[], timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens a live-session stream on its own connection and collects its `state` events. */
export function openLive(c: Cluster, circleId: number, token: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: c.port,
        path: `/api/voice-circles/${circleId}/live`,
        headers: { authorization: `Bearer ${token}` },
        agent: false,
      },
      (res) => {
        const presents: string[][] = [];
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          buffer += d;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (/^event: state$/m.test(block) && data) presents.push(JSON.parse(data).present);
          }
        });
        res.on('error', () => {});
        resolve({
          status: res.statusCode ?? 0,
          worker: String(res.headers['x-worker'] ?? ''),
          presents,
          async waitFor(present, timeoutMs = 4000) {
            const deadline = Date.now() + scaledTimeout(timeoutMs);
            const want = JSON.stringify(present);
            while (JSON.stringify(presents.at(-1)) !== want) {
              if (Date.now() > deadline)
                throw new Error(`never saw ${want}; saw ${JSON.stringify(presents)}`);
              await new Promise((r) => setTimeout(r, 50));
            }
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
  });
}
