import { expect, test } from '../support/fixtures';
import { autoplayLaunch, expectAudioPlaying, player, signInNewMember } from './support';

test.use(autoplayLaunch);

declare global {
  interface Window {
    __wakeLocks: { requested: number; released: number };
  }
}

test('the player keeps the screen awake while open and fills the lock-screen controls', async ({
  page,
  request,
}) => {
  // A recording stand-in for the Screen Wake Lock API (headless Chromium refuses the real one).
  await page.addInitScript(() => {
    window.__wakeLocks = { requested: 0, released: 0 };
    const fake = {
      request: async () => {
        window.__wakeLocks.requested += 1;
        const sentinel = {
          released: false,
          release: async () => {
            if (!sentinel.released) window.__wakeLocks.released += 1;
            sentinel.released = true;
          },
        };
        return sentinel;
      },
    };
    Object.defineProperty(navigator, 'wakeLock', { value: fake, configurable: true });
  });
  await signInNewMember(page, request);
  await page.getByRole('list', { name: 'latest sessions' }).getByTestId('session-card').first().click();
  await expectAudioPlaying(page);

  await expect.poll(() => page.evaluate(() => window.__wakeLocks.requested)).toBe(1);
  const title = await player(page).getByRole('heading').first().textContent();
  const media = await page.evaluate(() => ({
    title: navigator.mediaSession.metadata?.title,
    artist: navigator.mediaSession.metadata?.artist,
    state: navigator.mediaSession.playbackState,
  }));
  expect(media.title).toBe(title);
  expect(media.artist).toBeTruthy();
  expect(media.state).toBe('playing');

  await page.getByRole('button', { name: 'Close player' }).click();
  await expect(player(page)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.__wakeLocks.released)).toBe(1);
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('none');
});
