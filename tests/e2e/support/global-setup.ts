import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './admin';
import { startServer } from './server';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
/** Rendered demo audio kept between local runs: it is deterministic, so rendering once is enough. */
const AUDIO_CACHE = path.join(root, '.tmp/e2e-audio');

/**
 * One real server for the whole run, seeded with the demo catalogue. The audio cache is
 * copied in first; the seeder skips files that already exist and renders only what is missing.
 */
export default async function globalSetup(_config: FullConfig) {
  if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
    throw new Error('The client is not built: run `npm run build` first (npm test does).');
  }
  // The server runs compiled, as in production; compiling takes about a second, so it is always
  // redone here and a run never tests stale server code.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(root, '.tmp/e2e-data-'));
  const audioDir = path.join(dataDir, 'storage/audio');
  if (fs.existsSync(AUDIO_CACHE)) fs.cpSync(AUDIO_CACHE, audioDir, { recursive: true });
  // Every test signs in from 127.0.0.1: raise the per-address auth limits for the run. The
  // admin who reviews teaching applications (tests/e2e/mentoring) is named as operators do.
  const server = await startServer(
    { DEMO_SEED: '1', AUTH_RATE_LIMIT_SCALE: '100', ADMIN_EMAILS: E2E_ADMIN_EMAIL },
    dataDir,
  );
  // The server is ready at once and renders the catalogue's audio in the background; the
  // tests play it, so wait until every file is there (seconds with the cache, minutes without).
  try {
    await waitForCatalogueAudio(server.baseUrl);
    keepNewAudio(audioDir);
  } catch (err) {
    // Playwright runs no teardown when the setup fails: the server must not outlive it.
    await server.stop();
    throw err;
  }
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Polls GET /api/catalogue-audio until nothing is pending, telling the terminal how far it got. */
async function waitForCatalogueAudio(baseUrl: string): Promise<void> {
  const started = Date.now();
  let told = 0;
  const limit = scaledTimeout(30 * 60_000);
  while (Date.now() - started < limit) {
    const res = await fetch(`${baseUrl}/api/catalogue-audio`);
    const status = (await res.json()) as { ready: boolean; sessions: unknown[] };
    if (status.ready) return;
    if (Date.now() - told > 30_000) {
      told = Date.now();
      console.log(
        `  rendering the demo audio: ${status.sessions.length} sessions to go (cached in .tmp/e2e-audio afterwards)`,
      );
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`The demo audio did not finish rendering within ${Math.round(limit / 60_000)} minutes.`);
}

/**
 * Adds to the cache the files this run rendered, each under a temporary name renamed when
 * complete (a final name is only ever a complete file). Files already cached are left as they
 * are: rewriting all of them (144 MB) on every run cost time, and a cross-engine run reading the
 * cache meanwhile (npm test runs it beside these tests) could have copied a half-written file.
 */
function keepNewAudio(audioDir: string): void {
  for (const entry of fs.readdirSync(audioDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(AUDIO_CACHE, path.relative(audioDir, from));
    if (fs.existsSync(to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, `${to}.partial`);
    fs.renameSync(`${to}.partial`, to);
  }
}
