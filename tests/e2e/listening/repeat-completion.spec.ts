import type { Page } from '@playwright/test';
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

/** Opens a session and says 'i feel complete' at its end: heard past half, or skipped through. */
async function completeByTitle(page: Page, title: string, heard: 'past half' | 'skipped' = 'past half') {
  if (heard === 'past half') await rewindPageClock(page);
  await page.goto('/discover');
  await page.getByRole('button', { name: 'search sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'search sessions' });
  await dialog.getByRole('searchbox').fill(title);
  await dialog.getByTestId('search-result').filter({ hasText: title }).first().click();
  await expectAudioPlaying(page);
  if (heard === 'past half') await listenPastHalf(page);
  else await seekNearEnd(page);
  const end = page.getByTestId('end-dialog');
  await expect(end).toBeVisible({ timeout: scaledTimeout(15_000) });
  await end.getByRole('button', { name: 'i feel complete' }).click();
}

test('a skip-through is partial practice; repeating a session the same day says it was already counted and keeps the totals', async ({
  page,
  request,
}) => {
  const { token } = await signInNewMember(page, request);
  // Issue 20: skipped straight to the end, it is partial practice: minutes, no tokens, said so.
  await completeByTitle(page, 'gentle voice awakening', 'skipped');
  await expect(player(page)).toHaveCount(0, { timeout: scaledTimeout(6000) });
  await expect(page.getByText('Partial practice', { exact: true })).toBeVisible();
  // The seconds heard before the skip are however long the player took to get there (more on a
  // busy machine); what counts is that they are under half of the 7 minutes.
  await expect(
    page.getByText(/^Partial practice: (?:[0-2]:\d\d|3:[0-2]\d) of 7:00 — minutes saved, no tokens/),
  ).toBeVisible();
  expect(await dashboardTokens(request, page, token)).toBe(0);

  // Heard past half: the member's first session (the partial one was not), celebrated.
  await completeByTitle(page, 'gentle voice awakening');
  await page.getByTestId('celebration').getByRole('button', { name: 'continue my journey' }).click();
  await expect(player(page)).toHaveCount(0);
  expect(await dashboardTokens(request, page, token)).toBe(20);

  await completeByTitle(page, 'gentle voice awakening');
  await expect(player(page)).toHaveCount(0, { timeout: scaledTimeout(6000) });
  // Exact/anchored: for its first second a toast is also read out by Radix's hidden announcer
  // ("Notification <title> <description>"), which a substring match would find too.
  await expect(
    page.getByText('Already counted today, lovely to hear you again', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/^You still have 20 tone tokens/)).toBeVisible();
  expect(await dashboardTokens(request, page, token)).toBe(20);
});
