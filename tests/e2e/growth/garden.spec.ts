import { expect, test } from '../support/fixtures';
import { accessTokenOf, createOnboardedMember, signInToHome } from '../support/members';
import { reachLevel } from '../support/levels';
import { userIdOf } from './support';

test('a level-6 member customises the garden and sees it on the journey and the profile after a reload', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  const token = await accessTokenOf(request, member);
  reachLevel(userIdOf(token), 6);
  await signInToHome(page, member);

  // The tier feature's chip leads to #garden, which opens the customiser.
  await page.goto('/journey-progress#garden');
  const garden = page.getByTestId('garden');
  await expect(garden.getByRole('heading', { name: 'your garden grove' })).toBeVisible();
  await expect(garden.getByRole('img')).toHaveAccessibleName(
    /^A garden growing into a grove: first seed, .*young birch and little pond\. Next, at level 7: mossy stone and maple tree, 500 tone tokens to go\.$/,
  );
  await garden.getByRole('radio', { name: /quiet clearing/ }).check();
  await garden.getByRole('radio', { name: 'dusk' }).check();
  await garden.getByLabel('move').selectOption('sunflower');
  await garden.getByLabel('to the place of').selectOption('lavender');
  await garden.getByRole('button', { name: 'swap places' }).click();
  // The preview is live, before anything is saved.
  const scene = garden.locator('[data-layout]');
  await expect(scene).toHaveAttribute('data-layout', 'clearing');
  await expect(scene).toHaveAttribute('data-palette', 'dusk');
  await garden.getByRole('button', { name: 'save my garden' }).click();
  await expect(garden.getByText('Saved. Your garden looks like this on your profile too.')).toBeVisible();

  // A fresh start of the app, from the server's answer (or this device's saved copy of it).
  await page.goto('/journey-progress');
  await expect(page.getByTestId('garden').locator('[data-layout]')).toHaveAttribute(
    'data-layout',
    'clearing',
  );
  await expect(page.getByTestId('garden').locator('[data-palette]')).toHaveAttribute('data-palette', 'dusk');

  await page.goto('/profile');
  const small = page.getByTestId('profile-garden');
  await expect(small.locator('[data-layout]')).toHaveAttribute('data-layout', 'clearing');
  await expect(small.locator('[data-palette]')).toHaveAttribute('data-palette', 'dusk');
  await expect(small).toContainText('grove · 1250 tone tokens to grow into a forest');
  await expect(small.getByRole('link', { name: 'visit your garden' })).toHaveAttribute(
    'href',
    '/journey-progress#garden',
  );

  // Stored once, on the server, with the swap.
  const stored = (await (
    await request.get('/api/garden', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { layout: string; palette: string; order: string[] };
  expect(stored).toMatchObject({ layout: 'clearing', palette: 'dusk' });
  expect(stored.order.indexOf('lavender')).toBeLessThan(stored.order.indexOf('sunflower'));
});
