import fs from 'node:fs';
import { expect, test } from '../support/fixtures';
import { accessTokenOf, createOnboardedMember, fillSignIn, signInToHome } from '../support/members';

test('download my data saves one JSON file with the member’s data and no secrets', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request, { firstName: 'Imani' });
  const token = await accessTokenOf(request, member);
  const done = await request.post('/api/session-completions', {
    headers: { Authorization: `Bearer ${token}` },
    data: { sessionId: 12, timeZone: 'UTC' },
  });
  expect(done.ok()).toBeTruthy();
  await signInToHome(page, member);
  await page.goto('/profile');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tuneful-my-data-\d{4}-\d\d-\d\d\.json$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  const data = JSON.parse(text) as {
    account: Record<string, unknown>;
    tables: Record<string, Record<string, unknown>[]>;
  };
  expect(data.account).toMatchObject({
    email: member.email,
    first_name: 'Imani',
    has_completed_onboarding: 1,
  });
  expect(data.tables.session_completions?.map((c) => c.session_id)).toEqual([12]);
  expect(text).not.toMatch(/password_hash|token_hash|scrypt\$/);
  expect(text).not.toContain(member.password);
});

test('the privacy setting is on by default and can show completions as Someone', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request, { firstName: 'Tove' });
  await signInToHome(page, member);
  await page.goto('/profile');
  const showName = page.getByLabel('Show my first name in the community pulse');
  await expect(showName).toBeChecked();
  await showName.uncheck();
  await expect(page.getByLabel('as “Someone”')).toBeChecked();
  await page.getByLabel('not at all').check();
  await expect(page.getByLabel('not at all')).toBeChecked();
  await page.reload();
  await expect(page.getByLabel('Show my first name in the community pulse')).not.toBeChecked();
  await expect(page.getByLabel('not at all')).toBeChecked();
  const res = await request.get('/api/account/privacy', {
    headers: { Authorization: `Bearer ${await accessTokenOf(request, member)}` },
  });
  expect(await res.json()).toEqual({ pulseIdentity: 'hidden' });
  if (process.env.MYDATA_SCREENSHOT) {
    await page.getByLabel('Show my first name in the community pulse').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await page.screenshot({ path: '.tmp/screens/my-data.png' });
  }
});

test('delete my account: a wrong password deletes nothing; the right one ends it and sign-in fails', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  // The wrong password, the ended session and the refused sign-in show up as console errors.
  allowConsoleErrors(/status of (400|401|403)/);
  const member = await createOnboardedMember(request, { firstName: 'Ravi' });
  await signInToHome(page, member);
  await page.goto('/profile');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('cannot be undone');
  await expect(dialog.getByLabel('Your password', { exact: true })).toBeFocused();
  if (process.env.MYDATA_SCREENSHOT) await page.screenshot({ path: '.tmp/screens/delete-dialog.png' });
  await dialog.getByLabel('Your password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not right. Nothing was deleted.');
  expect(
    (
      await request.get('/api/auth/me', {
        headers: { Authorization: `Bearer ${await accessTokenOf(request, member)}` },
      })
    ).ok(),
  ).toBeTruthy();

  await dialog.getByLabel('Your password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer signs in.
  await fillSignIn(page, member);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const again = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: (await (await request.get('/api/config')).json()).anonKey },
    data: { email: member.email, password: member.password },
  });
  expect(again.ok()).toBeFalsy();

  // A confirmation went to the address.
  const mailDir = `${process.env.E2E_DATA_DIR}/mail`;
  const mails = fs.readdirSync(mailDir).map((f) => fs.readFileSync(`${mailDir}/${f}`, 'utf8'));
  expect(
    mails.some(
      (m) => m.includes(`To: ${member.email}`) && m.includes('Subject: Your account has been deleted'),
    ),
  ).toBe(true);
});
