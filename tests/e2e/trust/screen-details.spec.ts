import { expect, test } from '../support/fixtures';
import {
  autoplayLaunch,
  expectAudioPlaying,
  player,
  seekNearEnd,
  signInNewMember,
} from '../listening/support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.use(autoplayLaunch);

/** Issue 8 item 7: the smaller things a member saw on screen at 390 x 844. */
test.describe('screen details at 390 px', () => {
  test('a brand-new member is not welcomed back', async ({ page, request }) => {
    await signInNewMember(page, request);
    const greeting = page.getByRole('heading', { level: 1 });
    await expect(greeting).toBeVisible();
    await expect(greeting).not.toHaveText(/came back|welcome back|hello again|missed you/);
  });

  test('the Reflections tab label fits, and the listening-room chips are all on screen', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    await page.goto('/community');
    for (const name of ['The Pulse', 'Most Echoed', 'Reflections']) {
      const clipped = await page
        .getByRole('tab', { name })
        .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(clipped, `${name} is clipped`).toBe(false);
    }
    await page.goto('/listening-room');
    const chips = page.getByRole('group', { name: 'filter tracks' }).getByRole('button');
    await expect(chips).toHaveCount(4);
    for (const chip of await chips.all()) {
      const box = (await chip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  });

  test('listen-only tracks say "listening", no tone tokens, in the room and in the player', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    await page.goto('/listening-room');
    const track = page.getByTestId('room-track').first();
    await expect(track.getByTitle('listening: no tone tokens')).toBeVisible();
    await track.click();
    await expect(player(page).getByTitle('listening: no tone tokens')).toBeVisible();
  });

  test('credits name the demo musicians without links to invented accounts', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.getByRole('list', { name: 'latest sessions' }).getByTestId('session-card').first().click();
    await player(page).getByRole('button', { name: 'Credits' }).click();
    const credits = page.getByRole('dialog', { name: 'credits' });
    await expect(credits.getByRole('listitem').first()).toBeVisible();
    await expect(credits.getByRole('link')).toHaveCount(0);
    await expect(credits.getByText(/@tuneful\./)).toHaveCount(0);
  });

  test('the search box has one way to clear it, not the browser’s as well', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.goto('/discover');
    await page.getByRole('button', { name: 'search sessions' }).click();
    const box = page.getByRole('dialog', { name: 'search sessions' }).getByRole('searchbox');
    await box.fill('calm');
    // A type="search" input draws the engine's own clear button (Chromium's blue cross).
    await expect(box).not.toHaveAttribute('type', 'search');
    await expect(box).toHaveAttribute('enterkeyhint', 'search');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'search sessions' })).toHaveCount(0);
  });

  test('an emoji in a toast never shows as an empty box', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.getByRole('list', { name: 'latest sessions' }).getByTestId('session-card').first().click();
    await expectAudioPlaying(page);
    await seekNearEnd(page);
    const end = page.getByTestId('end-dialog');
    await expect(end).toBeVisible({ timeout: scaledTimeout(15_000) });
    await end.getByRole('button', { name: 'reflect' }).click();
    await end.getByRole('textbox').fill('Warm and open.');
    await end.getByRole('button', { name: 'save reflection' }).click();
    await expect(page.getByText('Saved ✨', { exact: true })).toBeVisible();
    // Whether this machine has an emoji font is measured the same way the app does.
    const hasColourEmoji = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 32;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.font = '24px sans-serif';
      ctx.textBaseline = 'top';
      ctx.fillText('✨', 0, 0);
      const d = ctx.getImageData(0, 0, 32, 32).data;
      for (let i = 0; i < d.length; i += 4) {
        if (
          d[i + 3]! > 0 &&
          Math.max(d[i]!, d[i + 1]!, d[i + 2]!) - Math.min(d[i]!, d[i + 1]!, d[i + 2]!) > 16
        )
          return true;
      }
      return false;
    });
    const fallback = page.locator('[data-emoji-fallback]');
    if (hasColourEmoji) await expect(fallback).toHaveCount(0);
    else {
      await expect(fallback).toHaveCount(1);
      const box = (await fallback.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(1);
    }
  });
});
