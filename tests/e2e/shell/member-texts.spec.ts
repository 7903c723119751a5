import { expect, test } from '../support/fixtures';
import { accessTokenOf, anonKey, createOnboardedMember, signInToHome } from '../support/members';
import { CIRCLE_NAME, settle } from './support';

/**
 * The smaller items of issue 20, each as a member would see it: names shown as typed, counts
 * in the right grammatical number, a word after deleting the account, and where a private
 * reflection went.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test('a circle named "QA Tuesday Hummers" reads as typed on the list and on its own screen', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  const token = await accessTokenOf(request, member);
  const res = await request.post('/api/voice-circles', {
    headers: bearer(token),
    data: { name: CIRCLE_NAME },
  });
  expect(res.ok()).toBeTruthy();
  const { id } = (await res.json()) as { id: number };
  await signInToHome(page, member);

  await page.goto(`/voice-circles/${id}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(CIRCLE_NAME);
  // innerText is what is rendered, after any CSS text-transform.
  expect(await heading.evaluate((el) => (el as HTMLElement).innerText)).toBe(CIRCLE_NAME);

  await page.goto('/voice-circles');
  await page.getByRole('tab', { name: 'My Circles' }).click();
  const name = page.getByText(CIRCLE_NAME, { exact: true }).first();
  await expect(name).toBeVisible();
  expect(await name.evaluate((el) => (el as HTMLElement).innerText)).toBe(CIRCLE_NAME);
});

test('after one session no screen says "1 sessions", "1 tone tokens" or the like', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  const token = await accessTokenOf(request, member);
  const done = await request.post('/api/session-completions', {
    headers: bearer(token),
    data: { sessionId: 12, timeZone: 'UTC' },
  });
  expect(done.ok()).toBeTruthy();
  await signInToHome(page, member);

  await page.goto('/profile');
  await settle(page);
  await expect(page.getByTestId('stat-sessions')).toHaveText(/^session\s*1$/);

  const wrong =
    /(^|[^\d.])1 (sessions|minutes|days|tone tokens|tokens|steps|members|echoes|participants|badges)\b/;
  for (const path of [
    '/profile',
    '/journey-progress',
    '/streak-calendar',
    '/achievements',
    '/voice-health-insights',
  ]) {
    await page.goto(path);
    await settle(page);
    const text = await page.locator('main').innerText();
    expect(text, `${path} says a singular count in the plural`).not.toMatch(wrong);
  }
});

test('deleting the account lands on sign-in with a clear word that it worked', async ({ page, request }) => {
  const member = await createOnboardedMember(request);
  await signInToHome(page, member);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your account has been deleted');
  // The "signed out elsewhere" notice is not shown over it: the member did this themselves.
  await expect(page.getByText('You were signed out. Please sign in again.')).toHaveCount(0);
});

test('a reflection saved in the player is private, and community says it is on the profile', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  const token = await accessTokenOf(request, member);
  // As the player's end dialog saves it (spec core §9): a private row of the member's own.
  const saved = await request.post('/rest/v1/reflections', {
    headers: { apikey: await anonKey(request), ...bearer(token), Prefer: 'return=minimal' },
    data: { session_id: 12, reflection_text: 'Only for me: my hum felt warm.' },
  });
  expect(saved.ok()).toBeTruthy();
  await signInToHome(page, member);

  await page.goto('/community');
  await page.getByRole('tab', { name: 'Reflections' }).click();
  await expect(page.getByText('Only for me: my hum felt warm.')).toHaveCount(0);
  const note = page.getByTestId('private-reflections-note');
  await expect(note).toContainText('Reflections you save after a session are private');
  await note.getByRole('link', { name: 'your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Only for me: my hum felt warm.')).toBeVisible();
});

test('a member whose reflections are all shared sees no private-reflections note', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  const token = await accessTokenOf(request, member);
  // Community reflections are everyone's: this member's own words, so another run's are not it.
  const words = `Shared with everyone: steady breath today (${member.email}).`;
  // Sharing needs the session completed first (the server refuses otherwise).
  const done = await request.post('/api/session-completions', {
    headers: bearer(token),
    data: { sessionId: 12, timeZone: 'UTC' },
  });
  expect(done.ok()).toBeTruthy();
  const shared = await request.post('/api/community/reflections', {
    headers: bearer(token),
    data: { sessionId: 12, reflectionText: words },
  });
  expect(shared.ok(), `share: ${shared.status()} ${await shared.text()}`).toBeTruthy();
  await signInToHome(page, member);
  await page.goto('/community');
  await page.getByRole('tab', { name: 'Reflections' }).click();
  await expect(page.getByText(words)).toBeVisible();
  await expect(page.getByTestId('private-reflections-note')).toHaveCount(0);
});
