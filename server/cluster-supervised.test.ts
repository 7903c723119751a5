import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTestBackend } from './db/sql/test-backends';

/**
 * What a supervisor (deploy/tuneful.service: Restart=on-failure) relies on when the cluster's
 * primary is killed: it dies by the signal (a failure, so it is restarted), its workers go with
 * it at once (the port is free for the new primary), and the restarted cluster on the same
 * DATA_DIR and port serves what was written before. Here the test plays systemd.
 */
const root = path.resolve(import.meta.dirname, '..');

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startCluster(dataDir: string, port: number): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cluster.ts', '--workers', '2'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO_SEED: '0',
      LOG_LEVEL: 'warn',
      AUTH_AUTOCONFIRM: '1',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cluster did not start:\n${out}`)), 60_000);
    child.stdout?.on('data', () => {
      if (!out.includes('Ready (2 workers)')) return;
      clearTimeout(timer);
      resolve({ child, output: () => out, exited });
    });
    void exited.then(({ code }) => reject(new Error(`cluster exited with ${code}:\n${out}`)));
  });
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

function post(port: number, url: string, apikey: string, body: unknown): Promise<{ status: number }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: url,
        agent: false,
        headers: { apikey, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const portRefuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });

// About processes, not the database: once is enough (the PostgreSQL server run skips it).
describe.skipIf(serverTestBackend() === 'postgres')('the cluster under a supervisor', () => {
  let dataDir: string;
  let port: number;
  let second: Running | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-supervised-'));
    port = await freePort();
  });
  afterAll(async () => {
    if (second && second.child.exitCode === null) {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a killed primary takes its workers with it, and the restarted cluster serves the same data', async () => {
    const first = await startCluster(dataDir, port);
    const { anonKey } = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as {
      anonKey: string;
    };
    const account = { email: `kept-${Date.now()}@example.com`, password: 'a sound passphrase 42' };
    expect((await post(port, '/auth/v1/signup', anonKey, account)).status).toBe(200);

    const pid = first.child.pid!;
    const workers = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(workers).toHaveLength(2);

    first.child.kill('SIGKILL');
    // Killed by a signal: what systemd's Restart=on-failure restarts (a clean exit it would not).
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // No orphaned worker keeps serving old code or holding the port.
    expect(await waitFor(() => workers.every((w) => !alive(w)), 5_000)).toBe(true);
    expect(await waitFor(() => portRefuses(port), 5_000)).toBe(true);

    // The restart, on the same DATA_DIR and port: the account signed up before is there.
    second = await startCluster(dataDir, port);
    expect((await post(port, '/auth/v1/token?grant_type=password', anonKey, account)).status).toBe(200);
  }, 150_000);
});
