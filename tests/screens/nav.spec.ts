import { test } from '../e2e/support/fixtures';
import { accessTokenOf, anonKey, signInToHome } from '../e2e/support/members';
import { practisingMember, settle } from '../e2e/shell/support';

/**
 * Screenshots at 390x844 (the config's viewport) of the screens issue 20 changed, for a person
 * to look at: `npm run screens` writes .tmp/screens/nav-*.png. Not part of `npm test`: it asserts
 * nothing a walk does not already.
 */
test.describe.configure({ timeout: 300_000 });

test('screens with a way out, at phone size', async ({ page, request }) => {
  const shot = (name: string) => page.screenshot({ path: `.tmp/screens/nav-${name}.png` });
  await page.goto('/admin');
  await settle(page);
  await shot('admin-visitor');

  const { member, circleId } = await practisingMember(request);
  // A private reflection too, as the player saves it, so community shows its note.
  await request.post('/rest/v1/reflections', {
    headers: {
      apikey: await anonKey(request),
      Authorization: `Bearer ${await accessTokenOf(request, member)}`,
      Prefer: 'return=minimal',
    },
    data: { session_id: 7, reflection_text: 'Only for me today.' },
  });
  await signInToHome(page, member);
  const screens: [string, string][] = [
    ['wellness', '/wellness'],
    ['expert-content', '/expert-content'],
    ['voice-circles', '/voice-circles'],
    ['circle', `/voice-circles/${circleId}`],
    ['admin', '/admin'],
    ['achievements', '/achievements'],
    ['profile', '/profile'],
    ['journey', '/journey-progress'],
    ['tuning-room', '/tuning-room'],
    ['home', '/home'],
  ];
  for (const [name, path] of screens) {
    await page.goto(path);
    await settle(page);
    await shot(name);
  }
  await page.goto('/achievements');
  await settle(page);
  await page.getByTestId('badge-streak-legend').scrollIntoViewIfNeeded();
  await shot('achievements-locked');
  await page.goto('/profile');
  await settle(page);
  await page.getByTestId('tier-features').scrollIntoViewIfNeeded();
  await shot('profile-tier-features');
  await page.goto('/community');
  await page.getByRole('tab', { name: 'Reflections' }).click();
  await settle(page);
  await shot('community-reflections');
});
