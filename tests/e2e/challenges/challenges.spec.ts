import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInNewMember } from '../listening/support';
import { reachLevel } from '../support/levels';
import { screenshotPath } from '../tuning/fake-mic';

/** The signed-in member's id, from the session supabase-js keeps. */
const memberId = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { user?: { id: string } }).user?.id ?? '';
  });

// Issue 30: custom challenges open at level 8, master challenges at 10. A member at level 8
// sets a challenge with the network off: it waits on the device, and is set once when the
// network is back; the master challenges say which level opens them.
test('a member at level 8 sets a challenge offline; it is sent once and shows its progress in words', async ({
  page,
  context,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const { token } = await signInNewMember(page, request);
  reachLevel(await memberId(page), 8);
  const challenges = async () => {
    const res = await request.get('/api/challenges', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.ok()).toBeTruthy();
    return ((await res.json()) as { challenges: { name: string }[] }).challenges;
  };

  await page.goto('/challenges');
  await expect(page.getByText('No challenges yet.')).toBeVisible();
  const form = page.getByRole('form', { name: 'set a challenge' });
  await expect(form).toBeVisible();
  await expect(page.getByTestId('feature-locked')).toContainText(
    'Master challenges opens at level 10; you are at level 8',
  );
  await page.screenshot({ path: screenshotPath('challenges-level-8.png') });

  await context.setOffline(true);
  await form.getByLabel('how many').fill('3');
  await form.getByLabel('name (optional)').fill('Three good mornings');
  await expect(form.getByTestId('challenge-preview')).toContainText('Practise on 3 days');
  await form.getByRole('button', { name: 'set challenge' }).click();
  await expect(page.getByTestId('challenge-waiting')).toContainText('Three good mornings');
  expect(await challenges()).toEqual([]);

  await context.setOffline(false);
  const card = page.getByTestId('challenge');
  await expect(card).toContainText('Three good mornings');
  await expect(card.getByTestId('challenge-progress')).toHaveText('0 of 3 days — 3 to go, 7 days left');
  await expect(page.getByTestId('challenge-waiting')).toHaveCount(0);
  await expect.poll(async () => (await challenges()).length).toBe(1);
  await page.screenshot({ path: screenshotPath('challenges-set.png'), fullPage: true });
});
