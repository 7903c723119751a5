import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { frameOf } from '../../../src/app/route-table';
import { expect, test } from '../support/fixtures';
import { signInToHome } from '../support/members';
import {
  axeViolations,
  backControl,
  describeViolations,
  pageOverflow,
  practisingMember,
  routesToWalk,
  settle,
  wayOut,
  type WalkStop,
} from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Issue 20, on one walk over every route of the table, signed out and signed in as a member
 * with some practice (one walk instead of two: opening and settling ~35 screens is most of the
 * cost, and both checks read the same settled screen).
 *
 * - 0 axe violations (WCAG 2.2 AA: wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa). axe-core is
 *   injected from node_modules, so the check needs no network. One failure lists every
 *   violation found.
 * - "No dead ends": on a phone a member must always have a way out. Each screen must offer the
 *   tab bar, a back control, a link that goes elsewhere, move on by itself, or (a full-screen
 *   flow) its way forward. Where the app lands decides the frame: a screen of a tab shows the
 *   tab bar, a screen below one also a back control.
 * - No page wider than the phone (issue 30): a thumb swiping across a carousel or a long word
 *   must not slide the whole page sideways into blank space. Measured after the screen has
 *   settled, as the document's scroll width against the viewport's.
 */
test.describe.configure({ timeout: scaledTimeout(600_000) });
// The app's Content-Security-Policy forbids inline scripts; axe is injected as one.
test.use({ bypassCSP: true });

/**
 * Opens every stop; checks its way out (soft, so one run names every stuck screen) and returns
 * the axe violations. axe runs once per distinct document: signed out, most routes land on the
 * same sign-in screen, and a document whose markup is the same as one already checked (same
 * styles, same viewport) has the same violations. The way out is checked at every stop.
 */
async function walk(page: Page, stops: WalkStop[]): Promise<string[]> {
  const violations: string[] = [];
  const checked = new Set<string>();
  for (const stop of stops) {
    await page.goto(stop.url);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    const markup = await page.evaluate(() => document.documentElement.outerHTML);
    const digest = createHash('sha256').update(markup).digest('hex');
    if (!checked.has(digest)) {
      checked.add(digest);
      violations.push(...describeViolations(landed, await axeViolations(page)));
    }
    const frame = frameOf(landed);
    const where = `${stop.url} (landed on ${landed}, ${frame ?? 'no route'})`;
    if (frame === 'tab' || frame === 'below') {
      await expect.soft(page.getByTestId('tab-bar'), `${where}: the tab bar`).toBeVisible();
    }
    if (frame === 'below') {
      await expect.soft(backControl(page).first(), `${where}: a back control`).toBeVisible();
    }
    expect.soft(await pageOverflow(page), `${where}: wider than the viewport`).toBeNull();
    expect.soft(await wayOut(page, frame, landed), `${where}: a way out`).not.toBeNull();
  }
  return violations;
}

test('signed out, every route offers a way out and has no WCAG 2.2 AA violation', async ({ page }) => {
  expect(await walk(page, routesToWalk(null)), 'WCAG 2.2 AA violations').toEqual([]);
});

test('signed in with some practice, every route offers the tab bar, a back control or a way out, and has no WCAG 2.2 AA violation', async ({
  page,
  request,
}) => {
  const { member, circleId } = await practisingMember(request);
  await signInToHome(page, member);
  expect(await walk(page, routesToWalk(circleId)), 'WCAG 2.2 AA violations').toEqual([]);
});

test('locked badges say "locked" in words and stay readable', async ({ page, request }) => {
  const { member } = await practisingMember(request);
  await signInToHome(page, member);
  await page.goto('/achievements');
  await settle(page);
  const locked = page.locator('[data-unlocked="false"]');
  expect(await locked.count()).toBeGreaterThan(0);
  for (const badge of await locked.all()) await expect(badge).toContainText(/\blocked\b/i);
  const contrast = (await axeViolations(page)).filter((v) => v.id === 'color-contrast');
  expect(contrast).toEqual([]);
});
