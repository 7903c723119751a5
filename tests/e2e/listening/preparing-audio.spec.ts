import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { forgetAnonKey } from '../support/members';
import { startServer, type RunningServer } from '../support/server';
import { autoplayLaunch, expectAudioPlaying, player, signInNewMember } from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * A first start that has not rendered some guided sessions yet: its own server, with the run's
 * rendered audio copied in except four voice files, which it renders in the background after
 * "Ready". Three long ones that home lists render first (on both workers), so the one the
 * member opens (the shortest) is still waiting when they get there, then renders and plays.
 */
const TITLE = 'lip trill bubbles';
const MISSING = [
  'guided/011-lip-trill-bubbles-voice.mp3',
  'guided/022-calm-under-the-spotlight-voice.mp3',
  'guided/024-expressive-arpeggio-journey-voice.mp3',
  'guided/029-evening-wind-down-hum-voice.mp3',
];
let server: RunningServer;
const runEnv = { dataDir: process.env.E2E_DATA_DIR, baseUrl: process.env.E2E_BASE_URL };

test.use(autoplayLaunch);

// Its own server, started before the test's pages: the pages below are opened on it.
test.beforeAll(async () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const dataDir = fs.mkdtempSync(path.join(root, '.tmp/e2e-preparing-'));
  const from = path.join(process.env.E2E_DATA_DIR ?? '', 'storage/audio');
  fs.cpSync(from, path.join(dataDir, 'storage/audio'), {
    recursive: true,
    filter: (src) => !MISSING.some((m) => src.endsWith(m)),
  });
  // Its renders at the server's own priority: at the default nice 10 they starved while the
  // other Playwright worker kept both cores busy, and the progress sat at 0 for five minutes.
  server = await startServer(
    { DEMO_SEED: '1', AUTH_RATE_LIMIT_SCALE: '100', AUDIO_RENDER_NICE: '0' },
    dataDir,
  );
  // The member helpers talk to E2E_BASE_URL and read mails from E2E_DATA_DIR: point them at
  // this server while this worker runs this file, and back afterwards.
  runEnv.dataDir = process.env.E2E_DATA_DIR;
  runEnv.baseUrl = process.env.E2E_BASE_URL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_BASE_URL = server.baseUrl;
  forgetAnonKey();
});
test.afterAll(async () => {
  process.env.E2E_DATA_DIR = runEnv.dataDir;
  process.env.E2E_BASE_URL = runEnv.baseUrl;
  forgetAnonKey();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

test('a session whose audio is still rendering shows "preparing audio" with progress, then plays', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(scaledTimeout(480_000));
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const request = await playwright.request.newContext({ baseURL: server.baseUrl });
  await signInNewMember(page, request);
  await page.goto('/filtered?type=category&value=fun');
  const card = page.getByTestId('session-card').filter({ hasText: TITLE });
  await expect(card.getByTestId('preparing-audio')).toHaveText(/^preparing audio \d{1,2}%$/);
  await card.click();

  const preparing = player(page).getByTestId('preparing-audio');
  await expect(preparing).toContainText(/Preparing audio… \d{1,2}%/);
  await expect(player(page).getByRole('progressbar', { name: 'Preparing audio' })).toBeVisible();
  await expect(page.getByTestId('play-toggle')).toBeDisabled();
  await page.screenshot({ path: 'test-results/preparing-audio.png' });

  // The music-only version is already rendered: it plays meanwhile, and back to the voice
  // version the member sees its progress again.
  await player(page).getByRole('button', { name: 'music only' }).click();
  await expect(preparing).toHaveCount(0);
  await page.getByTestId('play-toggle').click();
  await expectAudioPlaying(page);
  await player(page).getByRole('button', { name: 'with voice' }).click();
  await expect(preparing).toBeVisible();

  // The percentage is the server's and moves on while the member waits.
  const first = Number(await player(page).getByRole('progressbar').getAttribute('aria-valuenow'));
  await expect
    .poll(async () => Number(await player(page).getByRole('progressbar').getAttribute('aria-valuenow')), {
      timeout: scaledTimeout(300_000),
    })
    .toBeGreaterThan(first);

  // When the file is ready the player signs it and starts playing by itself.
  await expect(preparing).toHaveCount(0, { timeout: scaledTimeout(300_000) });
  await expectAudioPlaying(page);
  const duration = await page.getByTestId('player-audio').evaluate((el) => (el as HTMLAudioElement).duration);
  expect(Math.abs(duration - 300)).toBeLessThan(1);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'test-results/guided-playing.png' });
  expect(errors).toEqual([]);
  await request.dispose();
  await context.close();
});
