import type { APIRequestContext } from '@playwright/test';
import { autoplayLaunch } from '../listening/support';
import { expect, test } from '../support/fixtures';
import { accessTokenOf, anonKey, createOnboardedMember, signInToHome } from '../support/members';

// Seeded catalogue (fixtures/catalogue.json): both beginner sessions, 20 tone tokens each.
const COMPLETED = { id: 12, title: 'gentle voice awakening' };
const ECHOED = { id: 11, title: 'lip trill bubbles' };

// Opening the player from the profile starts audio after the network, as on other screens.
test.use(autoplayLaunch);

async function post(request: APIRequestContext, url: string, token: string, data?: unknown) {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
}

test('the profile shows a new member at level 1, then their tokens, streak and exercises', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request, { firstName: 'Noor' });
  await signInToHome(page, member);
  await page.goto('/profile');

  await expect(page.getByRole('heading', { name: 'Hi, Noor' })).toBeVisible();
  await expect(page.getByTestId('level-line')).toHaveText('level 1: getting started');
  await expect(page.getByText(/^tuning since [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByTestId('stat-tone-tokens')).toContainText('0');
  await expect(page.getByTestId('stat-sessions')).toContainText('0');
  await expect(page.getByTestId('tokens-to-next')).toHaveText('only 100 more tokens to level 2');
  await expect(page.getByText('no echoed sessions yet')).toBeVisible();
  await expect(page.getByText('no reflections yet')).toBeVisible();
  await page.getByRole('tab', { name: 'completed' }).click();
  await expect(page.getByText('no completed sessions yet')).toBeVisible();
  for (const to of ['/tuning-room', '/achievements', '/listening-room'])
    await expect(page.locator(`nav a[href="${to}"]`)).toBeVisible();

  if (process.env.PROFILE_SCREENSHOT) await page.screenshot({ path: '.tmp/screens/profile-empty.png' });

  const token = await accessTokenOf(request, member);
  await post(request, '/api/session-completions', token, { sessionId: COMPLETED.id, timeZone: 'UTC' });
  await post(request, `/api/sessions/${ECHOED.id}/echo`, token);
  const key = await anonKey(request);
  const reflection = await request.post('/rest/v1/reflections', {
    headers: { apikey: key, Authorization: `Bearer ${token}`, Prefer: 'return=minimal' },
    data: { session_id: COMPLETED.id, reflection_text: 'My hum felt warm and steady today.' },
  });
  expect(reflection.ok(), `reflection: ${reflection.status()}`).toBeTruthy();

  await page.reload();
  await expect(page.getByTestId('stat-tone-tokens')).toHaveText(/20/);
  await expect(page.getByTestId('stat-sessions')).toHaveText(/1/);
  await expect(page.getByTestId('stat-day-streak')).toHaveText(/1/);
  await expect(page.getByTestId('tokens-to-next')).toHaveText('only 80 more tokens to level 2');
  await expect(page.getByRole('progressbar', { name: 'progress to the next level' })).toHaveAttribute(
    'aria-valuenow',
    '20',
  );
  const reflections = page.getByRole('list', { name: 'your reflections' });
  await expect(reflections).toContainText('My hum felt warm and steady today.');
  await expect(reflections).toContainText(COMPLETED.title);

  const echoed = page.getByRole('list', { name: 'echoed sessions' });
  await expect(echoed.getByRole('button', { name: ECHOED.title })).toBeVisible();
  if (process.env.PROFILE_SCREENSHOT) {
    await page.screenshot({ path: '.tmp/screens/profile.png' });
    await page.screenshot({ path: '.tmp/screens/profile-full.png', fullPage: true });
  }

  // Keyboard: the arrow key moves to the completed tab; its item opens the player.
  await page.getByRole('tab', { name: 'echoed' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'completed' })).toHaveAttribute('aria-selected', 'true');
  const completed = page.getByRole('list', { name: 'completed sessions' });
  await completed.getByRole('button', { name: COMPLETED.title }).click();
  await expect(page.getByTestId('player')).toBeVisible();
});
