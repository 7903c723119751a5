import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { networkSettled } from '../support/traffic';
import { anonKey } from '../support/members';
import {
  audioTime,
  autoplayLaunch,
  player,
  SAVED_OFFLINE_TOAST,
  signInNewMember,
} from '../listening/support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.use(autoplayLaunch);

/**
 * Issue 13: the private reflection written in the player's end dialog (a /rest/v1 write) waits
 * in the outbox when the network is down, is listed in the profile's "Waiting to sync" with
 * Send now and Discard, and reaches the server exactly once: also when the answer to a try that
 * did reach the server is lost on the way back.
 */

/** The member's reflections as the server holds them, through /rest/v1 under their own token. */
async function reflectionsOf(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/rest/v1/reflections?select=reflection_text&order=id.asc', {
    headers: { apikey: await anonKey(request), Authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `reflections: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { reflection_text: string }[]).map((r) => r.reflection_text);
}

/**
 * Plays a session to its end dialog, staying inside the app (no page load), so the profile's
 * code, loaded first, is still there once the network is gone.
 */
async function toEndDialog(page: Page) {
  await page.locator('[data-tab="profile"]').click();
  await expect(page.getByRole('heading', { name: 'Waiting to sync' })).toBeVisible();
  await expect(page.getByText('Nothing is waiting to sync.')).toBeVisible();
  await page.locator('[data-tab="discover"]').click();
  await page.getByRole('button', { name: 'search sessions' }).click();
  const search = page.getByRole('dialog', { name: 'search sessions' });
  await search.getByRole('searchbox').fill('gentle voice awakening');
  await search.getByTestId('search-result').filter({ hasText: 'gentle voice awakening' }).first().click();
  await expect(player(page)).toBeVisible();
  await expect.poll(() => audioTime(page), { timeout: scaledTimeout(15_000) }).toBeGreaterThan(0.3);
  await page.getByTestId('player-audio').evaluate((el) => {
    const a = el as HTMLAudioElement;
    a.currentTime = Math.max(0, a.duration - 2);
  });
  const end = page.getByTestId('end-dialog');
  await expect(end).toBeVisible({ timeout: scaledTimeout(15_000) });
  return end;
}

async function writeReflection(page: Page, text: string) {
  const end = page.getByTestId('end-dialog');
  await end.getByRole('button', { name: 'reflect' }).click();
  await end.getByLabel('how does your voice feel now?').fill(text);
  await end.getByRole('button', { name: 'save reflection' }).click();
}

/**
 * Leaves the end dialog and the player the way a keyboard user would, without loading a page:
 * Escape closes the topmost layer (a toast, the end dialog, then the player).
 */
async function leavePlayer(page: Page) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(player(page)).toHaveCount(0, { timeout: scaledTimeout(1_000) });
  }).toPass({ timeout: scaledTimeout(15_000) });
}

test('a private reflection written offline waits in the list and is saved once when back online', async ({
  page,
  context,
  request,
  allowConsoleErrors,
}) => {
  test.setTimeout(scaledTimeout(90_000));
  // The browser's own lines for requests made while the network is cut.
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const { token } = await signInNewMember(page, request);
  await toEndDialog(page);

  await context.setOffline(true);
  await writeReflection(page, 'Warm and open after the hum.');
  await expect(page.getByText(SAVED_OFFLINE_TOAST, { exact: true })).toBeVisible({
    timeout: scaledTimeout(6_000),
  });
  await leavePlayer(page);
  const note = page.getByTestId('pending-sync');
  await expect(note).toContainText("1 thing you saved offline will sync when you're back online");

  // The note leads to the list: what it is, the member's words, when, and that it was not tried.
  await note.getByRole('link', { name: "See what's waiting" }).click();
  await expect(page).toHaveURL(/\/profile#waiting-to-sync$/);
  const row = page.getByTestId('pending-write');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('A private reflection');
  await expect(row).toContainText('“Warm and open after the hum.”');
  await expect(row).toContainText(/Made .+ · Not tried yet/);

  // Send now while still offline: it stays, with the try counted and why it failed.
  await row.getByRole('button', { name: 'Send now: A private reflection' }).click();
  await expect(page.getByText(/Not sent yet: Could not reach Tuneful/)).toBeVisible();
  await expect(row).toContainText('1 try');
  await expect(row).toContainText('Last try: Could not reach Tuneful');
  expect(await reflectionsOf(request, token)).toEqual([]);

  // Back online: sent by itself, the list empties, the server holds it once.
  await context.setOffline(false);
  await expect(page.getByText('Nothing is waiting to sync.')).toBeVisible({ timeout: scaledTimeout(15_000) });
  await expect(note).toHaveCount(0);
  await expect.poll(() => reflectionsOf(request, token)).toEqual(['Warm and open after the hum.']);

  // A reload sends nothing again.
  await page.reload();
  await expect(page.getByText('Nothing is waiting to sync.')).toBeVisible();
  await networkSettled(page); // the outbox sends at start: whatever it would send has arrived
  expect(await reflectionsOf(request, token)).toEqual(['Warm and open after the hum.']);
});

test('a reflection whose answer was lost is replayed without a second row; a discarded one never arrives', async ({
  page,
  context,
  request,
  allowConsoleErrors,
}) => {
  test.setTimeout(scaledTimeout(90_000));
  // The browser's own lines for requests made while the network is cut or the answer is lost.
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|Failed to fetch/);
  const { token } = await signInNewMember(page, request);
  await toEndDialog(page);

  // The first try reaches the server and stores the row; its answer never comes back.
  let lost = 0;
  await page.route('**/rest/v1/reflections*', async (route) => {
    if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await writeReflection(page, 'Steadier breath today.');
  await expect(page.getByText(SAVED_OFFLINE_TOAST, { exact: true })).toBeVisible({
    timeout: scaledTimeout(6_000),
  });
  expect(await reflectionsOf(request, token)).toEqual(['Steadier breath today.']);
  // The outbox tries again a few seconds later: the server sees a duplicate and adds nothing.
  await expect(page.getByTestId('pending-sync')).toHaveCount(0, { timeout: scaledTimeout(15_000) });
  expect(await reflectionsOf(request, token)).toEqual(['Steadier breath today.']);

  // Offline again: a second reflection waits, and the member discards it.
  await context.setOffline(true);
  await writeReflection(page, 'Not sure about this one.');
  await expect(page.getByText(SAVED_OFFLINE_TOAST, { exact: true }).first()).toBeVisible({
    timeout: scaledTimeout(6_000),
  });
  await leavePlayer(page);
  await page.getByTestId('pending-sync').getByRole('link', { name: "See what's waiting" }).click();
  const row = page.getByTestId('pending-write');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Discard A private reflection' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Not sure about this one.');
  await expect(dialog).toContainText('Discarding deletes it from this device and it is never sent.');
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Discarded: A private reflection.' }),
  ).toBeVisible();
  await expect(page.getByText('Nothing is waiting to sync.')).toBeVisible();
  await expect(page.getByTestId('pending-sync')).toHaveCount(0);

  await context.setOffline(false);
  await page.waitForTimeout(3_000);
  expect(await reflectionsOf(request, token)).toEqual(['Steadier breath today.']);
});
