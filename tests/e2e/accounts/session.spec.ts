import { expect, test } from '../support/fixtures';
import type { Page } from '@playwright/test';
import { createOnboardedMember, fillSignIn, signIn } from '../support/members';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * What survives a browser restart: local storage and persistent cookies. Session cookies
 * (no expiry, reported as expires -1) and sessionStorage are gone.
 */
async function storageAfterRestart(page: Page) {
  const state = await page.context().storageState();
  return { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) };
}

test.describe('staying signed in and signing out', () => {
  test('keep me signed in survives a browser restart', async ({ page, request, browser, baseURL }) => {
    const member = await createOnboardedMember(request);
    await signIn(page, member, { remember: true });
    await expect(page).toHaveURL(/\/(intro|home)$/);
    const state = await storageAfterRestart(page);
    await page.close(); // the old browser is gone
    const restarted = await browser.newContext({ storageState: state, baseURL });
    const again = await restarted.newPage();
    await again.goto('/');
    await expect(again).toHaveURL(/\/(intro|home)$/);
    await expect(again).toHaveURL(/\/home$/, { timeout: scaledTimeout(10_000) });
    await restarted.close();
  });

  test('without keep me signed in, a browser restart asks to sign in again', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const member = await createOnboardedMember(request);
    await signIn(page, member);
    const state = await storageAfterRestart(page);
    // The old browser is gone: the restarted one ends the shared sign-in session at boot.
    await page.close();
    const restarted = await browser.newContext({ storageState: state, baseURL });
    const again = await restarted.newPage();
    await again.goto('/');
    await expect(again.getByRole('heading', { name: 'welcome back' })).toBeVisible();
    await restarted.close();
  });

  test('a signed-in member who opens / is sent on instead of seeing the form', async ({ page, request }) => {
    const member = await createOnboardedMember(request);
    await signIn(page, member);
    await page.goto('/');
    await expect(page).toHaveURL(/\/(intro|home)$/);
    await expect(page.getByRole('button', { name: 'get in tune' })).toHaveCount(0);
  });

  test('a visitor sent to sign in from a member page returns there afterwards', async ({ page, request }) => {
    const member = await createOnboardedMember(request, { firstName: 'Maya' });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/\?returnTo=%2Fprofile$/);
    await fillSignIn(page, member);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Hi, Maya' })).toBeVisible();
  });

  test('log out from the profile menu ends the session and goes to /login', async ({ page, request }) => {
    const member = await createOnboardedMember(request);
    await signIn(page, member, { remember: true });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('menuitem', { name: 'log out' })).toBeFocused();
    await page.getByRole('menuitem', { name: 'log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'welcome back' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('tuneful_remember_me'))).toBeNull();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/\?returnTo=%2Fprofile$/);
  });

  test('without keep me signed in, a second tab stays signed in and the first tab too', async ({
    page,
    request,
  }) => {
    const member = await createOnboardedMember(request);
    await signIn(page, member);
    await expect(page).toHaveURL(/\/home$/, { timeout: scaledTimeout(15_000) });
    const second = await page.context().newPage();
    await second.goto('/profile');
    await expect(second.getByRole('heading', { name: /^Hi, / })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: 'get in tune' })).toHaveCount(0);
    await second.close();
  });
});
