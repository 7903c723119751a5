import type { Page } from '@playwright/test';
import { autoplayLaunch } from '../listening/support';
import { expect, test as appTest } from '../support/fixtures';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * The offline specs run with the service worker allowed (the project blocks it elsewhere) and,
 * like every spec, fail on console errors, except the browser's own "could not load" lines
 * for requests made while the test has cut the network: those are the point of the test.
 */
export const test = appTest.extend<{ offlineConsole: void }>({
  offlineConsole: [
    async ({ allowConsoleErrors }, use) => {
      allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
      // The service worker answers the runtime config itself; offline with no copy kept, the
      // browser reports its failed answer as ERR_FAILED (the page uses its saved copy).
      allowConsoleErrors((text, url) => /ERR_FAILED/.test(text) && url.endsWith('/api/config'));
      await use();
    },
    { auto: true },
  ],
});

/**
 * What every offline spec file sets at its top (Playwright wants `test.use` in the test file
 * itself: called from a shared module it runs only for the first file a worker loads):
 * autoplay, the service worker allowed, and time for sign-in, the worker's install, a download
 * and an offline reload on a busy 2-core machine.
 */
export const offlineUse = { ...autoplayLaunch, serviceWorkers: 'allow' as const };
export const OFFLINE_TIMEOUT_MS = scaledTimeout(120_000);

export { expect };

/** Waits until the service worker controls the page (its first install claims the open page). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: scaledTimeout(30_000),
  });
}

/** The player's <audio> element: where it is, whether it failed, and what it loaded. */
export async function audioState(page: Page) {
  return page.getByTestId('player-audio').evaluate((el) => {
    const audio = el as HTMLAudioElement;
    return {
      time: audio.currentTime,
      error: audio.error?.code ?? null,
      src: audio.currentSrc,
      duration: audio.duration,
    };
  });
}

/** Opens the first session of home's latest list and downloads it; returns its title. */
export async function downloadFirstLatest(page: Page): Promise<string> {
  const latest = page.getByRole('list', { name: 'latest sessions' });
  const card = latest.getByTestId('session-card').first();
  const title = (await card.getByTestId('session-title').textContent()) ?? '';
  await card.click();
  const player = page.getByTestId('player');
  await expect(player.getByRole('heading', { name: title })).toBeVisible();
  await player.getByRole('button', { name: 'Download for offline' }).click();
  await expect(player.getByTestId('download-status')).toContainText('Downloaded for offline', {
    timeout: scaledTimeout(30_000),
  });
  await player.getByRole('button', { name: 'Close player' }).click();
  await expect(player).toHaveCount(0);
  return title;
}
