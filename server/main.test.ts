import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshPostgres, PG_SKIP_REASON, PG_URL, serverTestBackend } from './db/sql/test-backends';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';
import { runProcess, startProcess, START_MS } from '../scripts/lib/test-processes';

// These start real server processes with their own settings (SQLite in a DATA_DIR, or
// DATABASE_URL given explicitly), whatever the test backend: the PostgreSQL server run would
// start the same processes again (52 s of its time), so it leaves them to the first run.
const RUN_ONCE = serverTestBackend() === 'postgres';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Each test starts one or two real server processes: on a slow or busy machine starting one
 * (Node.js, tsx, the whole server's modules) takes tens of seconds, so a test's limit is the
 * start's limit and some (both scaled to the machine).
 */
const PROCESS_TEST_MS = START_MS + 30_000;

/** Runs the real entry point as `npm start` does, to its end, and returns what a person would see. */
async function start(env: Record<string, string>) {
  const r = await runProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // DATABASE_URL blank (= unset): these cases are about SQLite in DATA_DIR, even when the
    // test command runs under scripts/postgres.mjs, which sets it.
    env: { ...process.env, DATABASE_URL: '', DEMO_SEED: '0', PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  return { code: r.code, stderr: r.stderr, stdout: r.stdout };
}

describe.skipIf(RUN_ONCE)('starting the server with a bad DATA_DIR', () => {
  it(
    'stops and explains when DATA_DIR is a file',
    async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'start-')), 'not-a-folder');
      fs.writeFileSync(file, 'x');
      const r = await start({ DATA_DIR: file });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`Cannot start: DATA_DIR ${file} is a file, not a folder.`);
    },
    scaledTimeout(PROCESS_TEST_MS),
  );

  it(
    'stops and explains when DATA_DIR cannot be created',
    async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'start-')), 'file');
      fs.writeFileSync(file, 'x');
      const r = await start({ DATA_DIR: path.join(file, 'data') });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/cannot be created[\s\S]*How to fix: Set DATA_DIR/);
    },
    scaledTimeout(PROCESS_TEST_MS),
  );

  it(
    'stops and explains when the database file is corrupt, leaving it untouched',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
      const junk = 'not a database '.repeat(500);
      fs.writeFileSync(path.join(dir, 'app.db'), junk);
      const r = await start({ DATA_DIR: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/corrupt or is not a SQLite database[\s\S]*How to fix: Move it aside/);
      expect(fs.readFileSync(path.join(dir, 'app.db'), 'utf8')).toBe(junk);
    },
    scaledTimeout(PROCESS_TEST_MS),
  );

  it(
    'stops and names the setting when the configuration is invalid',
    async () => {
      const r = await start({ PORT: 'eighty' });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/Invalid configuration:[\s\S]*PORT/);
    },
    scaledTimeout(PROCESS_TEST_MS),
  );
});

describe.skipIf(RUN_ONCE)('starting on a taken port', () => {
  it(
    'says so at once, before the first-start audio render',
    async () => {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as net.AddressInfo).port;
      try {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taken-'));
        const started = Date.now();
        const r = await start({ DATA_DIR: dir, PORT: String(port), DEMO_SEED: '1', LOG_LEVEL: 'info' });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(`Port ${port} is taken`);
        expect(r.stdout).not.toMatch(/Demo catalogue ready/);
        // At once: well before the render (minutes of CPU), on this machine's clock.
        expect(Date.now() - started).toBeLessThan(scaledTimeout(START_MS));
      } finally {
        blocker.close();
      }
    },
    scaledTimeout(PROCESS_TEST_MS),
  );
});

