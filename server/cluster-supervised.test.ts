import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTestBackend } from './db/sql/test-backends';
import { CLUSTER_START_MS } from './cluster-support';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';
import { startProcess, type Exit } from '../scripts/lib/test-processes';

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
  exited: Promise<Exit>;
  stop: () => Promise<Exit>;
}

async function startCluster(dataDir: string, port: number): Promise<Running> {
  const p = startProcess(process.execPath, ['--import', 'tsx', 'server/cluster.ts', '--workers', '2'], {
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
  });
  await p.waitForOutput('Ready (2 workers)', CLUSTER_START_MS);
  return { child: p.child, output: p.output, exited: p.exited, stop: () => p.stop('SIGTERM') };
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

/** Polls `check` until it holds or `ms` (on the reference machine, scaled to this one) have passed. */
async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + scaledTimeout(ms);
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
    // The first cluster, when the test failed before it was killed, goes with the others
    // (scripts/lib/vitest-setup.ts); the second is stopped as an operator would.
    if (second) await second.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'a killed primary takes its workers with it, and the restarted cluster serves the same data',
    async () => {
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
    },
    scaledTimeout(2 * CLUSTER_START_MS + 30_000),
  );
});
