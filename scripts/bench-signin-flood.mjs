// `npm run bench:signin-flood`: how long a member's password sign-in takes while 40 connections
// hammer sign-up (issue 34: 0.3 s quiet, 39-46 s under such a flood before the hash gate).
// Starts the compiled server (dist/server; `npm run build:server` first) on 127.0.0.1 with a
// fresh DATA_DIR, production's scrypt cost, AUTH_AUTOCONFIRM=1 and AUTH_RATE_LIMIT_SCALE=1000:
// the sign-up limit per address would otherwise stop a one-address flood after 30, and the
// point here is the flood from many addresses that only the hash queue stops. Per run: the
// member's sign-in quiet (median of 5), then during FLOOD_SECONDS of flood (one sign-in every
// 500 ms, median and max), and what the flood got (statuses, time to a refusal).
// Prints figures only and never fails on time; exits 1 when the member's sign-in fails or the
// server cannot start. RUNS (3), FLOOD_SECONDS (10) and FLOOD_CONNECTIONS (40) change it.
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBuildIsStale } from './lib/fresh.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS ?? 3);
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 40);
const PASSWORD = 'a long enough password';
const ms = (n) => `${Math.round(n).toLocaleString('en-GB')} ms`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor((s.length - 1) / 2)];
};

/**
 * The flood runs in a child process of its own: 40 request loops keep an event loop busy, and the
 * member's sign-ins timed from that same loop would measure the load generator, not the server.
 * It sends with node:http over kept-alive sockets, cheaper than fetch: the load generator shares
 * this machine's cores with the server, which a real flood's senders do not.
 */
if (process.argv[2] === '--flood') {
  const [base, anonKey, seconds, connections, run] = process.argv.slice(3);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
  const send = (body) =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const payload = JSON.stringify(body);
      const req = http.request(
        `${base}/auth/v1/signup`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            apikey: anonKey,
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const flood = [];
  const until = performance.now() + Number(seconds) * 1000;
  let n = 0;
  const hammer = async () => {
    while (performance.now() < until) {
      const email = `flood${run}.${n++}@example.org`;
      flood.push(await send({ email, password: PASSWORD }));
    }
  };
  await Promise.all(Array.from({ length: Number(connections) }, hammer));
  agent.destroy();
  process.send(flood, () => process.exit(0));
} else if (serverBuildIsStale(root)) {
  console.error('The server build is missing or stale: run `npm run build:server` first.');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Starts the server and resolves when it prints its Ready line (never a fixed sleep). */
async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-flood-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the server (scripts/lib/profile-top.mjs reads it).
  const prof = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)]
    : [];
  const child = spawn(process.execPath, [...prof, 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      DEMO_SEED: '0',
      AUTH_AUTOCONFIRM: '1',
      AUTH_RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Ready.')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
  child.stdout.resume();
  const { anonKey } = await (await fetch(`${base}/api/config`)).json();
  return { base, anonKey, stop };
}

async function post(server, pathname, body) {
  const t0 = performance.now();
  const res = await fetch(`${server.base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: server.anonKey },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

const signIn = (server) =>
  post(server, '/auth/v1/token?grant_type=password', { email: 'member@example.org', password: PASSWORD });

async function oneRun(run) {
  const server = await startServer();
  try {
    const made = await post(server, '/auth/v1/signup', { email: 'member@example.org', password: PASSWORD });
    if (made.status !== 200) throw new Error(`the member's sign-up answered ${made.status}`);
    const quiet = [];
    for (let i = 0; i < 5; i++) quiet.push((await signIn(server)).ms);

    const until = performance.now() + FLOOD_SECONDS * 1000;
    const child = fork(fileURLToPath(import.meta.url), [
      '--flood',
      server.base,
      server.anonKey,
      String(FLOOD_SECONDS),
      String(CONNECTIONS),
      String(run),
    ]);
    const flooded = new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the flood's process exited (${code}) without figures`)));
    });
    const during = [];
    const plain = [];
    await new Promise((r) => setTimeout(r, 1000)); // the flood's line is full by then
    while (performance.now() < until - 500) {
      const t0 = performance.now();
      await (await fetch(`${server.base}/api/config`)).arrayBuffer();
      plain.push(performance.now() - t0);
      const s = await signIn(server);
      if (s.status !== 200) throw new Error(`the member's sign-in answered ${s.status} during the flood`);
      during.push(s.ms);
      await new Promise((r) => setTimeout(r, 500));
    }
    const flood = await flooded;
    const by = (status) => flood.filter((f) => f.status === status);
    const statuses = [...new Set(flood.map((f) => f.status))].sort();
    const counts = statuses.map((status) => `${by(status).length} × ${status}`).join(', ');
    const result = {
      quiet: median(quiet),
      during: median(during),
      duringMax: Math.max(...during),
      plain: median(plain),
      refusal: median(by(503).map((f) => f.ms)),
      created: median(by(200).map((f) => f.ms)),
    };
    console.log(
      `run ${run}: member sign-in quiet ${ms(result.quiet)}; during the flood median ${ms(result.during)}, ` +
        `max ${ms(result.duringMax)} (${during.length} sign-ins); GET /api/config meanwhile ${ms(result.plain)}\n` +
        `       flood: ${flood.length} sign-ups in ${FLOOD_SECONDS} s over ${CONNECTIONS} connections: ${counts}; ` +
        `refusal median ${ms(result.refusal)}, accepted median ${ms(result.created)}`,
    );
    return result;
  } finally {
    server.stop();
  }
}

if (process.argv[2] !== '--flood') await main();

async function main() {
  try {
    console.log(
      `${RUNS} runs, ${CONNECTIONS} connections of sign-up for ${FLOOD_SECONDS} s each (load ${os.loadavg()[0].toFixed(1)})`,
    );
    const results = [];
    for (let run = 1; run <= RUNS; run++) results.push(await oneRun(run));
    const of = (key) => ms(median(results.map((r) => r[key])));
    console.log(
      `\nmedian of ${RUNS} runs: member sign-in quiet ${of('quiet')}, during the flood ${of('during')} ` +
        `(worst ${of('duringMax')}); the flood's refusals (503) in ${of('refusal')}, its accepted sign-ups in ${of('created')}`,
    );
  } catch (err) {
    console.error(`bench:signin-flood: ${err.message}`);
    process.exitCode = 1;
  }
}
