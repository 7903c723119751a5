import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createOnboardedMember, signIn } from '../support/members';

/**
 * The static first paint (issue 13; `/signup`, where a shared invite lands, since issue 20): `/`,
 * `/signup` and `/tuning-room` arrive with their screen's markup
 * in #root (server/lib/first-paint.ts), painted before the app's JavaScript has run, and the
 * first render replaces it with the same markup in the same place.
 */

/** The app's entry chunk answers with an empty module: the page shows what the HTML alone paints. */
async function withoutTheApp(page: Page) {
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
}

/** Boxes of the screen's visible landmarks, to compare the static paint with the app's. */
async function boxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#root h1, #root h2, #root p, #root button, #root input, #root nav')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30)} ${r.x},${r.y} ${r.width}x${r.height}`;
      }),
  );
}

for (const [route, heading] of [
  ['/', 'welcome back'],
  ['/signup', 'find your voice'],
  ['/tuning-room', 'the tuning room'],
] as const) {
  test(`${route} paints its screen before the app runs, and the app keeps it in place`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(route)).text();
    const shell =
      /<div id="root" data-shell="[^"]+" inert aria-disabled="true">([\s\S]*)<\/div>\s*<\/body>/.exec(
        html,
      )?.[1];
    expect(shell, 'the page carries the prerendered screen').toBeTruthy();
    expect(html).not.toMatch(/<link rel="stylesheet"/);

    await withoutTheApp(page);
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1, name: heading, includeHidden: true })).toBeVisible();
    // Shown, but not usable before the app runs: nothing can be typed into a form that is replaced.
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    const staticBoxes = await boxes(page);
    expect(staticBoxes.length).toBeGreaterThan(3);

    await page.unrouteAll();
    await page.goto(route);
    await expect(page.locator('#root:not([data-shell])')).toHaveCount(1);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    // The first render is the same markup, so nothing moves when it replaces the static one
    // (the pitch trace's drawing buffer is sized by an effect after that render).
    const rendered = await page.locator('#root').evaluate((el) => el.innerHTML);
    expect(rendered.replace(/(<canvas[^>]*?) width="\d+" height="\d+"/g, '$1')).toBe(shell);
    expect(await boxes(page)).toEqual(staticBoxes);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test('signed out, /home paints the sign-in screen it sends the visitor to, before the app runs', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/home')).text();
  expect(html).toContain('<div id="root" data-shell="/" inert aria-disabled="true">');
  await withoutTheApp(page);
  await page.goto('/home');
  await expect(
    page.getByRole('heading', { level: 1, name: 'welcome back', includeHidden: true }),
  ).toBeVisible();
  const staticBoxes = await boxes(page);

  await page.unrouteAll();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/\?returnTo=%2Fhome$/);
  await expect(page.locator('#root:not([data-shell])')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'welcome back' })).toBeVisible();
  expect(await boxes(page)).toEqual(staticBoxes);
});

test('a member with a stored session on /home is not shown the sign-in screen', async ({ page, request }) => {
  const member = await createOnboardedMember(request);
  await signIn(page, member, { remember: true });
  await page.goto('/home');
  await expect(page.getByRole('button', { name: "begin today's journey" })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
});

test('a browser with a stored session never sees the sign-in form before the app decides', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('sb-127-auth-token', '{"stale":true}'));
  await withoutTheApp(page);
  await page.goto('/');
  // The head's guard ran (the CSP allows it by its hash) and hid the static screen.
  await expect(page.locator('html')).toHaveClass(/tf-no-shell/);
  await expect(page.getByRole('heading', { name: 'welcome back' })).toBeHidden();
});

test('voice analyses kept in this browser: the tuning room is not painted without them', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('tuneful_voice_sessions', '[]'));
  await withoutTheApp(page);
  await page.goto('/tuning-room');
  await expect(page.locator('html')).toHaveClass(/tf-no-shell/);
  await expect(page.getByRole('heading', { name: 'the tuning room' })).toBeHidden();
  await page.unrouteAll();
  await page.goto('/tuning-room');
  await expect(page.getByRole('heading', { name: 'the tuning room' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/tf-no-shell/);
});
