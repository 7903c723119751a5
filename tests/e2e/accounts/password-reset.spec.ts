import { expect, test } from '../support/fixtures';
import { createConfirmedMember, fillSignIn, readMailLink } from '../support/members';

test.describe('forgotten password', () => {
  test('a member resets the password through the mailed link and signs in with it', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const member = await createConfirmedMember(request);
    await page.goto('/');
    await page.getByRole('link', { name: 'forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const asked = Date.now() - 1000;
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${member.email}`)).toBeVisible();

    await page.goto(await readMailLink(member.email, 'recovery', asked));
    // The auth client read the session from the fragment and emptied it.
    await expect(page).toHaveURL(/\/reset-password#?$/);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'save new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long');
    const fresh = `${member.password}-new`;
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm new password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'save new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    const other = await browser.newContext({ baseURL });
    const p2 = await other.newPage();
    await p2.goto('/');
    await fillSignIn(p2, { ...member, password: fresh });
    await expect(p2).toHaveURL(/\/onboarding-story$/);
    await other.close();
  });

  test('the confirmation is the same for an address without an account', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'send reset link' }).click();
    await expect(page.getByText('If an account exists for nobody-here@example.com')).toBeVisible();
  });

  test('an expired link explains itself and offers a new one', async ({ page }) => {
    await page.goto(
      '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
    await expect(page.getByRole('alert')).toHaveText('This reset link has expired or has already been used.');
    await page.getByRole('link', { name: 'request a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
