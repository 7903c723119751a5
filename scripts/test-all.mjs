// `npm test`: every check a change must pass, in the order that fails fastest, then one
// summary line `N passed, N failed` summing all suites (CI reads that line).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';
import { missingAudio, renderDemoAudio } from './lib/demo-audio.mjs';
import { ensureEnginePackages } from './lib/engines.mjs';
import { crossEngineFailures, playwrightFailures, vitestFailures } from './lib/failed-tests.mjs';
import { missingAddons } from './lib/native-addons.mjs';
import { startPostgres } from './postgres.mjs';
import { minutes } from './lib/duration.mjs';
import { killLeftovers, markRun, processesOfRun } from './lib/leftovers.mjs';
import { factorFor, measureWorkloadMs, REFERENCE_MS, SPEED_ENV } from './lib/machine-speed.mjs';
import {
  describeCpu,
  describeMachine,
  machineCounters,
  machineUse,
  measured,
  readMeasured,
} from './lib/run-stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const startedAt = Date.now();
const countersAtStart = machineCounters();
const results = []; // { suite, passed, failed, seconds, cpu?, notes? }

// Everything started from here on carries this run's mark; what is still running when it ends
// was left behind by a test, and is named and stopped (scripts/lib/leftovers.mjs).
const runId = markRun();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killLeftovers(runId);
    process.exit(130);
  });
}

// The calibrated clock (scripts/lib/machine-speed.mjs): measured once, before anything else runs,
// and inherited by every suite; each test's time limit is multiplied by it.
if (!process.env[SPEED_ENV]) {
  const ms = measureWorkloadMs();
  process.env[SPEED_ENV] = String(factorFor(ms));
  console.log(
    `Machine speed: the calibration workload took ${Math.round(ms)} ms (${REFERENCE_MS} ms on the reference ` +
      `machine): the tests' time limits are multiplied by ${process.env[SPEED_ENV]}.`,
  );
} else {
  console.log(
    `Machine speed: ${SPEED_ENV}=${process.env[SPEED_ENV]} was given; the tests' time limits are multiplied by it.`,
  );
}
const speed = Number(process.env[SPEED_ENV]);
const scaled = (ms) => Math.round(ms * speed);

const logFile = (name) => path.join(root, 'test-results/logs', `${name}.log`);
const slug = (label) =>
  label
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/**
 * CPU priorities (Linux `nice`; 0 elsewhere). The machine is saturated for most of the run, so
 * what runs at full priority decides the run's length: the browser tests' lane (build, demo
 * audio, Playwright and the server and Chromium it starts) is the longest, everything else has
 * minutes to spare beside it. Lowering the others only reorders the same CPU (the scheduler
 * still gives them every cycle the browser lane leaves idle), so nothing gets more work.
 */
const NICE = {
  /** Vitest's runs: beside the browser tests, with minutes of slack; a 60 s limit per test. */
  vitest: 5,
  /** Typecheck and lint: no clock in them at all, and their results are only needed at the end. */
  checks: 10,
};
const niceBin = '/usr/bin/nice';
const canNice = process.platform === 'linux' && fs.existsSync(niceBin);

/**
 * Runs one command. Its output streams to ours, or with `capture` (suites running beside
 * others) goes to test-results/logs/<label>.log and is printed whole when it ends, so two
 * suites' lines never interleave. `nice` lowers its CPU priority (and its children's).
 * Resolves to { ok, seconds }.
 */
function run(label, cmd, args, env = {}, { capture = false, nice = 0 } = {}) {
  const started = Date.now();
  const log = capture ? logFile(slug(label)) : null;
  console.log(capture ? `\n── ${label}: started (output when it ends) ──` : `\n── ${label} ──`);
  const out = log ? fs.openSync(log, 'w') : 'inherit';
  const cpuFile = path.join(root, 'test-results/logs', `${slug(label)}.cpu`);
  fs.rmSync(cpuFile, { force: true });
  [cmd, args] = measured(cpuFile, cmd, args);
  if (nice > 0 && canNice) [cmd, args] = [niceBin, ['-n', String(nice), cmd, ...args]];
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
  });
  if (typeof out === 'number') fs.closeSync(out);
  return new Promise((resolve) => {
    const finish = (ok) => {
      const seconds = (Date.now() - started) / 1000;
      if (log) {
        const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trimEnd() : `(${log} was removed)`;
        console.log(`\n── ${label} ──\n${text}`);
      }
      const cpu = readMeasured(cpuFile);
      console.log(
        `── ${label}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s${cpu ? `; ${describeCpu(cpu, minutes)}` : ''})`,
      );
      resolve({ ok, seconds, cpu });
    };
    child.on('error', (err) => {
      console.error(`${label}: ${err.message}`);
      finish(false);
    });
    child.on('exit', (code) => finish(code === 0));
  });
}

