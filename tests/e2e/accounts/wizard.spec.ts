import { expect, test } from '../support/fixtures';
import { accessTokenOf, createConfirmedMember, signIn } from '../support/members';

test.describe('onboarding wizard', () => {
  test('a member walks the wizard, including the stress follow-up, and lands on home', async ({
    page,
    request,
  }) => {
    const member = await createConfirmedMember(request, { firstName: 'Nina' });
    await signIn(page, member);
    await expect(page).toHaveURL(/\/onboarding-story$/);
    await page.goto('/onboarding');

    const cont = page.getByRole('button', { name: 'Continue' });
    await expect(page.getByRole('heading', { name: 'Welcome to your voice journey' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip this step' })).toHaveCount(0);
    await cont.click();

    // philosophy: the name is prefilled from sign-up and required.
    await expect(page.getByLabel('Your name')).toHaveValue('Nina');
    await page.getByLabel('Your name').fill('');
    await expect(cont).toBeDisabled();
    await page.getByLabel('Your name').fill('Nina');
    await page.getByLabel('Your name').press('Enter');

    await page.getByLabel('Pronouns').selectOption('other');
    await page.getByLabel('Your pronouns').fill('xe/xem');
    await page.getByLabel('Age range').selectOption('25_34');
    await cont.click();

    await expect(page.getByRole('slider', { name: 'Voice comfort' })).toHaveValue('5');
    await page.getByRole('slider', { name: 'Voice comfort' }).fill('7');
    await cont.click();

    await expect(cont).toBeDisabled();
    await page.getByRole('button', { name: 'Relieve stress' }).click();
    await cont.click();
    await expect(page.getByRole('heading', { name: 'Where does stress show up for you?' })).toBeVisible();
    await page.getByRole('button', { name: 'Work' }).click();
    await cont.click();

    await page.getByRole('button', { name: 'Grounded' }).click();
    await cont.click();
    await page.getByLabel('Your word').fill('warm');
    await cont.click();
    await page.getByRole('button', { name: 'Evening (5-8pm)' }).click();
    await cont.click();
    await page.getByRole('button', { name: 'Skip this step' }).click();

    await expect(page.getByRole('heading', { name: "You're all set, Nina" })).toBeVisible();
    await expect(page.getByText('warm')).toBeVisible();
    await page.getByRole('button', { name: 'Begin Your Journey' }).click();

    await expect(page).toHaveURL(/\/intro$/);
    await expect(page.getByRole('button', { name: 'Skip for Now' })).toBeVisible();
    await page.getByRole('button', { name: 'Begin Your Journey' }).click();
    await expect(page).toHaveURL(/\/home$/);

    const token = await accessTokenOf(request, member);
    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { hasCompletedOnboarding: boolean }).hasCompletedOnboarding).toBe(true);
  });

  test('a visitor who opens the wizard is asked to sign in first', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/\?returnTo=%2Fonboarding$/);
    await expect(page.getByRole('heading', { name: 'welcome back' })).toBeVisible();
  });
});
