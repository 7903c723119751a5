import type { Page } from '@playwright/test';
import { autoplayLaunch, listenPastHalf, player, rewindPageClock } from '../listening/support';
import { expect, test } from '../support/fixtures';
import { createOnboardedMember, signInToHome } from '../support/members';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

// Seeded program (server/seed/expert-content.ts): 7 steps, starting with sessions 7 and 11.
const PROGRAM = '7-Day Voice Reset';
const STEPS = ['morning breath and hum', 'lip trill bubbles', 'gentle voice awakening'];

test.use(autoplayLaunch);

/** Plays the open session to its end and says 'i feel complete', as a member would. */
async function finishSession(page: Page, title: string) {
  await expect(player(page).getByRole('heading', { name: title })).toBeVisible();
  await listenPastHalf(page);
  const end = page.getByTestId('end-dialog');
  await expect(end).toBeVisible({ timeout: scaledTimeout(15_000) });
  await end.getByRole('button', { name: 'i feel complete' }).click();
  await expect(end).toHaveCount(0, { timeout: scaledTimeout(4000) });
  const celebration = page.getByTestId('celebration');
  // The member's first completion celebrates; later ones close the player.
  await expect
    .poll(async () => (await celebration.isVisible()) || (await player(page).count()) === 0, {
      timeout: scaledTimeout(6000),
    })
    .toBe(true);
  if (await celebration.isVisible())
    await celebration.getByRole('button', { name: 'continue my journey' }).click();
  await expect(player(page)).toHaveCount(0);
}

test('classes by demo experts, and a program followed for two sessions moves its progress', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  await signInToHome(page, member);
  await page.goto('/expert-content');

  // Classes: at least 12, by labelled demo experts with initials avatars, with details.
  await expect(page.getByRole('tab', { name: 'Classes' })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByTestId('class-card');
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText('Demo expert');
  await cards.filter({ hasText: 'Steady Under Pressure' }).click();
  const details = page.getByRole('dialog', { name: 'Steady Under Pressure' });
  await expect(details).toContainText('Orrin Calloway');
  await expect(details).toContainText('Demo expert (fictional)');
  // As long as its two sessions (7:00 and 10:00), not a number typed beside them.
  await expect(details).toContainText('17 min');
  await expect(details).toContainText('★ 4.8');
  await expect(details).toContainText('Masterclass');
  await expect(details).toContainText('Intermediate');
  await expect(details).toContainText('Premium');
  await expect(details.getByTestId('class-views')).toHaveText(/^[1-9]\d*$/);
  await expect(details.getByRole('button', { name: /grounded low hum/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/expert-class.png' });
  await details.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('tab', { name: 'My Learning' }).click();
  await expect(page.getByText('No enrolled programs yet')).toBeVisible();

  // Programs: Enroll or Premium when not enrolled, Continue when enrolled.
  await page.getByRole('tab', { name: 'Programs' }).click();
  await expect(page.getByRole('button', { name: 'Premium: Confident Speaker in 21 Days' })).toBeVisible();
  const program = page.getByTestId('program-card').filter({ hasText: PROGRAM });
  await program.getByRole('button', { name: `Enroll: ${PROGRAM}` }).click();
  await expect(program.getByRole('button', { name: `Continue: ${PROGRAM}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/expert-programs.png', fullPage: true });

  await page.getByRole('tab', { name: 'My Learning' }).click();
  const enrolled = page.getByTestId('enrollment').filter({ hasText: PROGRAM });
  await expect(enrolled.getByTestId('enrollment-progress')).toHaveText('0% · session 1 of 7');
  await expect(enrolled).toContainText(`Next: ${STEPS[0]}`);

  await rewindPageClock(page);
  await enrolled.getByRole('button', { name: `Continue: ${PROGRAM}` }).click();
  await finishSession(page, STEPS[0] ?? '');
  await expect(enrolled.getByTestId('enrollment-progress')).toHaveText('14% · session 2 of 7');
  await expect(enrolled.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '14');
  await expect(enrolled).toContainText(`Next: ${STEPS[1]}`);

  await rewindPageClock(page);
  await enrolled.getByRole('button', { name: `Continue: ${PROGRAM}` }).click();
  await finishSession(page, STEPS[1] ?? '');
  await expect(enrolled.getByTestId('enrollment-progress')).toHaveText('29% · session 3 of 7');
  await expect(enrolled).toContainText(`Next: ${STEPS[2]}`);

  // Progress lives on the server: it survives a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'My Learning' }).click();
  await expect(page.getByTestId('enrollment-progress')).toHaveText('29% · session 3 of 7');
  await page.screenshot({ path: 'test-results/expert-my-learning.png' });
});