/** A check that passes or fails as a whole (build, typecheck, lint): counts as one test. */
async function step(label, cmd, args, options = {}) {
  const { ok, seconds, cpu } = await run(label, cmd, args, {}, options);
  return { suite: label, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds, cpu };
}

/** A Vitest run whose JSON report gives the counts; a crash without failed tests counts as one. */
async function vitestSuite(suite, label, args, env, reportFile) {
  const { ok, seconds, cpu } = await run(label, bin('vitest'), args, env, {
    capture: true,
    nice: NICE.vitest,
  });
  const report = readJson(reportFile);
  return {
    suite,
    passed: report?.numPassedTests ?? 0,
    failed: report ? report.numFailedTests + (ok ? 0 : report.numFailedTests === 0 ? 1 : 0) : 1,
    seconds,
    cpu,
    failures: vitestFailures(report, root),
  };
}

/** Waits for the background render of the demo audio, telling how many files are left. */
async function waitForAudio({ child, done }) {
  const started = Date.now();
  let told = 0;
  while (child.exitCode === null && child.signalCode === null) {
    if (Date.now() - told > 30_000) {
      told = Date.now();
      console.log(`\nWaiting for the demo audio: ${missingAudio().length} files still rendering.`);
    }
    await Promise.race([done, new Promise((r) => setTimeout(r, 1000))]);
  }
  const { ok, seconds: rendered } = await done;
  const waited = (Date.now() - started) / 1000;
  console.log(
    ok
      ? `Demo audio ready (${waited.toFixed(0)} s of waiting for it here).`
      : `The demo audio render failed (see ${path.relative(root, logFile('demo-audio'))}); the e2e setup renders what is missing.`,
  );
  return `demo audio rendered in the background for ${minutes(rendered)}; the browser tests waited ${minutes(waited)} for it`;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// The tests make their own databases and folders (a private PostgreSQL, temp DATA_DIRs): an
// operator's DATABASE_URL or STORAGE_DIR must never receive test data.
for (const name of ['DATABASE_URL', 'STORAGE_DIR']) {
  if (process.env[name]) console.log(`${name} is set; the tests ignore it and use their own.`);
  delete process.env[name];
}
fs.mkdirSync(path.join(root, 'test-results/logs'), { recursive: true });
const browserReady = ensureChromium();
const enginesMissing = ensureEnginePackages();

// The browser suites need the demo catalogue's audio (about 2 min of CPU on a fresh checkout).
// It renders from the start, beside the build, into the cache the e2e setup copies: the browser
// tests, the longest suite, start as soon as it is complete.
const audioMissing = missingAudio().length;
const audio = audioMissing > 0 ? renderDemoAudio({ log: logFile('demo-audio') }) : null;
if (audio) {
  console.log(
    `Rendering ${audioMissing} demo audio files in the background for the browser tests (` +
      `progress in ${path.relative(root, logFile('demo-audio'))}).`,
  );
}

// `.ci/run` installs with --ignore-scripts: better-sqlite3 compiles here, beside the first phase,
// and the suites that open a database wait for it (scripts/lib/native-addons.mjs). esbuild's
// install script comes along (it only checks its binary and links its CLI; the JS API the build
// uses finds the binary in @esbuild/<platform> without it).
const addonsMissing = missingAddons();
const addons =
  addonsMissing.length > 0
    ? step('native addons (npm rebuild)', 'npm', ['rebuild', ...addonsMissing, 'esbuild'], {
        capture: true,
      })
    : null;

// The build streams its output. Typecheck and lint (each single-threaded, about 1 min 40 s of
// CPU together) run beside it at a lower priority: the browser tests need only the build and the
// audio, so those two get the cores first, and the Vitest runs start as soon as the build is done
// instead of waiting for lint. The checks' results join the summary when they end.
const checks = Promise.all([
  // TypeScript 7's native compiler checks the same program with a quarter of 5.9's CPU (18 against
  // 60 s); typescript-eslint and editors keep 5.9 (`typescript`), which TypeScript 7 breaks.
  step('typecheck', 'npm', ['run', 'typecheck', '--silent'], { capture: true, nice: NICE.checks }),
  step('lint', 'npm', ['run', 'lint', '--silent'], { capture: true, nice: NICE.checks }),
]);
const buildResult = await step('build (wasm + client)', 'npm', ['run', 'build', '--silent']);
const built = buildResult.failed === 0;
// The first screens' JavaScript (brotli, as served) must stay within the budget.
const budgetResult = built
  ? await step('bundle budget (first screens)', process.execPath, ['scripts/bundle-budget.mjs'])
  : { suite: 'bundle budget (first screens)', passed: 0, failed: 1, seconds: 0 };

// A private PostgreSQL for the tests that run on both databases (server/db, server/rest) and for
// the server suites' second run; without it those are skipped with their reason, the rest runs.
let pg = null;
try {
  pg = await startPostgres();
  console.log(`PostgreSQL for the tests ready in ${pg.startMs} ms.`);
} catch (err) {
  console.error(`PostgreSQL tests will be skipped: ${err instanceof Error ? err.message : err}`);
}

const addonResult = addons ? await addons : null;

// Both Vitest runs start at once. Vitest's default on two cores is a single worker, which ran
// every file one after another, mostly waiting (timers, child processes, PostgreSQL round trips).
// The SQLite run gets two workers, the PostgreSQL run (mostly waiting on the database) one.
// The browser tests start beside them as soon as the demo audio is there: they are the longest
// suite and mostly wait on the page, so when they started after the SQLite run, the other lane
// was done minutes before them and the machine used 1.2 of its 2 cores on average.
const unitFile = path.join(root, 'test-results/unit.json');
const pgFile = path.join(root, 'test-results/server-postgres.json');
fs.rmSync(unitFile, { force: true });
fs.rmSync(pgFile, { force: true });
// The runs share two cores with each other and the browser tests at a lower priority: a test's
// and a hook's default limits are doubled (60 s, 120 s) so that a CPU-heavy one (a few dozen
// scrypt password hashes) is judged on what it does, not on its share, and both are scaled to
// the machine (limits a test file sets itself are scaled in the file).
const vitestArgs = (outputFile, workers) => [
  `--maxWorkers=${workers}`,
  `--testTimeout=${scaled(60_000)}`,
  `--hookTimeout=${scaled(120_000)}`,
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${outputFile}`,
];
const sqliteRun = vitestSuite(
  'vitest',
  'unit and server tests (vitest)',
  ['run', ...vitestArgs(unitFile, 2)],
  pg ? { TEST_DATABASE_URL: pg.url } : {},
  unitFile,
);
// The server suites once more with PostgreSQL as the server's database (issue 14): createTestApp
// gives each test a fresh migrated PostgreSQL database, and the cluster test runs its two
// processes on one. The audio synthesis tests touch no database: they run once, above.
const pgRun = pg
  ? vitestSuite(
      'vitest server on PostgreSQL',
      'server tests on PostgreSQL (vitest, TEST_BACKEND=postgres)',
      ['run', 'server/', '--exclude', 'server/seed/audio/**', ...vitestArgs(pgFile, 1)],
      { TEST_BACKEND: 'postgres', TEST_DATABASE_URL: pg.url },
      pgFile,
    )
  : Promise.resolve({
      suite: 'vitest server on PostgreSQL',
      passed: 0,
      failed: 1,
      seconds: 0,
      notes: ['not run: PostgreSQL could not be started (see the message above)'],
    });
const audioReady = audio && built ? waitForAudio(audio) : Promise.resolve(null);

/** The browser tests (Playwright), once the audio is there; counts from their JSON report. */
async function e2eSuite() {
  const audioNote = await audioReady;
  if (!browserReady || !built) {
    console.error(
      !built ? 'End-to-end tests skipped: the build failed.' : 'End-to-end tests skipped: no Chromium.',
    );
    return { suite: 'e2e', passed: 0, failed: 1, seconds: 0 };
  }
  const e2eFile = path.join(root, 'test-results/e2e.json');
  fs.rmSync(e2eFile, { force: true });
  const e2e = await run('end-to-end tests (playwright)', bin('playwright'), ['test']);
  const report = readJson(e2eFile);
  const stats = report?.stats;
  const failed = stats ? stats.unexpected + stats.flaky : 1;
  return {
    suite: 'e2e',
    passed: stats?.expected ?? 0,
    failed: failed || (e2e.ok ? 0 : 1),
    seconds: e2e.seconds,
    cpu: e2e.cpu,
    notes: audioNote ? [audioNote] : [],
    failures: playwrightFailures(report),
  };
}
// Firefox and WebKit: the member's path in the two other engines (tests/cross-engine/). An
// engine whose browser is missing is skipped with its reason; the rest still count. It runs on
// its own server (its own copy of the audio cache, complete by now), so it takes the
// PostgreSQL run's place beside the browser tests when that run ends: two lanes, the browser
// tests in one, the PostgreSQL run and then the cross-engine test in the other.
async function crossEngineSuite() {
  const enginesFile = path.join(root, 'test-results/cross-engine.json');
  fs.rmSync(enginesFile, { force: true });
  if (!built) {
    console.error('Cross-engine smoke test skipped: the build failed.');
    return { suite: 'cross-engine smoke', passed: 0, failed: 1, seconds: 0 };
  }
  const enginesRun = await run(
    'cross-engine smoke (firefox, webkit)',
    process.execPath,
    ['--import', 'tsx', 'tests/cross-engine/run.ts'],
    {},
    { capture: true },
  );
  const engines = readJson(enginesFile);
  const failed = engines ? engines.failed : 1;
  if (enginesMissing) console.log(`Cross-engine browsers: ${enginesMissing}`);
  return {
    suite: 'cross-engine smoke',
    passed: engines?.passed ?? 0,
    failed: failed || (enginesRun.ok ? 0 : 1),
    seconds: enginesRun.seconds,
    cpu: enginesRun.cpu,
    notes: (engines?.skipped ?? []).map((s) => `${s.engine} skipped: ${s.reason}`),
    failures: crossEngineFailures(engines),
  };
}
// After the PostgreSQL run and the demo audio, so the cross-engine server finds it complete.
// PostgreSQL stops when both Vitest runs are done: the SQLite run uses it too (the tests that run
// on both databases), and it may end after the PostgreSQL run.
void Promise.all([sqliteRun, pgRun]).then(() => pg?.stop());
const secondLane = pgRun.then(async (pgResult) => {
  await audioReady;
  return [pgResult, await crossEngineSuite()];
});
const [checkResults, sqliteResult, [pgResult, enginesResult], e2eResult] = await Promise.all([
  checks,
  sqliteRun,
  secondLane,
  e2eSuite(),
]);
if (addonResult) results.push(addonResult);
results.push(buildResult, ...checkResults, budgetResult, sqliteResult, pgResult, e2eResult, enginesResult);
if (audio && audio.child.exitCode === null) audio.child.kill('SIGTERM');

// Whatever a test left running is stopped now, and named: each test should have stopped its own.
await new Promise((r) => setTimeout(r, 2000)); // PostgreSQL's watchdog leaves within a second
const leftovers = processesOfRun(runId).length > 0 ? killLeftovers(runId) : [];
const machine = machineUse(countersAtStart, machineCounters());

console.log('\nSummary');
for (const r of results) {
  console.log(
    `  ${r.suite.padEnd(32)} ${`${r.passed} passed, ${r.failed} failed`.padEnd(24)} ${minutes(r.seconds)}`,
  );
  if (r.cpu) console.log(`    ${describeCpu(r.cpu, minutes)}`);
  for (const note of r.notes ?? []) console.log(`    ${note}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`  ${'whole run'.padEnd(32)} ${''.padEnd(24)} ${minutes((Date.now() - startedAt) / 1000)}`);
if (machine) console.log(`    ${describeMachine(machine, os.availableParallelism(), minutes)}`);
console.log(`    time limits scaled by ${speed} (${SPEED_ENV})`);
if (leftovers.length > 0) {
  console.log(`    ${leftovers.length} processes the tests left running were stopped:`);
  for (const { pid, command } of leftovers) console.log(`      ${pid} ${command.slice(0, 160)}`);
}
// By name, last before the count: CI keeps only the tail of the output.
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => ({ suite: r.suite, ...f })));
if (failures.length > 0) {
  console.log('\nFailed tests');
  for (const f of failures) console.log(`  ${f.suite}: ${f.where}\n    ${f.why}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
