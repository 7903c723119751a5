import { expect, test } from '../support/fixtures';
import { autoplayLaunch, expectAudioPlaying, player, signInNewMember } from './support';

test.use(autoplayLaunch);

test.describe('opening a session from each entry point', () => {
  test('a mood tile lists matching sessions and a card opens the player', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.getByRole('link', { name: 'calm' }).click();
    await expect(page).toHaveURL(/\/filtered\?type=mood&value=calm$/);
    await expect(page.getByRole('heading', { level: 1, name: 'calm' })).toBeVisible();
    await expect(page.getByTestId('filtered-count')).toHaveText(/^\d+ session\(s\) available$/);
    const cards = page.getByTestId('session-card');
    expect(await cards.count()).toBeGreaterThan(0);
    await cards.first().click();
    await expectAudioPlaying(page);
  });

  test('a focus tile with no matches shows the empty state', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.goto('/filtered?type=focus&value=find');
    await expect(page.getByText('no sessions found for this category')).toBeVisible();
    await expect(page.getByText('check back soon for new content')).toBeVisible();
    await expect(page.getByTestId('filtered-count')).toHaveText('0 session(s) available');
  });

  test('a feeling tile on discover lists by mood and back returns to discover', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.goto('/discover');
    await page.getByRole('region', { name: 'by feeling' }).getByRole('link', { name: 'playful' }).click();
    await expect(page).toHaveURL(/\/filtered\?type=mood&value=playful$/);
    await expect(page.getByTestId('session-card').first()).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/discover$/);
  });

  test('search finds a session by word and opens it; closing clears the query', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Discover' }).click();
    await page.getByRole('button', { name: 'search sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'search sessions' });
    await expect(dialog.getByText('start typing to search')).toBeVisible();
    await expect(dialog.getByText('try "calm", "breathing", or "morning"')).toBeVisible();
    await dialog.getByRole('searchbox').fill('zzzz');
    await expect(dialog.getByText('no sessions found')).toBeVisible();
    await expect(dialog.getByText('try a different search term')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close search' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'search sessions' }).click();
    await expect(dialog.getByRole('searchbox')).toHaveValue('');
    await dialog.getByRole('searchbox').fill('lip trill');
    const result = dialog.getByTestId('search-result').first();
    await expect(result).toContainText(/min$/);
    await result.click();
    await expect(player(page).getByRole('heading', { name: /lip trill/ })).toBeVisible();
    await expectAudioPlaying(page);
  });

  test('the listening room filters by chip and plays a track in instrumental mode', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    await page.goto('/discover');
    await page.getByRole('link', { name: 'the listening room' }).click();
    await expect(page).toHaveURL(/\/listening-room$/);
    await expect(page.getByRole('heading', { name: 'about the music' })).toBeVisible();
    const tracks = page.getByTestId('room-track');
    // The tracks arrive after the page's heading: wait for them, as a member would.
    await expect.poll(() => tracks.count()).toBeGreaterThanOrEqual(6);
    const all = await tracks.count();
    await page.getByRole('button', { name: 'uplifting & energized' }).click();
    await expect.poll(() => tracks.count()).toBeLessThan(all);
    await expect(tracks.first()).toContainText('instrumental');
    await expect(tracks.first()).toContainText(/\d+:\d\d/);
    await tracks.first().click();
    await expect(player(page)).toHaveAttribute('data-mode', 'instrumental');
    await expect(player(page).getByText('(instrumental)')).toBeVisible();
    await expectAudioPlaying(page);
    await page.getByRole('button', { name: 'Close player' }).click();
    await expect(player(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to discover' }).click();
    await expect(page).toHaveURL(/\/discover$/);
  });

  test('surprise me opens a random guided session', async ({ page, request }) => {
    await signInNewMember(page, request);
    await page.getByRole('button', { name: 'surprise me' }).click();
    await expect(player(page)).toHaveAttribute('data-mode', 'vocal');
    await expectAudioPlaying(page);
  });

  test("today's recommendation opens the player", async ({ page, request }) => {
    await signInNewMember(page, request);
    const begin = page.getByRole('button', { name: "begin today's journey" });
    // The button is enabled once the pick has loaded; before that the title is the fallback.
    await expect(begin).toBeEnabled();
    const title = await page.getByTestId('recommendation-title').textContent();
    await begin.click();
    await expect(player(page).getByRole('heading', { name: title ?? '' })).toBeVisible();
    await expectAudioPlaying(page);
  });
});
