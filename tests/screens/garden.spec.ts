import path from 'node:path';
import { expect, test } from '../e2e/support/fixtures';
import { accessTokenOf, createOnboardedMember, signInToHome } from '../e2e/support/members';
import { reachLevel } from '../e2e/support/levels';
import { userIdOf } from '../e2e/growth/support';
import { axeViolations, describeViolations } from '../e2e/shell/support';

// axe is injected as a script; the app's Content-Security-Policy forbids that otherwise.
test.use({ bypassCSP: true });

/**
 * The garden at levels 1, 4, 7 and 10, by day and by night, on the journey and the profile, at
 * 390x844 (not assertions): `npm run screens -- tests/screens/garden.spec.ts` writes them to
 * .tmp/screens/garden/, outside the repository. Level 10 is also shown customised.
 */
const dir = path.resolve(import.meta.dirname, '../../.tmp/screens/garden');

for (const level of [1, 4, 7, 10]) {
  test(`the garden at level ${level}`, async ({ page, request }) => {
    const member = await createOnboardedMember(request, { firstName: 'Iris' });
    const token = await accessTokenOf(request, member);
    reachLevel(userIdOf(token), level);
    if (level === 10)
      expect(
        (
          await request.put('/api/garden', {
            headers: { Authorization: `Bearer ${token}` },
            data: { layout: 'clearing', palette: 'dawn', order: await defaultOrder(request, token) },
          })
        ).ok(),
      ).toBeTruthy();
    await signInToHome(page, member);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto('/journey-progress');
      await page.getByTestId('garden').getByRole('img').waitFor();
      await page.screenshot({ path: path.join(dir, `journey-level-${level}-${scheme}.png`) });
      await page
        .getByTestId('garden')
        .screenshot({ path: path.join(dir, `garden-level-${level}-${scheme}.png`) });
      await page.getByRole('button', { name: /customise your garden/ }).click();
      await page
        .getByTestId('garden')
        .screenshot({ path: path.join(dir, `customise-level-${level}-${scheme}.png`) });
      await page.goto('/profile');
      await page.getByTestId('profile-garden').getByRole('img').waitFor();
      await page.getByTestId('profile-garden').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `profile-level-${level}-${scheme}.png`) });
      expect(describeViolations(`profile ${level} ${scheme}`, await axeViolations(page))).toEqual([]);
    }
  });
}

async function defaultOrder(request: import('@playwright/test').APIRequestContext, token: string) {
  const res = await request.get('/api/garden', { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { order: string[] }).order;
}
