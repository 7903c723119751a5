import { api, userIdOf } from '../growth/support';
import { expect, test } from '../support/fixtures';
import { reachLevel } from '../support/levels';
import { createOnboardedMember, signInToHome } from '../support/members';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

interface CheckIns {
  today: string;
  checkIns: { localDate: string; voice: string }[];
}

/**
 * Issue 30's two features as a member uses them: the daily check-in from home's card, made
 * offline and sent once when the network is back; then a guided exercise with how they felt
 * before and after, which /emotions reads back in plain words.
 */
test('a check-in made offline arrives once, and feelings around practice reach emotion tracking', async ({
  page,
  context,
  request,
  allowConsoleErrors,
}) => {
  // The network is cut while the screen is open: Chromium logs the reads it then refuses.
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const member = await createOnboardedMember(request);
  const token = await signInToHome(page, member);
  reachLevel(userIdOf(token), 2);

  await page.getByTestId('home-check-in').click();
  await expect(page.getByRole('heading', { level: 1, name: 'daily check-in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'back to home' })).toHaveAttribute('href', '/home');
  await expect(page.getByRole('radio', { name: 'tired' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('radio', { name: 'tired' }).check();
  await page.getByRole('group', { name: 'your energy' }).getByRole('radio', { name: 'low' }).check();
  await page.getByRole('group', { name: 'your mood' }).getByRole('radio', { name: 'okay' }).check();
  await page.getByRole('button', { name: "save today's check-in" }).click();
  await expect(page.getByTestId('check-in-waiting')).toBeVisible();
  await expect(page.getByTestId('check-in-suggestion')).toContainText('something short today');
  expect((await api<CheckIns>(request, 'get', '/api/check-ins', token)).checkIns).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByTestId('check-in-waiting')).toHaveCount(0, { timeout: scaledTimeout(15_000) });
  const stored = await api<CheckIns>(request, 'get', '/api/check-ins', token);
  expect(stored.checkIns.map((c) => [c.localDate, c.voice])).toEqual([[stored.today, 'tired']]);

  await page.goto('/home');
  await expect(page.getByTestId('home-check-in')).toContainText('voice tired · energy low · mood okay');

  // A guided exercise: tense before, calm after (finished early: partial practice is practice too).
  await page.goto('/session/1');
  await page.getByTestId('feeling-before').getByRole('button', { name: 'tense' }).click();
  await expect(page.getByTestId('feeling-before-status')).toContainText('Noted: tense');
  await page.getByRole('button', { name: 'Start Session' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(
    page.getByTestId('tokens-earned').or(page.getByTestId('partial-practice')).first(),
  ).toBeVisible();
  await page.getByTestId('feeling-after').getByRole('button', { name: 'calm' }).click();
  await expect(page.getByTestId('feeling-after-status')).toContainText('Noted: calm');

  await page.goto('/emotions');
  await expect(page.getByTestId('emotions-headline')).toHaveText(
    'After practice you felt better than before, every time (the one practice so far).',
  );
  await expect(page.getByTestId('emotion-row')).toContainText(['Morning Voice Wake-Up']);
  await expect(page.getByTestId('emotion-row')).toContainText(['tense']);
});
