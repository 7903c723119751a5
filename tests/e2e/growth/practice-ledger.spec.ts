import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInNewMember } from '../listening/support';
import { fakeMicLaunch } from '../tuning/fake-mic';

// The template player listens through the microphone: a fake one, granted without a prompt.
test.use({ launchOptions: fakeMicLaunch(), permissions: ['microphone'] });

/** The value shown above a stat's label in a stat grid ("1" above "session": labels follow the count). */
const statValue = (grid: Locator, label: string | RegExp) =>
  grid
    .locator('div', { has: grid.page().getByText(label, { exact: true }) })
    .locator('span')
    .first();

/** Plays "Morning Voice Wake-Up" (405 s) for 3.5 minutes, more than half its plan, and finishes. */
async function practiseMorningVoice(page: Page) {
  await page.goto('/session/1');
  await page.getByRole('button', { name: 'Start Session' }).click();
  await page.clock.fastForward('03:30');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Session Complete!' })).toBeVisible();
  await expect(page.getByTestId('tokens-earned')).toHaveText('+20 tone tokens');
}

test.describe('one practice ledger', () => {
  test('a new member finishes a template session: journey, profile and calendar tell the same story', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    await page.clock.install();
    await practiseMorningVoice(page);

    // Journey (issue 20: it said "0 tone tokens", 0 sessions and "Complete a session…").
    await page.goto('/journey-progress');
    await expect(page.getByTestId('garden')).toContainText('20 tone tokens');
    const journey = page.getByTestId('journey-stats');
    await expect(statValue(journey, /^sessions?$/)).toHaveText('1');
    await expect(statValue(journey, 'day streak')).toHaveText('1');
    await expect(statValue(journey, 'practice minutes')).toHaveText('4');
    await expect(page.getByTestId('current-journey')).toBeVisible();
    await expect(page.getByText('Complete a session and your journey starts here.')).toHaveCount(0);

    // Profile: the same numbers, and the guided exercise in the completed list.
    await page.goto('/profile');
    await expect(page.getByTestId('stat-sessions')).toContainText('1');
    await expect(page.getByTestId('stat-day-streak')).toContainText('1');
    await expect(page.getByTestId('stat-tone-tokens')).toContainText('20');
    await page.getByRole('tab', { name: 'completed' }).click();
    const completed = page.getByRole('list', { name: 'completed sessions' });
    await expect(completed.getByRole('link', { name: /Morning Voice Wake-Up/ })).toContainText(
      'guided exercise',
    );

    // Calendar: today has the session and the streak is the same one day.
    await page.goto('/streak-calendar');
    const streaks = page.getByTestId('streaks');
    await expect(statValue(streaks, 'current streak (days)')).toHaveText('1');

    // A skip-through is partial practice: it is said so, and no screen counts it as a session.
    await page.goto('/session/2');
    await page.getByRole('button', { name: 'Start Session' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partial practice' })).toBeVisible();
    await expect(page.getByTestId('tokens-earned')).toContainText('minutes saved, no tokens');
    await page.goto('/journey-progress');
    await expect(page.getByTestId('garden')).toContainText('20 tone tokens');
    await expect(statValue(page.getByTestId('journey-stats'), /^sessions?$/)).toHaveText('1');
    await page.goto('/profile');
    await expect(page.getByTestId('stat-sessions')).toContainText('1');
    await expect(page.getByTestId('stat-tone-tokens')).toContainText('20');
  });
});
