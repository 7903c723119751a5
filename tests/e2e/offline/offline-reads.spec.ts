import type { Locator, Page } from '@playwright/test';
import { signInNewMember } from '../listening/support';
import { expect, OFFLINE_TIMEOUT_MS, offlineUse, test, waitForServiceWorker } from './support';

test.use(offlineUse);
test.describe.configure({ timeout: OFFLINE_TIMEOUT_MS });

/** "Saved 14:02", "Saved yesterday", "Saved 3 Nov": the note a screen shows over saved data. */
const SAVED_NOTE = /^Saved (\d{2}:\d{2}|yesterday|\d{1,2} [A-Z][a-z]{2})$/;

/** The screens a member can open offline after one online visit, and what proves their data is there. */
const SCREENS: { path: string; data: (page: Page) => Locator }[] = [
  {
    path: '/home',
    data: (p) => p.getByRole('list', { name: 'latest sessions' }).getByTestId('session-card'),
  },
  {
    path: '/discover',
    data: (p) => p.getByRole('region', { name: 'trending today' }).getByTestId('session-card'),
  },
  { path: '/listening-room', data: (p) => p.getByTestId('room-track') },
  { path: '/filtered?type=category&value=find', data: (p) => p.getByTestId('session-card') },
  { path: '/profile', data: (p) => p.getByRole('region', { name: 'your progress' }).getByTestId(/^stat-/) },
  { path: '/achievements', data: (p) => p.getByTestId('badge-progress') },
  { path: '/journey-progress', data: (p) => p.getByTestId('garden') },
  { path: '/streak-calendar', data: (p) => p.getByRole('group', { name: /^days of / }) },
];

async function visitOnline(page: Page): Promise<void> {
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(screen.data(page).first()).toBeVisible();
    await expect(page.getByText('loading…')).toHaveCount(0);
  }
}

test('every screen opened once online shows its saved data offline, with when it was saved', async ({
  page,
  context,
  request,
}) => {
  await signInNewMember(page, request);
  await waitForServiceWorker(page);
  await visitOnline(page);

  await context.setOffline(true);
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.getByTestId('offline-indicator')).toContainText("You're offline");
    await expect(screen.data(page).first(), screen.path).toBeVisible();
    await expect(page.getByTestId('saved-note').first(), screen.path).toHaveText(SAVED_NOTE);
    await expect(page.getByText('loading…'), screen.path).toHaveCount(0);
  }
});
