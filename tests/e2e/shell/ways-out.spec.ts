import { frameOf } from '../../../src/app/route-table';
import { expect, test } from '../support/fixtures';
import { signInToHome } from '../support/members';
import { backControl, practisingMember, routesToWalk, settle, wayOut, type WalkStop } from './support';

/**
 * Issue 20, "No dead ends": on a phone a member must always have a way out. Every route of the
 * table is opened signed out and signed in (a member with some practice); each screen must offer
 * the tab bar, a back control, a link that goes elsewhere, move on by itself, or (a full-screen
 * flow) its way forward. Where the app lands
 * decides the frame: a screen of a tab shows the tab bar, a screen below one also a back control.
 */
test.describe.configure({ timeout: 600_000 });

async function walk(page: import('@playwright/test').Page, stops: WalkStop[]) {
  for (const stop of stops) {
    await page.goto(stop.url);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    const frame = frameOf(landed);
    const where = `${stop.url} (landed on ${landed}, ${frame ?? 'no route'})`;
    if (frame === 'tab' || frame === 'below') {
      await expect.soft(page.getByTestId('tab-bar'), `${where}: the tab bar`).toBeVisible();
    }
    if (frame === 'below') {
      await expect.soft(backControl(page).first(), `${where}: a back control`).toBeVisible();
    }
    expect.soft(await wayOut(page, frame), `${where}: a way out`).not.toBeNull();
  }
}

test('signed out, every route of the table offers a way out', async ({ page }) => {
  await walk(page, routesToWalk(null));
});

test('signed in with some practice, every route offers the tab bar, a back control or a way out', async ({
  page,
  request,
}) => {
  const { member, circleId } = await practisingMember(request);
  await signInToHome(page, member);
  await walk(page, routesToWalk(circleId));
});
