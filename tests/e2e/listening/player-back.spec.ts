import { expect, test } from '../support/fixtures';
import { expectAudioPlaying, player, signInNewMember, autoplayLaunch } from './support';

test.use(autoplayLaunch);

test.describe('the player is a history entry', () => {
  test('Back closes the full-screen player and leaves the page under it where it was', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    const cards = page.getByRole('list', { name: 'latest sessions' }).getByTestId('session-card');
    await expect(cards).toHaveCount(10);
    await cards.nth(5).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(100);
    await cards.nth(5).click();
    await expectAudioPlaying(page);

    await page.goBack();
    await expect(player(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('player-audio')).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(page.getByTestId('tab-bar')).toHaveCSS('opacity', '1');
  });

  test('closing the player with its button leaves no entry for Back to land on', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.getByRole('link', { name: 'Discover' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await tabs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const card = page.getByRole('list', { name: 'latest sessions' }).getByTestId('session-card').first();
    for (let i = 0; i < 3; i += 1) {
      await card.click();
      await expect(player(page)).toBeVisible();
      await page.getByRole('button', { name: 'Close player' }).click();
      await expect(player(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/home$/);
    }
    // One Back leaves home for the page before it: no player entries were left behind.
    await page.goBack();
    await expect(page).toHaveURL(/\/discover$/);
  });
});
