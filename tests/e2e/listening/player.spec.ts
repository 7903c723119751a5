import { expect, test } from '../support/fixtures';
import { audioTime, autoplayLaunch, expectAudioPlaying, player, signInNewMember } from './support';

test.use(autoplayLaunch);

test.describe('session player', () => {
  test('a session from the latest list plays, skips, pauses and switches to instrumental at the same place', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    const latest = page.getByRole('list', { name: 'latest sessions' });
    await expect(latest.getByTestId('session-card')).toHaveCount(10);
    const firstTitle =
      (await latest.getByTestId('session-card').first().getByTestId('session-title').textContent()) ?? '';
    await latest.getByTestId('session-card').first().click();

    await expect(player(page).getByRole('heading', { name: firstTitle })).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toHaveCSS('opacity', '0');
    await expectAudioPlaying(page);

    // Paused, the skips are exact: while it played, the seconds between reading the time and the
    // click (several on a busy machine) moved it on, and "back 15" could land above the mark.
    await page.getByTestId('play-toggle').click();
    await expect(page.getByTestId('play-toggle')).toHaveAttribute('data-playing', 'false');
    const before = await audioTime(page);
    await page.getByRole('button', { name: 'Forward 15 seconds' }).click();
    await expect.poll(() => audioTime(page)).toBeCloseTo(before + 15, 0);
    const afterForward = await audioTime(page);
    await page.getByRole('button', { name: 'Back 15 seconds' }).click();
    await expect.poll(() => audioTime(page)).toBeCloseTo(afterForward - 15, 0);

    // Space on the play button (focused again: it was the skip buttons' turn) plays on.
    await page.getByTestId('play-toggle').focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('play-toggle')).toHaveAttribute('data-playing', 'true');

    const atSwitch = await audioTime(page);
    await page.getByRole('button', { name: 'music only' }).click();
    await expect(player(page)).toHaveAttribute('data-mode', 'instrumental');
    await expect(player(page).getByText('(instrumental)')).toBeVisible();
    await expect.poll(() => audioTime(page)).toBeGreaterThan(atSwitch + 0.2);
    expect(await audioTime(page)).toBeLessThan(atSwitch + 8);
    await expectAudioPlaying(page);

    await page.getByRole('button', { name: 'Close player' }).click();
    await expect(player(page)).toHaveCount(0);
    await expect(page.getByTestId('tab-bar')).toHaveCSS('opacity', '1');
  });

  test('echo shows echoed! for two seconds and credits list the musicians', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.getByRole('list', { name: 'latest sessions' }).getByTestId('session-card').first().click();
    await expect(player(page)).toBeVisible();
    // The label's two seconds run on the page's clock, stopped here: a busy machine can no longer
    // make the check arrive after them, and the test sees them end.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await player(page).getByRole('button', { name: 'echo' }).click();
    const echoed = player(page).getByRole('button', { name: 'echoed!' });
    await expect(echoed).toBeVisible();
    await page.clock.runFor(1900);
    await expect(echoed).toBeVisible();
    await page.clock.runFor(100);
    await expect(player(page).getByRole('button', { name: 'echo', exact: true })).toBeVisible();
    await page.clock.resume();
    await player(page).getByRole('button', { name: 'Credits' }).click();
    const credits = page.getByRole('dialog', { name: 'credits' });
    await expect(credits.getByRole('listitem').first()).toBeVisible();
    await credits.getByRole('button', { name: 'close' }).click();
    await expect(credits).toHaveCount(0);
  });
});
