import { ROUTES } from '../../src/app/route-table';
import { activeTab, isTabBarVisible } from '../../src/app/tab-bar-rules';
import { expect, test } from './support/fixtures';
import { createOnboardedMember, signInToHome } from './support/members';
import { networkSettled } from './support/traffic';

/** A concrete URL for each route of the table (parameters filled in). */
const concrete = (path: string) => path.replace(':templateId', '1');

test.describe('app shell', () => {
  test('the app loads on the sign-in screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'welcome back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'get in tune' })).toBeVisible();
    await expect(page).toHaveTitle('Tuneful');
  });

  for (const { path } of ROUTES) {
    test(`route ${path} renders inside the 512 px column with the right tab bar`, async ({ page }) => {
      await page.goto(concrete(path));
      await networkSettled(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const width = await page.locator('main').evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeLessThanOrEqual(512);

      // A screen may send a visitor elsewhere (sign-in, onboarding): judge the bar where we landed.
      const landed = new URL(page.url()).pathname;
      const bar = page.getByTestId('tab-bar');
      if (isTabBarVisible(landed, false)) {
        await expect(bar).toBeVisible();
        await expect(bar.locator('[aria-current="page"]')).toHaveAttribute('data-tab', activeTab(landed));
      } else {
        await expect(bar).toHaveCount(0);
      }
    });
  }

  test('unknown routes show Page Not Found', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Take me home' }).click();
    // Home is for members: a visitor is asked to sign in first, and comes back there after.
    await expect(page).toHaveURL(/\/\?returnTo=%2Fhome$/);
  });

  test('the tab bar navigates between tabs and scrolls each new route to the top', async ({
    page,
    request,
  }) => {
    await signInToHome(page, await createOnboardedMember(request));
    await page.setViewportSize({ width: 390, height: 400 });
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 800);
    });
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Discover' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByTestId('tab-bar').locator('[aria-current="page"]')).toHaveAttribute(
      'data-tab',
      'discover',
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the profile tab is labelled Profile for a visitor', async ({ page }) => {
    // The tuning room works without an account (audio never leaves the device).
    await page.goto('/tuning-room');
    await expect(page.getByTestId('tab-bar').getByRole('link', { name: 'Profile' })).toBeVisible();
  });
});

test.describe('server edges seen from outside', () => {
  test('unknown API paths answer a JSON 404', async ({ request }) => {
    const res = await request.get('/api/does-not-exist');
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  test('health reports the database', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: { ok: true } });
  });

  test('hashed assets are cached for a year and the page is revalidated', async ({ request, page }) => {
    const html = await request.get('/');
    expect(html.headers()['cache-control']).toBe('no-cache');
    await page.goto('/');
    const script = await page.locator('script[type="module"]').first().getAttribute('src');
    expect(script).toMatch(/^\/assets\//);
    const asset = await request.get(script!);
    expect(asset.headers()['cache-control']).toContain('immutable');
  });
});
