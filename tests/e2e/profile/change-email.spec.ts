import { expect, test } from '../support/fixtures';
import { createOnboardedMember, newMemberIdentity, signInToHome } from '../support/members';

test('change e-mail in the profile settings asks the auth service and says to confirm from both addresses', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  await signInToHome(page, member);
  const next = newMemberIdentity().email;
  let asked: unknown = null;
  // The e-mail change itself is the auth service's (PUT /auth/v1/user with `email`); this checks
  // what the page asks and shows, answering as GoTrue does: the user, with new_email pending.
  await page.route('**/auth/v1/user?*', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    asked = route.request().postDataJSON();
    const current = await route.fetch({ method: 'GET', postData: undefined });
    const user = (await current.json()) as Record<string, unknown>;
    await route.fulfill({
      json: { ...user, new_email: next, email_change_sent_at: new Date().toISOString() },
    });
  });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'change e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'change e-mail' });
  await expect(dialog.getByText(`You sign in with ${member.email}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'send confirmation links' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address');
  await dialog.getByLabel('New email address').fill(next);
  await dialog.getByRole('button', { name: 'send confirmation links' }).click();
  await expect(dialog.getByText(/Open both links to finish the change/)).toBeVisible();
  await expect(dialog.getByText(next, { exact: true })).toBeVisible();
  expect(asked).toMatchObject({ email: next });
  await dialog.getByRole('button', { name: 'done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Settings' })).toBeFocused();
});
