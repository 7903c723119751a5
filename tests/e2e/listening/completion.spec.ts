import { expect, test } from '../support/fixtures';
import {
  autoplayLaunch,
  dashboardTokens,
  expectAudioPlaying,
  listenPastHalf,
  player,
  rewindPageClock,
  seekNearEnd,
  signInNewMember,
} from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.use(autoplayLaunch);

/** Opens a session by searching its exact title on discover. */
async function openByTitle(page: import('@playwright/test').Page, title: string) {
  await page.goto('/discover');
  await page.getByRole('button', { name: 'search sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'search sessions' });
  await dialog.getByRole('searchbox').fill(title);
  await dialog.getByTestId('search-result').filter({ hasText: title }).first().click();
  await expectAudioPlaying(page);
}

test.describe('end of a session', () => {
  test('the end dialog saves a reflection, and the first completion celebrates and earns its tokens', async ({
    page,
    request,
  }) => {
    const { token } = await signInNewMember(page, request);
    expect(await dashboardTokens(request, page, token)).toBe(0);

    // 'gentle voice awakening' is a beginner session: 20 tone tokens.
    await rewindPageClock(page);
    await openByTitle(page, 'gentle voice awakening');
    await listenPastHalf(page);
    const end = page.getByTestId('end-dialog');
    await expect(end).toBeVisible({ timeout: scaledTimeout(15_000) });
    await expect(end.getByRole('button', { name: 'play again' })).toBeVisible();
    await expect(end.getByRole('button', { name: 'play just the music' })).toBeVisible();

    await end.getByRole('button', { name: 'reflect' }).click();
    const save = end.getByRole('button', { name: 'save reflection' });
    await expect(save).toBeDisabled();
    await end.getByRole('textbox').fill('   ');
    await expect(save).toBeDisabled();
    await end.getByRole('textbox').fill('My voice feels warm and open.');
    await save.click();
    await expect(page.getByText('Saved ✨', { exact: true })).toBeVisible();
    await expect(page.getByText('Your reflection has been saved', { exact: true })).toBeVisible();

    await end.getByRole('button', { name: 'i feel complete' }).click();
    await expect(end).toHaveCount(0, { timeout: scaledTimeout(4000) });
    const celebration = page.getByTestId('celebration');
    await expect(celebration.getByRole('heading', { name: 'congratulations' })).toBeVisible();
    await expect(celebration.getByTestId('celebration-tokens')).toHaveText('+20 tone tokens');
    await expect(page.getByTestId('confetti').locator('span')).toHaveCount(50);
    await celebration.getByRole('button', { name: 'continue my journey' }).click();
    await expect(player(page)).toHaveCount(0);
    expect(await dashboardTokens(request, page, token)).toBe(20);

    // A second, professional session (40 tokens) closes the player without a celebration.
    // (A 6-minute one: with the first, 13 minutes fit the 15-minute listening budget.)
    await rewindPageClock(page);
    await openByTitle(page, 'silly sirens for brave voices');
    await listenPastHalf(page);
    await expect(end).toBeVisible({ timeout: scaledTimeout(15_000) });
    await end.getByRole('button', { name: 'i feel complete' }).click();
    await expect(player(page)).toHaveCount(0, { timeout: scaledTimeout(6000) });
    await expect(celebration).toHaveCount(0);
    expect(await dashboardTokens(request, page, token)).toBe(60);
  });

  test('play just the music restarts the instrumental version from the end dialog', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    await openByTitle(page, 'lip trill bubbles');
    await seekNearEnd(page);
    const end = page.getByTestId('end-dialog');
    await expect(end).toBeVisible({ timeout: scaledTimeout(15_000) });
    await end.getByRole('button', { name: 'play just the music' }).click();
    await expect(end).toHaveCount(0);
    await expect(player(page)).toHaveAttribute('data-mode', 'instrumental');
    await expectAudioPlaying(page);
  });
});
