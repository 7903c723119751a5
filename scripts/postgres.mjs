// A private, throw-away PostgreSQL 15 for tests and trials (issue 14).
//
//   node scripts/postgres.mjs                 start, print DATABASE_URL, stop on Ctrl-C
//   node scripts/postgres.mjs -- <command…>   run the command with DATABASE_URL and
//                                             TEST_DATABASE_URL set, then stop (exit code kept)
//
// Uses Debian's binaries (/usr/lib/postgresql/15/bin, or PG_BIN); installs the `postgresql`
// package with apt-get when they are missing and we are root, else prints the exact command.
// The cluster lives in a temp folder (data + unix socket), listens on a free 127.0.0.1 port
// and is removed afterwards: on normal exit, Ctrl-C, SIGTERM, and — through a small watchdog
// process — even when this process is killed outright. fsync is off: test data only.
import { spawn, spawnSync } from 'node:child_process';
import { scaledTimeout } from './lib/machine-speed.mjs';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CANDIDATES = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin'];
const INSTALL = 'apt-get update && apt-get install -y --no-install-recommends postgresql';

/** The folder holding initdb/postgres, installing Debian's package when root; null if unavailable. */
export function findPostgresBin({ install = true, log = console.error } = {}) {
  const found = () => CANDIDATES.find((d) => d && fs.existsSync(path.join(d, 'postgres')));
  let dir = found();
  if (dir || !install) return dir ?? null;
  if (process.getuid?.() !== 0) {
    log(`PostgreSQL 15 is not installed. Install it with: sudo sh -c '${INSTALL}'`);
    return null;
  }
  log('PostgreSQL is not installed; installing Debian\'s "postgresql" package…');
  const r = spawnSync('sh', ['-c', INSTALL], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  dir = found();
  if (r.status !== 0 || !dir) log(`Installing PostgreSQL failed. Run it by hand: ${INSTALL}`);
  return dir ?? null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, initdb and postgres run as `nobody`. */
function asOwner(cmd, args) {
  if (process.getuid?.() !== 0) return [cmd, args];
  return ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', cmd, ...args]];
}

/**
 * Starts a fresh cluster. Returns { url, port, dir, startMs, stop() }; stop() is synchronous
 * and idempotent (it is also registered for process exit).
 */
export async function startPostgres({ database = 'tuneful', log = console.error, durable = false } = {}) {
  const started = Date.now();
  const bin = findPostgresBin({ log });
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const nobody = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim();
    const nogroup = spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).stdout.trim();
    fs.chownSync(dir, Number(nobody), Number(nogroup));
  }
  const [icmd, iargs] = asOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const init = spawnSync(icmd, iargs, { encoding: 'utf8' });
  if (init.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const [pcmd, pargs] = asOwner(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
    // Fast and not crash-safe, for tests; `durable` keeps PostgreSQL's defaults (a fault test
    // that kills it must find every acknowledged commit after the restart).
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    '-c',
    'max_connections=100',
    '-c',
    'shared_buffers=32MB',
    '-c',
    'log_checkpoints=off',
  ]);
  // The server's log goes to a file, not a pipe: a parent that blocks its event loop (npm test
  // runs vitest with spawnSync) would stop draining a pipe, and once its buffer filled every
  // postgres process writing a log line (a checkpoint per CREATE/DROP DATABASE) would hang.
  const logFile = path.join(dir, 'postgres.log');
  const launch = () => {
    const fd = fs.openSync(logFile, 'a');
    const child = spawn(pcmd, pargs, { stdio: ['ignore', 'ignore', fd] });
    fs.closeSync(fd);
    return child;
  };
  let server = launch();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    // SIGINT is PostgreSQL's "fast shutdown": rolls back open transactions and exits at once.
    if (server.exitCode === null) {
      try {
        server.kill('SIGINT');
      } catch {
        /* already gone */
      }
      // postmaster.pid goes away when the shutdown is complete (the child itself stays a
      // zombie until the event loop reaps it, so `kill -0` cannot tell).
      const pidFile = path.join(data, 'postmaster.pid');
      spawnSync('sh', [
        '-c',
        `for i in $(seq 100); do [ -e '${pidFile}' ] || exit 0; sleep 0.05; done; kill -9 ${server.pid}`,
      ]);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  // The watchdog outlives a SIGKILLed parent: when the parent is gone it stops postgres and
  // removes the folder, so a crashed test run leaves nothing behind.
  spawn(
    'sh',
    [
      '-c',
      // It leaves as soon as stop() has removed the folder, so it never signals a reused pid.
      `while kill -0 ${process.pid} 2>/dev/null && [ -d '${dir}' ]; do sleep 1; done; [ -d '${dir}' ] || exit 0; ` +
        // The postmaster named by its pid file: a restart (below) gives it a new pid.
        `pm=$(head -n 1 '${data}/postmaster.pid' 2>/dev/null || echo ${server.pid}); ` +
        `kill -INT $pm 2>/dev/null; sleep 2; kill -9 $pm 2>/dev/null; rm -rf '${dir}'`,
    ],
    { detached: true, stdio: 'ignore' },
  ).unref();

  const readLog = () => {
    try {
      return fs.readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  // 2-3 s here; the limit, scaled to the machine (scripts/lib/machine-speed.mjs), is for a broken start.
  const startLimit = scaledTimeout(30_000);
  const readyMarks = () => readLog().match(/ready to accept connections/g)?.length ?? 0;
  const waitReady = (marksBefore) =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const poll = setInterval(() => {
        if (readyMarks() > marksBefore) {
          clearInterval(poll);
          resolve();
        } else if (Date.now() - started > startLimit) {
          clearInterval(poll);
          reject(new Error(`postgres did not start in ${startLimit / 1000} s:\n${readLog()}`));
        }
      }, 25);
      server.on('exit', (code) => {
        clearInterval(poll);
        reject(new Error(`postgres exited (${code}):\n${readLog()}`));
      });
    }).finally(() => server.removeAllListeners('exit'));
  await waitReady(0).catch((err) => {
    stop();
    throw err;
  });

  /**
   * Restarts the server on the same data and port, as an operator's `pg_ctl restart` does:
   * 'fast' (SIGINT: open transactions rolled back, clients told 57P01) or 'immediate' (SIGQUIT:
   * every backend ended at once, crash recovery on the next start). For fault tests.
   */
  const restart = async (mode = 'fast') => {
    const marks = readyMarks();
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill(mode === 'immediate' ? 'SIGQUIT' : 'SIGINT');
    await exited;
    server = launch();
    await waitReady(marks);
  };

  const created = spawnSync(
    path.join(bin, 'createdb'),
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database],
    { encoding: 'utf8' },
  );
  if (created.status !== 0) {
    stop();
    throw new Error(`createdb failed: ${created.stderr}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
  return { url, port, dir, startMs: Date.now() - started, stop, restart };
}

async function main(argv) {
  const sep = argv.indexOf('--');
  const command = sep >= 0 ? argv.slice(sep + 1) : [];
  const pg = await startPostgres();
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      pg.stop();
      process.exit(130);
    });
  }
  console.error(`PostgreSQL ready in ${pg.startMs} ms (data and socket in ${pg.dir}).`);
  if (command.length === 0) {
    console.log(`DATABASE_URL=${pg.url}`);
    console.error('Press Ctrl-C to stop it and remove its data.');
    setInterval(() => {}, 1 << 30);
    return;
  }
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: pg.url, TEST_DATABASE_URL: pg.url },
  });
  child.on('exit', (code, signal) => {
    pg.stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
