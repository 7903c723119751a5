import { expect, test } from '../support/fixtures';
import { givePracticeOnDays } from '../support/levels';
import {
  autoplayLaunch,
  dashboardTokens,
  listenPastHalf,
  player,
  rewindPageClock,
  signInNewMember,
} from '../listening/support';
import { api, shot, userIdOf } from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.use(autoplayLaunch);

/**
 * Issue 30, "rewards that follow practice", as a member sees it: a listening-room track is
 * listening time, not a session; a streak reaching 3 days at level 3 pays its reward, listed on
 * /streak-rewards.
 */
test('a listening-room track saves listening time: no tokens, no streak day, said in words', async ({
  page,
  request,
}) => {
  const { token } = await signInNewMember(page, request);
  await rewindPageClock(page);
  await page.goto('/listening-room');
  await page.getByTestId('room-track').first().click();
  await listenPastHalf(page);
  const end = page.getByTestId('end-dialog');
  await expect(end.getByRole('heading', { name: 'listening complete' })).toBeVisible({
    timeout: scaledTimeout(15_000),
  });
  await end.getByRole('button', { name: 'i feel complete' }).click();
  await expect(player(page)).toHaveCount(0, { timeout: scaledTimeout(6000) });
  await expect(page.getByTestId('celebration')).toHaveCount(0);
  await expect(
    page.getByText(
      /^Listening time saved: \d+ minutes?\. Listening tracks are for listening, so they earn no tokens or streak days\.$/,
    ),
  ).toBeVisible();
  expect(await dashboardTokens(request, page, token)).toBe(0);

  await page.goto('/journey-progress');
  const stats = page.getByTestId('journey-stats');
  await expect(stats).toContainText('0sessions');
  await expect(stats).toContainText(/[1-9]\d*listening minutes?/);
  await expect(stats).toContainText('0practice minutes');
  await shot(page, 'journey-listening');
});

test('a third day in a row at level 3 pays the streak reward, listed on /streak-rewards', async ({
  page,
  request,
}) => {
  const { token } = await signInNewMember(page, request);
  // Level 3 (280 tone tokens): five days long ago, then yesterday and the day before.
  givePracticeOnDays(userIdOf(token), [12, 11, 10, 9, 8, 2, 1]);
  // Today's session through the API (the celebration's list is checked in
  // src/features/rewards/completion-screens.test.tsx): "lip trill bubbles", 300 s.
  const done = await api<{ streakRewards: { days: number; bonus: number }[]; totalTokens: number }>(
    request,
    'post',
    '/api/session-completions',
    token,
    { sessionId: 11, timeZone: 'UTC' },
  );
  expect(done.streakRewards).toEqual([expect.objectContaining({ days: 3, bonus: 10 })]);
  expect(done.totalTokens).toBe(280 + 20 + 10);

  await page.goto('/streak-rewards');
  await expect(page.getByTestId('streak-stats')).toContainText('3current streak');
  await expect(page.getByTestId('milestones').getByRole('listitem').first()).toContainText(
    '3 days: +10 tone tokens' + 'earned this streak',
  );
  await expect(page.getByTestId('next-reward')).toContainText('7-day streak: +25 tone tokens. 4 more days');
  await expect(page.getByTestId('earned-rewards')).toContainText('3-day streak: +10 tone tokens');
  await shot(page, 'streak-rewards');
  // Every screen's tokens include the reward.
  expect(await dashboardTokens(request, page, token)).toBe(310);
});
