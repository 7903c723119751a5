import { expect, test } from '../support/fixtures';
import { networkSettled } from '../support/traffic';
import {
  autoplayLaunch,
  completedSessions,
  SAVED_OFFLINE_TOAST,
  dashboardTokens,
  listenPastHalf,
  player,
  rewindPageClock,
  signInNewMember,
} from '../listening/support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.use(autoplayLaunch);

/**
 * Issue 13: a session completed while the browser is offline is kept on the device, shown as
 * waiting (in every tab), and counted once when the connection returns — on the day it
 * happened, also with a second tab open and after a reload (which must not send it again).
 */
test('a session completed offline is sent once when back online and counted once', async ({
  page,
  context,
  request,
  allowConsoleErrors,
}) => {
  // The browser's own lines for requests made while the network is cut.
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const { token } = await signInNewMember(page, request);
  expect(await dashboardTokens(request, page, token)).toBe(0);

  // 'gentle voice awakening' is a beginner session: 20 tone tokens.
  await page.goto('/discover');
  await page.getByRole('button', { name: 'search sessions' }).click();
  const search = page.getByRole('dialog', { name: 'search sessions' });
  await search.getByRole('searchbox').fill('gentle voice awakening');
  await rewindPageClock(page);
  await search.getByTestId('search-result').filter({ hasText: 'gentle voice awakening' }).first().click();
  await expect(player(page)).toBeVisible();

  // A second tab of the same browser: it must show the same queue and not send it twice.
  const other = await context.newPage();
  await other.goto('/profile');
  await expect(other.getByTestId('stat-tone-tokens')).toHaveText(/\D0$/);

  // More than half heard, then the last seconds are buffered while online; then the network goes.
  await listenPastHalf(page, 4);
  const audio = page.getByTestId('player-audio');
  await expect
    .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).readyState), {
      timeout: scaledTimeout(10_000),
    })
    .toBeGreaterThanOrEqual(3);
  await context.setOffline(true);
  const offlineAt = Date.now();

  const end = page.getByTestId('end-dialog');
  await expect(end).toBeVisible({ timeout: scaledTimeout(15_000) });
  await end.getByRole('button', { name: 'i feel complete' }).click();
  await expect(page.getByText(SAVED_OFFLINE_TOAST, { exact: true })).toBeVisible({
    timeout: scaledTimeout(6_000),
  });
  await expect(player(page)).toHaveCount(0);
  const pending = page.getByTestId('pending-sync');
  await expect(pending).toHaveText(
    "1 thing you saved offline will sync when you're back online See what's waiting",
  );
  await expect(page.getByTestId('celebration')).toHaveCount(0);
  await expect(other.getByTestId('pending-sync')).toBeVisible();

  // Nothing reached the server while offline.
  expect(await completedSessions(request, page, token)).toEqual([]);

  // Back online: the outbox sends it, the note goes and the member's numbers count it once.
  await page.waitForTimeout(1_500); // it happened a moment before the connection returned
  const onlineAt = Date.now();
  await context.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: scaledTimeout(10_000) });
  await expect(other.getByTestId('pending-sync')).toHaveCount(0);
  await expect(other.getByTestId('stat-tone-tokens')).toHaveText(/\D20$/);
  await expect.poll(() => dashboardTokens(request, page, token)).toBe(20);
  const rows = await completedSessions(request, page, token);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.sessionId).toBeGreaterThan(0);
  // Counted when it happened (offline), not when it arrived.
  const completedAt = Date.parse(rows[0]!.completedAt);
  expect(completedAt).toBeGreaterThanOrEqual(offlineAt - 1_000);
  expect(completedAt).toBeLessThan(onlineAt);

  await page.goto('/profile');
  await expect(page.getByTestId('stat-tone-tokens')).toHaveText(/\D20$/);
  await expect(page.getByTestId('stat-sessions')).toHaveText(/\D1$/);

  // A reload sends nothing again.
  await page.reload();
  await expect(page.getByTestId('stat-tone-tokens')).toHaveText(/\D20$/);
  await expect(page.getByTestId('pending-sync')).toHaveCount(0);
  await networkSettled(page); // the outbox sends at start: whatever it would send has arrived
  expect(await completedSessions(request, page, token)).toHaveLength(1);
  expect(await dashboardTokens(request, page, token)).toBe(20);

  // Requests the page tried while offline fail in the console by design.
});
