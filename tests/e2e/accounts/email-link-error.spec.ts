import { expect, test } from '../support/fixtures';
import { newMemberIdentity, readMailLink, signUpThroughApi } from '../support/members';

test.describe('an email link that cannot be used', () => {
  test('a used confirm link lands on sign-in, says what happened and offers a new mail', async ({
    page,
    request,
  }) => {
    const member = newMemberIdentity();
    await signUpThroughApi(request, member);
    const link = await readMailLink(member.email, 'signup');
    // The first use confirms the address; the second is what a member gets from an old mail.
    expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(303);
    const second = await request.get(link, { maxRedirects: 0 });
    const location = second.headers()['location'] ?? '';
    expect(location).toContain('error_code=otp_expired');

    let resendBody: unknown = null;
    // The resend endpoint is the auth service's (POST /auth/v1/resend); this checks what the
    // page asks of it, whatever the server version answers.
    await page.route('**/auth/v1/resend*', async (route) => {
      resendBody = route.request().postDataJSON();
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
    await page.goto(location);
    await expect(page.getByText(/That email link has expired or was already used/)).toBeVisible();
    await page.getByLabel('Address for a new link').fill(member.email);
    await page.getByRole('button', { name: 'resend the confirmation email' }).click();
    await expect(page.getByText(/a new link is on its way/)).toBeVisible();
    expect(resendBody).toMatchObject({ type: 'signup', email: member.email });
    // The sign-in form is still there for a member who has already confirmed.
    await expect(page.getByRole('button', { name: 'get in tune' })).toBeVisible();
  });
});
