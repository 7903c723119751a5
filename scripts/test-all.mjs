// `npm test`: every check a change must pass, in the order that fails fastest, then one
// summary line `N passed, N failed` summing all suites (CI reads that line).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureEnginePackages } from './lib/engines.mjs';
import { startPostgres } from './postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = []; // { suite, passed, failed }

function run(label, cmd, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `── ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return r.status === 0;
}

function check(label, cmd, args) {
  const ok = run(label, cmd, args);
  results.push({ suite: label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
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
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
const browserReady = ensureChromium();
const enginesMissing = ensureEnginePackages();

const built = check('build (wasm + client)', 'npm', ['run', 'build', '--silent']);
// The first screens' JavaScript (brotli, as served) must stay within the budget.
if (built) check('bundle budget (first screens)', process.execPath, ['scripts/bundle-budget.mjs']);
else results.push({ suite: 'bundle budget (first screens)', passed: 0, failed: 1 });
check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
check('lint', 'npm', ['run', 'lint', '--silent']);

const unitFile = path.join(root, 'test-results/unit.json');
fs.rmSync(unitFile, { force: true });
// A private PostgreSQL for the tests that run on both databases (server/db, server/rest);
// without it they are skipped with their reason and the rest still runs.
let pg = null;
try {
  pg = await startPostgres();
  console.log(`PostgreSQL for the tests ready in ${pg.startMs} ms.`);
} catch (err) {
  console.error(`PostgreSQL tests will be skipped: ${err instanceof Error ? err.message : err}`);
}
const unitOk = run(
  'unit and server tests (vitest)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile=${unitFile}`],
  pg ? { TEST_DATABASE_URL: pg.url } : {},
);
const unit = readJson(unitFile);
results.push({
  suite: 'vitest',
  passed: unit?.numPassedTests ?? 0,
  failed: unit ? unit.numFailedTests + (unitOk ? 0 : unit.numFailedTests === 0 ? 1 : 0) : 1,
});

// The server suites once more with PostgreSQL as the server's database (issue 14): createTestApp
// gives each test a fresh migrated PostgreSQL database, and the cluster test runs its two
// processes on one. Without PostgreSQL this counts as a failure, with the reason.
const pgFile = path.join(root, 'test-results/server-postgres.json');
fs.rmSync(pgFile, { force: true });
if (pg) {
  const pgOk = run(
    'server tests on PostgreSQL (vitest, TEST_BACKEND=postgres)',
    bin('vitest'),
    // The audio synthesis tests touch no database: they ran once above.
    [
      'run',
      'server/',
      '--exclude',
      'server/seed/audio/**',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${pgFile}`,
    ],
    { TEST_BACKEND: 'postgres', TEST_DATABASE_URL: pg.url },
  );
  const server = readJson(pgFile);
  results.push({
    suite: 'vitest server on PostgreSQL',
    passed: server?.numPassedTests ?? 0,
    failed: server ? server.numFailedTests + (pgOk ? 0 : server.numFailedTests === 0 ? 1 : 0) : 1,
  });
} else {
  results.push({
    suite: 'vitest server on PostgreSQL',
    passed: 0,
    failed: 1,
    notes: ['not run: PostgreSQL could not be started (see the message above)'],
  });
}
pg?.stop();

if (!browserReady || !built) {
  results.push({ suite: 'e2e', passed: 0, failed: 1 });
  console.error(
    !built ? 'End-to-end tests skipped: the build failed.' : 'End-to-end tests skipped: no Chromium.',
  );
} else {
  const e2eFile = path.join(root, 'test-results/e2e.json');
  fs.rmSync(e2eFile, { force: true });
  const e2eOk = run('end-to-end tests (playwright)', bin('playwright'), ['test']);
  const stats = readJson(e2eFile)?.stats;
  const failed = stats ? stats.unexpected + stats.flaky : 1;
  results.push({ suite: 'e2e', passed: stats?.expected ?? 0, failed: failed || (e2eOk ? 0 : 1) });
}

// Firefox and WebKit: the member's path in the two other engines (tests/cross-engine/). An
// engine whose browser is missing is skipped with its reason; the rest still count.
const enginesFile = path.join(root, 'test-results/cross-engine.json');
fs.rmSync(enginesFile, { force: true });
if (!built) {
  results.push({ suite: 'cross-engine smoke', passed: 0, failed: 1 });
  console.error('Cross-engine smoke test skipped: the build failed.');
} else {
  const enginesOk = run('cross-engine smoke (firefox, webkit)', process.execPath, [
    '--import',
    'tsx',
    'tests/cross-engine/run.ts',
  ]);
  const engines = readJson(enginesFile);
  const failed = engines ? engines.failed : 1;
  results.push({
    suite: 'cross-engine smoke',
    passed: engines?.passed ?? 0,
    failed: failed || (enginesOk ? 0 : 1),
    notes: (engines?.skipped ?? []).map((s) => `${s.engine} skipped: ${s.reason}`),
  });
  if (enginesMissing) console.log(`Cross-engine browsers: ${enginesMissing}`);
}

console.log('\nSummary');
for (const r of results) {
  console.log(`  ${r.suite.padEnd(32)} ${r.passed} passed, ${r.failed} failed`);
  for (const note of r.notes ?? []) console.log(`    ${note}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
