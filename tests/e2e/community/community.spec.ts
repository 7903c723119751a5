import crypto from 'node:crypto';
import type { APIRequestContext, Locator } from '@playwright/test';
import { autoplayLaunch, player } from '../listening/support';
import { expect, test } from '../support/fixtures';
import { accessTokenOf, createOnboardedMember, signInToHome } from '../support/members';

// Seeded catalogue (fixtures/catalogue.json): a beginner session.
const SESSION = { id: 12, title: 'gentle voice awakening' };

async function post(request: APIRequestContext, url: string, token: string, data?: unknown) {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
}

// Tapping a session title opens the player, which starts audio after the network.
test.use(autoplayLaunch);

const echoCount = (card: Locator) => card.getByTestId('echo-count');

test('members see the pulse, share reflections anonymously and echo each other', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const tag = crypto.randomBytes(3).toString('hex');
  const nameA = `Wren${tag}`;
  const a = await createOnboardedMember(request, { firstName: nameA });
  const tokenA = await accessTokenOf(request, a);
  await post(request, '/api/session-completions', tokenA, { sessionId: SESSION.id, timeZone: 'UTC' });

  await signInToHome(page, a);
  await page.goto('/community');
  await expect(page.getByRole('tab', { name: 'The Pulse' })).toHaveAttribute('aria-selected', 'true');
  const pulseCard = page.getByTestId('pulse-item').filter({ hasText: `${nameA} completed` });
  await expect(pulseCard).toContainText(`${nameA} completed ${SESSION.title}`);
  await expect(echoCount(pulseCard)).toHaveText('0');
  await pulseCard.getByRole('button', { name: SESSION.title, exact: true }).click();
  await expect(player(page).getByRole('heading', { name: SESSION.title })).toBeVisible();
  await page.getByRole('button', { name: 'Close player' }).click();
  await expect(player(page)).toHaveCount(0);

  // Keyboard: arrows move between tabs.
  await page.getByRole('tab', { name: 'The Pulse' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Most Echoed' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Reflections' })).toBeFocused();
  // No tab promises what is not built (the Chorus comes with its issue).
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Reflections' }).click();
  await page.getByRole('button', { name: /add reflection/ }).click();
  const dialog = page.getByRole('dialog', { name: 'add reflection' });
  const submit = dialog.getByRole('button', { name: 'share reflection' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('session').selectOption({ label: SESSION.title });
  await dialog.getByLabel('your reflection').fill('   ');
  await expect(submit).toBeDisabled();
  const text = `My breath slowed right down ${tag}.`;
  await dialog.getByLabel('your reflection').fill(`  ${text}  `);
  await expect(dialog.getByLabel('share anonymously')).toBeChecked();
  await submit.click();
  await expect(dialog).toBeHidden();

  const reflection = page.getByTestId('reflection-item').filter({ hasText: text });
  await expect(reflection).toBeVisible();
  await expect(reflection).not.toContainText(nameA);
  await expect(reflection.getByRole('button', { name: SESSION.title, exact: true })).toBeVisible();
  await expect(reflection).toContainText('just now');
  await expect(echoCount(reflection)).toHaveText('0');

  // Member B echoes A's activity and reflection.
  const b = await createOnboardedMember(request, { firstName: `Kit${tag}` });
  const context = await browser.newContext({ baseURL });
  const pageB = await context.newPage();
  const errorsB: string[] = [];
  pageB.on('console', (m) => m.type() === 'error' && errorsB.push(m.text()));
  await signInToHome(pageB, b);
  await pageB.goto('/community');
  const pulseB = pageB.getByTestId('pulse-item').filter({ hasText: `${nameA} completed` });
  await pulseB.getByRole('button', { name: /^echo / }).click();
  await expect(pulseB.getByText('echoed!')).toBeVisible();
  await expect(echoCount(pulseB)).toHaveText('1');

  await pageB.getByRole('tab', { name: 'Reflections' }).click();
  const reflectionB = pageB.getByTestId('reflection-item').filter({ hasText: text });
  await reflectionB.getByRole('button', { name: /^echo / }).click();
  await expect(echoCount(reflectionB)).toHaveText('1');

  // Most Echoed lists a session once someone echoes it.
  await post(request, `/api/sessions/${SESSION.id}/echo`, await accessTokenOf(request, b));
  await pageB.getByRole('tab', { name: 'Most Echoed' }).click();
  const loved = pageB.getByTestId('most-echoed-item').filter({ hasText: SESSION.title });
  await expect(loved).toContainText(/\d+ echoe?s? and counting/);
  await pageB.screenshot({ path: '.tmp/screens/community-most-echoed.png' });
  expect(errorsB).toEqual([]);
  await context.close();

  // A sees the echoes too.
  await page.reload();
  await expect(
    echoCount(page.getByTestId('pulse-item').filter({ hasText: `${nameA} completed` })),
  ).toHaveText('1');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/screens/community-pulse.png' });
  await page.getByRole('tab', { name: 'Reflections' }).click();
  await expect(page.getByTestId('reflection-item').filter({ hasText: text })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/community.png' });
});
