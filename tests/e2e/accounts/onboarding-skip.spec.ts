import { expect, test } from '../support/fixtures';
import { createConfirmedMember, fillSignIn } from '../support/members';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.describe('skipping onboarding is kept with the account', () => {
  test('a member who skipped is not sent to the questionnaire again on another device', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const member = await createConfirmedMember(request);
    await page.goto('/');
    await fillSignIn(page, member);
    await expect(page).toHaveURL(/\/onboarding-story$/);
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(/\/(intro|home)$/);

    // Another device: nothing of the first browser's storage.
    const other = await browser.newContext({ baseURL });
    const second = await other.newPage();
    await second.goto('/');
    await fillSignIn(second, member);
    await expect(second).toHaveURL(/\/(intro|home)$/);
    await expect(second).toHaveURL(/\/home$/, { timeout: scaledTimeout(10_000) });
    await expect(second.getByText("let's create a personalized voice journey just for you")).toHaveCount(0);
    await other.close();
  });
});
