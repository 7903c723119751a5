import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';
import { autoplayLaunch, expectAudioPlaying, player, signInNewMember } from './support';

/**
 * A first start that has not rendered one guided session yet: its own server, with the run's
 * rendered audio copied in except that session's voice file, which it renders in the
 * background after "Ready" (the shortest guided session: tens of seconds).
 */
const TITLE = 'lip trill bubbles';
const MISSING = 'guided/011-lip-trill-bubbles-voice.mp3';
let server: RunningServer;

test.use(autoplayLaunch);
// eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
test.use({ baseURL: async ({}, use) => use(server.baseUrl) });

test.beforeAll(async () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const dataDir = fs.mkdtempSync(path.join(root, '.tmp/e2e-preparing-'));
  const from = path.join(process.env.E2E_DATA_DIR ?? '', 'storage/audio');
  fs.cpSync(from, path.join(dataDir, 'storage/audio'), {
    recursive: true,
    filter: (src) => !src.endsWith(MISSING),
  });
  server = await startServer({ DEMO_SEED: '1', AUTH_RATE_LIMIT_SCALE: '100' }, dataDir);
});
test.afterAll(async () => {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

test('a session whose audio is still rendering shows "preparing audio" with progress, then plays', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
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

  // The percentage is the server's and moves on while the member waits.
  const first = Number(await player(page).getByRole('progressbar').getAttribute('aria-valuenow'));
  await expect
    .poll(async () => Number(await player(page).getByRole('progressbar').getAttribute('aria-valuenow')), {
      timeout: 120_000,
    })
    .toBeGreaterThan(first);

  // When the file is ready the player signs it and starts playing by itself.
  await expect(preparing).toHaveCount(0, { timeout: 180_000 });
  await expectAudioPlaying(page);
  const duration = await page
    .getByTestId('player-audio')
    .evaluate((el) => (el as HTMLAudioElement).duration);
  expect(Math.abs(duration - 300)).toBeLessThan(1);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'test-results/guided-playing.png' });
});
