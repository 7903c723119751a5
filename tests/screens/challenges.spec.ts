import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../e2e/support/fixtures';
import { accessTokenOf, createOnboardedMember, signInToHome } from '../e2e/support/members';
import { reachLevel } from '../e2e/support/levels';
import { axeViolations, describeViolations, settle } from '../e2e/shell/support';

/**
 * Screenshots at 390x844 of the challenges (issue 30) for a person to look at: `npm run screens`
 * writes .tmp/screens/challenges-*.png. A member at level 10 with a challenge of their own, one
 * for their circle, and one another member set for the circle that they have not joined.
 */
test.describe.configure({ timeout: 300_000 });
// axe is injected into the page, as the route walk does it.
test.use({ bypassCSP: true });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function api(request: APIRequestContext, token: string, url: string, data?: unknown) {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data: data ?? {} });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as { id: number };
}
const idOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

test('challenges, master challenges and a circle’s challenges, at phone size', async ({ page, request }) => {
  // Each screen is also scanned with axe (WCAG 2.2 AA), as the route walk does for /challenges.
  const shot = async (name: string, fullPage = false) => {
    await page.screenshot({ path: `.tmp/screens/challenges-${name}.png`, fullPage });
    expect(describeViolations(page.url(), await axeViolations(page))).toEqual([]);
  };
  const mia = await createOnboardedMember(request, { firstName: 'Mia' });
  const ola = await createOnboardedMember(request, { firstName: 'Ola' });
  const miaToken = await accessTokenOf(request, mia);
  const olaToken = await accessTokenOf(request, ola);
  reachLevel(idOf(miaToken), 10);
  reachLevel(idOf(olaToken), 8);
  const circle = await api(request, miaToken, '/api/voice-circles', { name: 'Evening hum' });
  await api(request, olaToken, `/api/voice-circles/${circle.id}/join`);
  await api(request, miaToken, '/api/challenges', {
    name: 'Morning voice week',
    measure: 'days',
    target: 5,
    startDate: day(0),
    endDate: day(6),
    timeZone: 'UTC',
  });
  await api(request, miaToken, '/api/challenges', {
    measure: 'minutes',
    target: 120,
    focus: 'fine-tune',
    startDate: day(0),
    endDate: day(13),
    circleId: circle.id,
    timeZone: 'UTC',
  });
  await api(request, olaToken, '/api/challenges', {
    measure: 'sessions',
    target: 10,
    startDate: day(1),
    endDate: day(20),
    circleId: circle.id,
    timeZone: 'UTC',
  });

  await signInToHome(page, mia);
  await page.goto('/challenges');
  await expect(page.getByTestId('challenge').first()).toBeVisible();
  await settle(page);
  await shot('list');
  await shot('full', true);
  await page.goto('/challenges#master');
  await expect(page.getByTestId('master-challenge').first()).toBeVisible();
  await settle(page);
  await shot('master');
  await page.goto(`/voice-circles/${circle.id}`);
  await expect(page.getByTestId('circle-challenges').getByTestId('challenge').first()).toBeVisible();
  await page.getByTestId('circle-challenges').scrollIntoViewIfNeeded();
  await settle(page);
  await shot('circle');
  await page.goto('/library?level=advanced');
  await expect(page.getByRole('heading', { name: 'advanced sessions' })).toBeVisible();
  await settle(page);
  await shot('library-advanced');

  // Below the levels: Ola (level 8) on master challenges, a new member on an advanced template.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInToHome(page, ola);
  await page.goto('/challenges#master');
  await expect(page.getByTestId('feature-locked')).toBeVisible();
  await settle(page);
  await shot('master-locked');
  const fresh = await createOnboardedMember(request, { firstName: 'Noor' });
  await page.evaluate(() => localStorage.clear());
  await signInToHome(page, fresh);
  await page.goto('/library?level=advanced');
  await page.getByTestId('library-item').filter({ hasText: 'Resonance Ladder' }).click();
  await expect(page.getByTestId('feature-locked')).toBeVisible();
  await settle(page);
  await shot('advanced-preview-locked');
});
