import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  autoplayLaunch,
  dashboardTokens,
  expectAudioPlaying,
  player,
  seekNearEnd,
  signInNewMember,
} from './support';

test.use(autoplayLaunch);

async function completeByTitle(page: Page, title: string) {
  await page.goto('/discover');
  await page.getByRole('button', { name: 'search sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'search sessions' });
  await dialog.getByRole('searchbox').fill(title);
  await dialog.getByTestId('search-result').filter({ hasText: title }).first().click();
  await expectAudioPlaying(page);
  await seekNearEnd(page);
  const end = page.getByTestId('end-dialog');
  await expect(end).toBeVisible({ timeout: 15_000 });
  await end.getByRole('button', { name: 'i feel complete' }).click();
}

test('repeating a session the same day says it was already counted and keeps the totals', async ({
  page,
  request,
}) => {
  const { token } = await signInNewMember(page, request);
  await completeByTitle(page, 'gentle voice awakening');
  await page.getByTestId('celebration').getByRole('button', { name: 'continue my journey' }).click();
  await expect(player(page)).toHaveCount(0);
  expect(await dashboardTokens(request, page, token)).toBe(20);

  await completeByTitle(page, 'gentle voice awakening');
  await expect(player(page)).toHaveCount(0, { timeout: 6000 });
  // Exact/anchored: for its first second a toast is also read out by Radix's hidden announcer
  // ("Notification <title> <description>"), which a substring match would find too.
  await expect(
    page.getByText('Already counted today, lovely to hear you again', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/^You still have 20 tone tokens/)).toBeVisible();
  expect(await dashboardTokens(request, page, token)).toBe(20);
});
