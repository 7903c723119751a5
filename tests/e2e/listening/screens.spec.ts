import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  autoplayLaunch,
  expectAudioPlaying,
  listenPastHalf,
  player,
  rewindPageClock,
  signInNewMember,
} from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.use(autoplayLaunch);

/** Screens for a human look at 390x844 (kept out of the repo, under .tmp/screens). */
const dir = path.resolve(import.meta.dirname, '../../../.tmp/screens');
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(dir, `listening-${name}.png`), fullPage });

test('screenshots of the listening screens and the player', async ({ page, request }) => {
  test.setTimeout(scaledTimeout(120_000));
  await page.setViewportSize({ width: 390, height: 844 });
  await signInNewMember(page, request);
  await expect(page.getByRole('list', { name: 'latest sessions' })).toBeVisible();
  await shot(page, 'home');

  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'trending today' })).toBeVisible();
  await expect(page.getByTestId('session-card').first()).toBeVisible();
  await shot(page, 'discover');
  await page.getByRole('button', { name: 'search sessions' }).click();
  await expect(page.getByRole('searchbox')).toBeFocused();
  await page.waitForTimeout(400);
  await shot(page, 'search-empty', false);
  await page.getByRole('searchbox').fill('calm');
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await shot(page, 'search-results', false);
  await page.keyboard.press('Escape');

  await page.goto('/listening-room');
  await expect(page.getByTestId('room-track').first()).toBeVisible();
  await shot(page, 'listening-room');

  await page.goto('/filtered?type=intention&value=find-your-center');
  await expect(page.getByTestId('session-card').first()).toBeVisible();
  await shot(page, 'filtered');

  await page.goto('/home');
  await rewindPageClock(page);
  await page.getByRole('list', { name: 'latest sessions' }).getByTestId('session-card').first().click();
  await expectAudioPlaying(page);
  await shot(page, 'player', false);
  await listenPastHalf(page);
  await expect(page.getByTestId('end-dialog')).toBeVisible({ timeout: scaledTimeout(15_000) });
  await page.waitForTimeout(500);
  await shot(page, 'end-dialog', false);
  await page.getByTestId('end-dialog').getByRole('button', { name: 'reflect' }).click();
  await shot(page, 'reflect', false);
  await page.getByTestId('end-dialog').getByRole('button', { name: 'i feel complete' }).click();
  await expect(page.getByTestId('celebration')).toBeVisible({ timeout: scaledTimeout(6000) });
  await page.waitForTimeout(600);
  await shot(page, 'celebration', false);
  await page.getByRole('button', { name: 'continue my journey' }).click();
  await expect(player(page)).toHaveCount(0);
});
