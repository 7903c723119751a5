import path from 'node:path';
import { test } from '../e2e/support/fixtures';
import { createConfirmedMember, signIn } from '../e2e/support/members';

/**
 * Screenshots for a visual review at 390x844 (not assertions): `npm run screens` writes them
 * to .tmp/screens/accounts/, outside the repository.
 */
const dir = path.resolve(import.meta.dirname, '../../.tmp/screens/accounts');
const shot = (name: string) => ({ path: path.join(dir, `${name}.png`), fullPage: true });

test.describe('account screens (screenshots)', () => {
  test('visitor screens', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'get in tune' }).waitFor();
    await page.screenshot(shot('sign-in'));
    await page.getByRole('button', { name: 'get in tune' }).click();
    await page.screenshot(shot('sign-in-error'));
    await page.goto('/signup');
    await page.getByRole('button', { name: "let's tune in" }).waitFor();
    await page.screenshot(shot('sign-up'));
    await page.goto('/forgot-password');
    await page.screenshot(shot('forgot-password'));
    await page.goto('/reset-password#error=access_denied&error_code=otp_expired&error_description=x');
    await page.getByRole('alert').waitFor();
    await page.screenshot(shot('reset-password-expired'));
    await page.goto('/onboarding-story');
    await page.screenshot(shot('onboarding-story-welcome'));
    await page.getByRole('button', { name: "Let's Begin" }).click();
    await page.getByRole('button', { name: 'Other', exact: true }).click();
    await page.screenshot(shot('onboarding-story-step1'));
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: /Skip this step/ }).click();
    for (const f of ['Calm', 'Grounded', 'Joyful'])
      await page.getByRole('button', { name: f, exact: true }).click();
    await page.screenshot(shot('onboarding-story-step4'));
    await page.goto('/intro');
    await page.waitForTimeout(1500);
    await page.screenshot(shot('intro'));
    await page.goto('/admin');
    await page.getByText(/^Connected/).waitFor();
    await page.screenshot(shot('admin'));
    await page.goto('/test-signup');
    await page.screenshot(shot('test-signup'));
  });

  test('member screens', async ({ page, request }) => {
    const member = await createConfirmedMember(request, { firstName: 'Nina' });
    await signIn(page, member);
    await page.goto('/onboarding');
    await page.screenshot(shot('onboarding-welcome'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Pronouns').selectOption('other');
    await page.screenshot(shot('onboarding-about-you'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.screenshot(shot('onboarding-comfort'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Something else' }).click();
    await page.screenshot(shot('onboarding-intention'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByLabel('Your word').fill('warm');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.screenshot(shot('onboarding-practice-timing'));
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.screenshot(shot('onboarding-microphone'));
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.screenshot(shot('onboarding-complete'));
    await page.getByRole('button', { name: 'Begin Your Journey' }).click();
    await page.getByRole('button', { name: 'Skip for Now' }).waitFor();
    await page.screenshot(shot('intro-after-onboarding'));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.screenshot(shot('profile-menu'));
  });
});
