// Cross-engine smoke test: the member's path (sign in, home, play a session, the tuning room
// reading a known pitch) in Firefox ESR (puppeteer-core, WebDriver BiDi) and WebKit
// (WebKitWebDriver + MiniBrowser under xvfb-run), against one real server with the demo
// catalogue. Chromium is covered by the Playwright suite. Prints one line per step and writes
// test-results/cross-engine.json for `npm test`'s summary. Run: `npm run test:engines`
// (after `npm run build`).
import fs from 'node:fs';
import path from 'node:path';
import { startServer, type RunningServer } from '../e2e/support/server';
import { describeError, withTimeout, type EngineDriver } from './driver';
import { FIREFOX, launchFirefox } from './firefox';
import { engineFailureIsShown, memberPath, type SmokeMember } from './scenario';
import { MINIBROWSER, WEBKIT_DRIVER, launchWebKit } from './webkit';

const root = path.resolve(import.meta.dirname, '../..');
const AUDIO_CACHE = path.join(root, '.tmp/e2e-audio');
const RESULTS = path.join(root, 'test-results/cross-engine.json');
/** A whole engine's run may not take longer than this, whatever hangs. */
const ENGINE_BUDGET_MS = 150_000;

interface TestResult {
  engine: string;
  name: string;
  ok: boolean;
  error?: string;
}
const results: TestResult[] = [];
const skipped: { engine: string; reason: string }[] = [];
const open = new Set<EngineDriver>();
let server: RunningServer | undefined;
let dataDir: string | undefined;

/** Why an engine cannot run here, or null when everything it needs is installed. */
function missing(files: Record<string, string>): string | null {
  const absent = Object.entries(files).filter(([, file]) => !fs.existsSync(file));
  return absent.length ? absent.map(([what, file]) => `${what} not found at ${file}`).join('; ') : null;
}

function onPath(cmd: string): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && fs.existsSync(path.join(dir, cmd))) return path.join(dir, cmd);
  }
  return `${cmd} (on PATH)`;
}

/** True when this machine has a sound output Firefox could open (then no mock is needed). */
function hasSoundOutput(): boolean {
  const runtime = process.env.XDG_RUNTIME_DIR;
  return (
    fs.existsSync('/dev/snd') ||
    Boolean(process.env.PULSE_SERVER) ||
    Boolean(runtime && (fs.existsSync(`${runtime}/pulse/native`) || fs.existsSync(`${runtime}/pipewire-0`)))
  );
}

async function createMember(base: string, tag: string): Promise<SmokeMember> {
  const { anonKey } = (await (await fetch(`${base}/api/config`)).json()) as { anonKey: string };
  const member = { email: `smoke+${tag}-${Date.now()}@example.com`, password: `tune-${tag}-Smoke1` };
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...member, data: { first_name: 'Smoke', last_name: tag } }),
  });
  const session = (await signUp.json()) as { access_token?: string };
  if (!signUp.ok || !session.access_token) throw new Error(`sign-up failed: ${signUp.status}`);
  const onboard = await fetch(`${base}/api/complete-onboarding`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ answers: { voice_goals: ['Feel calmer'] }, otherTexts: {} }),
  });
  if (!onboard.ok) throw new Error(`complete-onboarding failed: ${onboard.status}`);
  return member;
}

async function runTest(
  engine: string,
  name: string,
  launch: () => Promise<EngineDriver>,
  body: (d: EngineDriver) => Promise<void>,
): Promise<void> {
  console.log(`\n  ${engine}: ${name}`);
  let driver: EngineDriver | undefined;
  try {
    await withTimeout(`${engine}: ${name}`, ENGINE_BUDGET_MS, async () => {
      const started = Date.now();
      driver = await withTimeout(`${engine}: launch`, 60_000, launch);
      open.add(driver);
      console.log(`    ✓ launched (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      await body(driver);
    });
    results.push({ engine, name, ok: true });
  } catch (e) {
    const error = describeError(e);
    if (!/^\S+: /.test(error) || error.includes('launch')) console.log(`    ✗ ${error}`);
    results.push({ engine, name, ok: false, error });
  } finally {
    if (driver) {
      await withTimeout(`${engine}: close`, 20_000, () => (driver as EngineDriver).close()).catch(
        () => undefined,
      );
      open.delete(driver);
    }
  }
}

async function shutdown(): Promise<void> {
  await Promise.all([...open].map((d) => d.close().catch(() => undefined)));
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
    throw new Error('The client is not built: run `npm run build` first (npm test does).');
  }
  const only = new Set((process.env.CROSS_ENGINE ?? 'firefox,webkit').split(',').map((s) => s.trim()));
  const firefoxMissing = missing({ 'firefox-esr': FIREFOX });
  const webkitMissing = missing({
    WebKitWebDriver: WEBKIT_DRIVER,
    MiniBrowser: MINIBROWSER,
    'xvfb-run': onPath('xvfb-run'),
  });
  const engines: string[] = [];
  for (const [engine, why] of [
    ['firefox', firefoxMissing],
    ['webkit', webkitMissing],
  ] as const) {
    if (!only.has(engine)) skipped.push({ engine, reason: 'not selected in CROSS_ENGINE' });
    else if (why) skipped.push({ engine, reason: why });
    else engines.push(engine);
  }
  for (const s of skipped) console.log(`  ${s.engine}: SKIPPED (${s.reason})`);
  if (engines.length === 0) return 0;

  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  dataDir = fs.mkdtempSync(path.join(root, '.tmp/cross-engine-data-'));
  // The rendered demo audio from earlier runs; without it the first start renders it (~40 s).
  if (fs.existsSync(AUDIO_CACHE))
    fs.cpSync(AUDIO_CACHE, path.join(dataDir, 'storage/audio'), { recursive: true });
  const serverStarted = Date.now();
  server = await startServer(
    { DEMO_SEED: '1', AUTH_AUTOCONFIRM: '1', AUTH_RATE_LIMIT_SCALE: '100' },
    dataDir,
  );
  console.log(`  server ready on ${server.baseUrl} (${((Date.now() - serverStarted) / 1000).toFixed(1)} s)`);
  const base = server.baseUrl;

  if (engines.includes('firefox')) {
    const mock = !hasSoundOutput();
    const member = await createMember(base, 'firefox');
    await runTest(
      'firefox',
      'member path',
      () => launchFirefox({ mockSoundOutput: mock }),
      (d) => memberPath(d, base, member),
    );
    // With no sound output and no mock, Firefox's audio never runs: the real failure members
    // reported. The recorder must show its error. Only checkable where there is no sound card.
    if (mock) {
      await runTest(
        'firefox',
        'no sound output',
        () => launchFirefox({ mockSoundOutput: false }),
        (d) => engineFailureIsShown(d, base),
      );
    }
  }
  if (engines.includes('webkit')) {
    const member = await createMember(base, 'webkit');
    await runTest('webkit', 'member path', launchWebKit, (d) => memberPath(d, base, member));
  }
  return results.filter((r) => !r.ok).length;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void shutdown().finally(() => process.exit(130)));
}

const started = Date.now();
let failed: number;
try {
  failed = await main();
} catch (e) {
  console.error(`  cross-engine smoke test could not run: ${describeError(e)}`);
  results.push({ engine: 'all', name: 'setup', ok: false, error: String(e) });
  failed = 1;
} finally {
  await shutdown();
}
const passed = results.filter((r) => r.ok).length;
fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
fs.writeFileSync(RESULTS, JSON.stringify({ passed, failed, skipped, results }, null, 2));
console.log(
  `\n  cross-engine: ${passed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} skipped` : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failed === 0 ? 0 : 1);
