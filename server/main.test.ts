import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshPostgres, PG_SKIP_REASON, PG_URL, serverTestBackend } from './db/sql/test-backends';

// These start real server processes with their own settings (SQLite in a DATA_DIR, or
// DATABASE_URL given explicitly), whatever the test backend: the PostgreSQL server run would
// start the same processes again (52 s of its time), so it leaves them to the first run.
const RUN_ONCE = serverTestBackend() === 'postgres';

const root = path.resolve(import.meta.dirname, '..');

/** Runs the real entry point as `npm start` does and returns what a person would see. */
function start(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // DATABASE_URL blank (= unset): these cases are about SQLite in DATA_DIR, even when the
    // test command runs under scripts/postgres.mjs, which sets it.
    env: { ...process.env, DATABASE_URL: '', DEMO_SEED: '0', PORT: '0', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: r.status, stderr: r.stderr, stdout: r.stdout };
}

describe.skipIf(RUN_ONCE)('starting the server with a bad DATA_DIR', () => {
  it('stops and explains when DATA_DIR is a file', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'start-')), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const r = start({ DATA_DIR: file });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Cannot start: DATA_DIR ${file} is a file, not a folder.`);
  });

  it('stops and explains when DATA_DIR cannot be created', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'start-')), 'file');
    fs.writeFileSync(file, 'x');
    const r = start({ DATA_DIR: path.join(file, 'data') });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot be created[\s\S]*How to fix: Set DATA_DIR/);
  });

  it('stops and explains when the database file is corrupt, leaving it untouched', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
    const junk = 'not a database '.repeat(500);
    fs.writeFileSync(path.join(dir, 'app.db'), junk);
    const r = start({ DATA_DIR: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/corrupt or is not a SQLite database[\s\S]*How to fix: Move it aside/);
    expect(fs.readFileSync(path.join(dir, 'app.db'), 'utf8')).toBe(junk);
  });

  it('stops and names the setting when the configuration is invalid', () => {
    const r = start({ PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });
});

describe.skipIf(RUN_ONCE)('starting on a taken port', () => {
  it('says so at once, before the first-start audio render', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taken-'));
      const started = Date.now();
      const r = start({ DATA_DIR: dir, PORT: String(port), DEMO_SEED: '1', LOG_LEVEL: 'info' });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`Port ${port} is taken`);
      expect(r.stdout).not.toMatch(/Demo catalogue ready/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      blocker.close();
    }
  });
});

describe.skipIf(RUN_ONCE)('npm start on a taken port', () => {
  it('says so before building the app', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const r = spawnSync(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is taken`);
      expect(r.stdout).not.toContain('Building the app');
    } finally {
      blocker.close();
    }
  });
});

describe.skipIf(RUN_ONCE)('stopping the server', () => {
  it('exits cleanly on SIGTERM and leaves the database checkpointed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stop-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DEMO_SEED: '0',
        PORT: String(port),
        DATA_DIR: dir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const deadline = Date.now() + 20_000;
    while (!out.includes('Ready.') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const stoppedAt = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(4000);
    expect(out).toContain('shutting down');
    expect(fs.existsSync(path.join(dir, 'app.db-wal'))).toBe(false);
  });
});

/** `npm start` with DATABASE_URL: the whole server on PostgreSQL, as an operator runs it. */
async function startAsync(env: Record<string, string>) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, DEMO_SEED: '0', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!out.includes('Ready.') && Date.now() < deadline && child.exitCode === null)
    await new Promise((r) => setTimeout(r, 100));
  return { port, child, exited, output: () => out };
}

describe.skipIf(!PG_URL || RUN_ONCE)(
  `starting on PostgreSQL (DATABASE_URL)${PG_URL ? '' : ` (skipped: ${PG_SKIP_REASON})`}`,
  () => {
    it('migrates, keeps the signing keys in the database for every process, serves, and stops cleanly', async () => {
      const pg = await freshPostgres();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-start-'));
      try {
        const first = await startAsync({ DATABASE_URL: pg.location, DATA_DIR: dir });
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
        first.child.kill('SIGTERM');
        expect(await first.exited).toBe(0);

        // Another process (another DATA_DIR, as on another machine) uses the same keys.
        const other = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-start-'));
        const second = await startAsync({ DATABASE_URL: pg.location, DATA_DIR: other });
        const again = (await (await fetch(`http://127.0.0.1:${second.port}/api/config`)).json()) as object;
        expect(JSON.stringify(again)).toContain(keys!.anon_key);
        expect(second.output()).not.toContain('migrations applied');
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
        fs.rmSync(other, { recursive: true, force: true });
      } finally {
        await pg.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('stops and explains when PostgreSQL cannot be reached', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-start-'));
      const r = start({ DATA_DIR: dir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/tuneful' });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /PostgreSQL database tuneful on 127\.0\.0\.1:1 \(DATABASE_URL\) cannot be reached/,
      );
      fs.rmSync(dir, { recursive: true, force: true });
    });
  },
);
