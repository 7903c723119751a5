import type { Page } from '@playwright/test';
import {
  countOf,
  expectOfflineWriteArrivesOnce,
  SAVED_OFFLINE,
  type OfflineWriteCase,
} from './offline-write';
import { expect, OFFLINE_TIMEOUT_MS, offlineUse, test } from './support';

test.use(offlineUse);
test.describe.configure({ timeout: OFFLINE_TIMEOUT_MS });

/**
 * Issue 20: every write a member can make offline waits in the outbox, is listed in "Waiting to
 * sync" across a reload, and arrives exactly once when the network is back. One case per kind;
 * the journey itself is in offline-write.ts.
 */

/** Saves the open dialog offline, sees it kept on the device, and closes the dialog at once. */
async function saveOffline(page: Page, dialogName: string, save: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: save }).click();
  await expect(page.getByText(SAVED_OFFLINE, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

const cases: Record<string, OfflineWriteCase> = {
  'a mood entry': {
    screen: '/wellness',
    ready: (page) => page.getByText('No mood data yet'),
    make: async (page) => {
      await page.getByRole('button', { name: 'Track Your Mood' }).click();
      await page.getByRole('dialog', { name: 'Track Your Mood' }).getByLabel('Mood').fill('8');
      await saveOffline(page, 'Track Your Mood', 'Save mood');
      // Shown at once, marked as waiting, before the server has it.
      await expect(page.getByTestId('mood-entry').first()).toContainText('Mood 8/10');
    },
    listed: 'A mood entry',
    count: (request, token) => countOf(request, token, '/api/mood-tracking'),
  },
};

for (const [kind, write] of Object.entries(cases)) {
  test(`${kind} made offline is listed as waiting, survives a reload and arrives exactly once`, async ({
    page,
    context,
    request,
  }) => {
    await expectOfflineWriteArrivesOnce(page, context, request, write);
  });
}