describe.skipIf(RUN_ONCE)('npm start on a taken port', () => {
  it(
    'says so before building the app',
    async () => {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as net.AddressInfo).port;
      try {
        const r = await runProcess(process.execPath, ['scripts/start.mjs'], {
          cwd: root,
          env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
        });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is taken`);
        expect(r.stdout).not.toContain('Building the app');
      } finally {
        blocker.close();
      }
    },
    scaledTimeout(PROCESS_TEST_MS),
  );
});

describe.skipIf(RUN_ONCE)('stopping the server', () => {
  it(
    'exits cleanly on SIGTERM and leaves the database checkpointed',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stop-'));
      const server = await startServer({ DATABASE_URL: '', DATA_DIR: dir });
      expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
      const stoppedAt = Date.now();
      expect(await server.stop()).toEqual({ code: 0, signal: null });
      // Promptly (a few seconds on the reference machine), not after a supervisor's kill.
      expect(Date.now() - stoppedAt).toBeLessThan(scaledTimeout(4000));
      expect(server.output()).toContain('shutting down');
      expect(fs.existsSync(path.join(dir, 'app.db-wal'))).toBe(false);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    scaledTimeout(PROCESS_TEST_MS),
  );
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * `npm start` as an operator runs it, on a free port: resolves once it says "Ready." (and
 * fails with its output when it exits before or does not get there in time).
 */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const p = startProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, DEMO_SEED: '0', PORT: String(port), LOG_LEVEL: 'info', ...env },
  });
  await p.waitForOutput('Ready.');
  return {
    port,
    output: p.output,
    /** SIGTERM, as systemd or Ctrl-C sends it; resolves with how it exited. */
    stop: () => p.stop('SIGTERM'),
  };
}

describe.skipIf(!PG_URL || RUN_ONCE)(
  `starting on PostgreSQL (DATABASE_URL)${PG_URL ? '' : ` (skipped: ${PG_SKIP_REASON})`}`,
  () => {
    it(
      'migrates, keeps the signing keys in the database for every process, serves, and stops cleanly',
      async () => {
        const pg = await freshPostgres();
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-start-'));
        try {
          const first = await startServer({ DATABASE_URL: pg.location, DATA_DIR: dir });
          expect(first.output()).toMatch(/Data lives in PostgreSQL 127\.0\.0\.1:\d+\/t_/);
          expect(first.output()).not.toContain(new URL(pg.location).password || '\u0000');
          const keys = await pg.sql.get<{ anon_key: string }>('SELECT anon_key FROM project_keys');
          const config = (await (await fetch(`http://127.0.0.1:${first.port}/api/config`)).json()) as {
            anonKey?: string;
          };
          expect(JSON.stringify(config)).toContain(keys!.anon_key);
          // The catalogue is read from PostgreSQL: a row written there is what /rest/v1 answers.
          await pg.sql.run(
            "INSERT INTO sessions (id, title, length_sec, skill_level) VALUES (7, 'from postgres', 60, 'beginner')",
          );
          const rest = await fetch(`http://127.0.0.1:${first.port}/rest/v1/sessions?select=id,title`, {
            headers: { apikey: keys!.anon_key },
          });
          expect(await rest.json()).toEqual([{ id: 7, title: 'from postgres' }]);
          // No keys.json: the keys are not per process or per machine.
          expect(fs.existsSync(path.join(dir, 'keys.json'))).toBe(false);
          expect(await first.stop()).toEqual({ code: 0, signal: null });

          // Another process (another DATA_DIR, as on another machine) uses the same keys.
          const other = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-start-'));
          const second = await startServer({ DATABASE_URL: pg.location, DATA_DIR: other });
          const again = (await (await fetch(`http://127.0.0.1:${second.port}/api/config`)).json()) as object;
          expect(JSON.stringify(again)).toContain(keys!.anon_key);
          expect(second.output()).not.toContain('migrations applied');
          expect(await second.stop()).toEqual({ code: 0, signal: null });
          fs.rmSync(other, { recursive: true, force: true });
        } finally {
          await pg.drop();
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
      scaledTimeout(2 * PROCESS_TEST_MS),
    );

    it(
      'stops and explains when PostgreSQL cannot be reached',
      async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-start-'));
        const r = await start({ DATA_DIR: dir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/tuneful' });
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(
          /PostgreSQL database tuneful on 127\.0\.0\.1:1 \(DATABASE_URL\) cannot be reached/,
        );
        fs.rmSync(dir, { recursive: true, force: true });
      },
      scaledTimeout(PROCESS_TEST_MS),
    );
  },
);
