import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { networkSettled } from '../support/traffic';
import { signInNewMember } from '../listening/support';
import { fakeMicLaunch } from '../tuning/fake-mic';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.use({ launchOptions: fakeMicLaunch(), permissions: ['microphone'] });

async function totals(request: APIRequestContext, page: Page, token: string) {
  const userId = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { user: { id: string } }).user.id : '';
  });
  const res = await request.get(`/api/users/${userId}/dashboard?tz=UTC`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { user: { totalSessions: number; toneTokens: number } }).user;
}

/** Issue 13: a template session finished offline is saved on the device and sent once later. */
test('a template session finished offline is saved once when back online', async ({
  page,
  context,
  request,
  allowConsoleErrors,
}) => {
  // The browser's own lines for requests made while the network is cut.
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const { token } = await signInNewMember(page, request);
  await page.clock.install();
  await page.goto('/session/2');
  await page.getByRole('button', { name: 'Start Session' }).click();
  // More than half of the plan practised, so the save is a session (issue 20's reward rule).
  await page.clock.fastForward('04:00');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Session Complete!' })).toBeVisible();
  await expect(page.getByTestId('saved-offline')).toHaveText(
    "Saved on this device. It will sync when you're back online.",
  );
  await expect(page.getByText("Saved — will sync when you're back online", { exact: true })).toBeVisible();
  expect((await totals(request, page, token)).totalSessions).toBe(0);

  await context.setOffline(false);
  await expect(page.getByTestId('saved-offline')).toHaveText('Synced: your session is counted.', {
    timeout: scaledTimeout(10_000),
  });
  await expect.poll(async () => (await totals(request, page, token)).totalSessions).toBe(1);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start Session' })).toBeVisible();
  await networkSettled(page); // the outbox sends at start: whatever it would send has arrived
  expect(await totals(request, page, token)).toMatchObject({ totalSessions: 1, toneTokens: 20 });

  // Requests the page tried while offline (spoken cues, logs) fail in the console by design.
});
