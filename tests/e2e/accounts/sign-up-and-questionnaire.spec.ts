import { expect, test } from '../support/fixtures';
import { newMemberIdentity, readMailLink } from '../support/members';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.describe('sign-up and the onboarding questionnaire', () => {
  test('a new member signs up, confirms by mail, answers the questionnaire and lands on home', async ({
    page,
  }) => {
    const member = newMemberIdentity({ firstName: 'Grace' });
    await page.goto('/signup');
    await page.getByLabel('First name').fill(member.firstName);
    await page.getByLabel('Last name').fill(member.lastName);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: "let's tune in" }).click();
    await expect(page.getByText('We sent a verification link to')).toBeVisible();
    await expect(page.getByRole('button', { name: 'check your email & sign in' })).toBeVisible();

    // The mail's link confirms the address and signs this browser in.
    await page.goto(await readMailLink(member.email, 'signup'));
    await expect(page).toHaveURL(/\/onboarding-story$/);
    await expect(page.getByText("let's create a personalized voice journey just for you")).toBeVisible();
    await page.getByRole('button', { name: "Let's Begin" }).click();

    await expect(page.getByText('1 of 4')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: 'Feel calmer' }).click();
    await page.getByRole('button', { name: 'Other', exact: true }).click();
    await page.getByPlaceholder('Tell us more...').fill('sing to my kids');
    await next.click();

    await expect(page.getByText('2 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await expect(page.getByText('3 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Evening', exact: true }).click();
    await next.click();

    await expect(page.getByText('4 of 4')).toBeVisible();
    await expect(page.getByText('(choose up to 3)')).toBeVisible();
    for (const feeling of ['Calm', 'Grounded', 'Joyful'])
      await page.getByRole('button', { name: feeling, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Confident' })).toBeDisabled();
    await page.getByRole('button', { name: 'Complete' }).click();

    // '/' sends the now onboarded member on through the intro to home.
    await expect(page).toHaveURL(/\/intro$/);
    await expect(page).toHaveURL(/\/home$/, { timeout: scaledTimeout(10_000) });
    const stored = await page.evaluate(() => ({
      done: localStorage.getItem('tuneful_onboarding_complete'),
      answers: JSON.parse(localStorage.getItem('tuneful_onboarding_answers') ?? '{}') as unknown,
    }));
    expect(stored.done).toBe('true');
    expect(stored.answers).toMatchObject({
      answers: { voice_goals: ['Feel calmer', 'Other'], hoped_feelings: ['Calm', 'Grounded', 'Joyful'] },
      otherTexts: { voice_goals_other: 'sing to my kids' },
    });
    const me = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!;
      const token = (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
      const res = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
      return (await res.json()) as { hasCompletedOnboarding: boolean };
    });
    expect(me.hasCompletedOnboarding).toBe(true);
  });

  test('sign-up explains what is missing before asking the server', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: "let's tune in" }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('short');
    await page.getByRole('button', { name: "let's tune in" }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long');
  });
});
