import { expect, test } from '../support/fixtures';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.describe('admin and developer pages (demo mode)', () => {
  test('admin measures the built-in server and validates the credentials', async ({
    page,
    request,
    baseURL,
  }) => {
    // Another Supabase-compatible backend: this very server under its own URL and key.
    const { anonKey } = (await (await request.get('/api/config')).json()) as { anonKey: string };
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin settings' })).toBeVisible();
    await expect(page.getByText(/^Connected · answered in \d+ ms$/)).toBeVisible();
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both URL and API key.');
    await page.getByLabel('Supabase project URL').fill(baseURL!);
    await page.getByLabel('Anon (public) API key', { exact: true }).fill(anonKey);
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Supabase credentials saved.' })).toHaveText(
      'Supabase credentials saved. Enable Supabase to use live database.',
    );
    await page.getByRole('switch').check();
    await expect(page.getByText('Supabase enabled. Refresh the page to connect.')).toBeVisible();
    await expect(page.getByText('Saved setting: Supabase backend')).toBeVisible();
    await expect(page.getByText(/^Connected · answered in \d+ ms$/)).toBeVisible();
    await page.getByRole('switch').uncheck();
    await expect(page.getByText('Switched back to the built-in Tuneful server.')).toBeVisible();
    await expect(page.getByText(/mock data/)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('tuneful_backend_enabled'))).toBe('false');
  });

  test('test sign-up gives an account that is signed in at once, although confirmation is on', async ({
    page,
  }) => {
    await page.goto('/test-signup');
    const email = await page.getByLabel('Email').inputValue();
    expect(email).toMatch(/^test\+[0-9a-f]+@example\.com$/);
    await page.getByRole('button', { name: 'Create test account' }).click();
    await expect(page.getByText(`Account created and signed in as ${email}.`)).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Hi, Test' })).toBeVisible();
  });

  test('the intro splash hands over to home after 3 seconds', async ({ page }) => {
    // The page notes, on its own clock, when the splash appears and when it has been left: a
    // busy machine may delay the test's checks, never what they measure. (Stopping the page's
    // clock instead would also stop the app's loading.)
    await page.addInitScript(() => {
      const times: { shown?: number; left?: number } = {};
      (window as unknown as { splashTimes: typeof times }).splashTimes = times;
      new MutationObserver(() => {
        const splash = document.getElementById('intro-title');
        if (splash && times.shown === undefined) times.shown = performance.now();
        if (!splash && times.shown !== undefined && times.left === undefined) times.left = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/intro');
    await expect(page.getByRole('heading', { name: 'Tuneful' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/intro$/);
    await expect(page.getByRole('heading', { name: 'Tuneful' })).toHaveCount(0);
    const { shown, left } = await page.evaluate(
      () => (window as unknown as { splashTimes: { shown: number; left: number } }).splashTimes,
    );
    // Not before its 3 s (a frame's leeway: the timer starts just after the splash is drawn).
    expect(left - shown).toBeGreaterThanOrEqual(2950);
    expect(left - shown).toBeLessThan(3000 + scaledTimeout(2000));
  });
});
