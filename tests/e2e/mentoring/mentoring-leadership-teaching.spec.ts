import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { reachLevel } from '../support/levels';
import { createOnboardedMember, signInToHome } from '../support/members';
import { screenshotPath } from '../tuning/fake-mic';

/** The signed-in member's id, from the session supabase-js keeps. */
const memberId = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { user?: { id: string } }).user?.id ?? '';
  });

/** A member signed in on `page`, at `level` by past practice on their ledger. */
async function memberOn(
  page: Page,
  request: APIRequestContext,
  firstName: string,
  level: number,
  email?: string,
) {
  const member = await createOnboardedMember(request, { firstName, ...(email ? { email } : {}) });
  const token = await signInToHome(page, member);
  if (level > 1) reachLevel(await memberId(page), level);
  return token;
}

// Issue 30: mentoring others opens at level 7, and asking for a mentor is open to every level.
// A level-1 member is paired with a level-7 mentor and sends a note offline: it waits on the
// device, is sent once when the network is back, and the mentor reads it.
test('a new member asks for a mentor, is paired with a level-7 mentor, and a note sent offline reaches them', async ({
  page,
  context,
  browser,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  const mentorContext = await browser.newContext();
  const mentorPage = await mentorContext.newPage();
  await memberOn(mentorPage, request, 'Nora', 7);
  await mentorPage.goto('/mentoring');
  const offer = mentorPage.getByRole('form', { name: 'offer to mentor' });
  await offer.getByLabel('a short intro').fill('Twenty years in choirs; I like slow, kind practice.');
  await offer.getByRole('button', { name: 'breath and support' }).click();
  await offer.getByRole('button', { name: 'offer to mentor' }).click();
  await expect(mentorPage.getByText(/No mentees yet/)).toBeVisible();
  await mentorPage.screenshot({ path: screenshotPath('mentoring-mentor-offer.png'), fullPage: true });

  await memberOn(page, request, 'Ada', 1);
  await page.goto('/mentoring');
  await expect(page.getByTestId('feature-locked')).toContainText('Mentoring others opens at level 7');
  await page.getByLabel('help with').selectOption('breath');
  await page.getByRole('button', { name: 'find me a mentor' }).click();
  const card = page.getByRole('article', { name: 'Nora' });
  await expect(card).toContainText('Twenty years in choirs');
  await expect(card).toContainText('level7');

  await context.setOffline(true);
  await card.getByLabel('a note to Nora').fill('Thank you, I practised twice today!');
  await card.getByRole('button', { name: 'send note' }).click();
  await expect(page.getByText('Your note is sent once you are back online.', { exact: true })).toBeVisible();
  await context.setOffline(false);
  await expect(card.getByRole('list', { name: 'notes with Nora' })).toContainText('I practised twice today');
  await page.screenshot({ path: screenshotPath('mentoring-mentee.png'), fullPage: true });

  await mentorPage.reload();
  const mentee = mentorPage.getByRole('article', { name: 'Ada' });
  await expect(mentee).toContainText('I practised twice today');
  await mentorPage.screenshot({ path: screenshotPath('mentoring-mentor-paired.png'), fullPage: true });
  await mentorContext.close();
});

// Issue 30: community leadership (level 9) and teaching certification (level 10). A level-10
// owner pins a weekly prompt and applies to teach; the admin named in ADMIN_EMAILS approves; the
// member is then a certified teacher on the profile and beside their name in the circle.
test('a level-10 leader pins a prompt and applies to teach; an admin approves; the badges show', async ({
  page,
  browser,
  request,
}) => {
  const token = await memberOn(page, request, 'Lena', 10);
  const res = await request.post('/api/voice-circles', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Evening hum' },
  });
  expect(res.ok()).toBeTruthy();
  const circleId = ((await res.json()) as { id: number }).id;

  await page.goto('/leadership');
  const led = page.getByRole('article', { name: 'Evening hum' });
  await led.getByLabel('this week’s prompt').fill('Three slow sirens before dinner');
  await led.getByRole('button', { name: 'pin prompt' }).click();
  await expect(led.getByText('Pinned for this week.')).toBeVisible();
  await expect(led).toContainText('This week: “Three slow sirens before dinner”');
  await page.screenshot({ path: screenshotPath('leadership.png'), fullPage: true });

  await page.goto('/admin/review');
  await expect(page.getByText('This screen is for the app’s admins.')).toBeVisible();
  await page.screenshot({ path: screenshotPath('admin-review-not-admin.png') });

  await page.goto('/teaching');
  await page.getByLabel('what you teach').fill('Breath and gentle range work');
  await page.getByLabel('a short statement').fill('I have led a community choir for ten years.');
  await page.getByLabel('link 1 (optional)').fill('https://example.org/my-session');
  await page.getByRole('button', { name: 'send application' }).click();
  await expect(page.getByText('With the team. You will see their decision here.')).toBeVisible();
  await page.screenshot({ path: screenshotPath('teaching-submitted.png'), fullPage: true });

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await memberOn(adminPage, request, 'Remy', 1, E2E_ADMIN_EMAIL);
  await adminPage.goto('/admin/review');
  const application = adminPage.getByRole('article', { name: /Lena/ });
  await expect(application).toContainText('Breath and gentle range work');
  await adminPage.screenshot({ path: screenshotPath('admin-review.png'), fullPage: true });
  await application.getByRole('button', { name: 'approve' }).click();
  await expect(application).toContainText('approved');
  await adminContext.close();

  await page.goto('/profile');
  await expect(page.getByTestId('certified-teacher')).toHaveText('certified teacher');
  await page.goto(`/voice-circles/${circleId}`);
  const members = page.getByRole('list', { name: 'members' });
  await expect(members).toContainText('Lena');
  await expect(members).toContainText('leader');
  await expect(members).toContainText('certified teacher');
  await expect(page.getByText('Three slow sirens before dinner')).toBeVisible();
  await page.screenshot({ path: screenshotPath('circle-badges.png'), fullPage: true });
});
