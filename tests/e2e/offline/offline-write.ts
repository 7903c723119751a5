import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { signInNewMember, type SignedInMember } from '../listening/support';
import { networkSettled } from '../support/traffic';
import { expect, waitForServiceWorker } from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/** The toast and words a write kept in the outbox shows (src/lib/outbox/offline-writes.ts). */
export const SAVED_OFFLINE = "Saved — will sync when you're back online";

/**
 * One kind of member write made offline (issue 20). The page model of every "made offline,
 * dialog closed, page reloaded, back online, arrives exactly once" test.
 */
export interface OfflineWriteCase {
  /** The screen the write is made on; opened online first, as a member would have. */
  screen: string | ((prepared: string) => string);
  /** Online, after the screen opened: whatever the member did before (a tab chosen). */
  open?: (page: Page) => Promise<void>;
  /** Something on that screen that shows it has loaded its data. */
  ready: (page: Page) => ReturnType<Page['getByText']>;
  /** Signs the member in (default: an onboarded member, on /home). */
  signIn?: (page: Page, request: APIRequestContext) => Promise<SignedInMember>;
  /** Server-side set-up before the member opens the screen (a circle, say); gives the screen its id. */
  prepare?: (request: APIRequestContext, signedIn: SignedInMember) => Promise<string>;
  /** Makes the write with the network off and closes the dialog it was made in. */
  make: (page: Page) => Promise<void>;
  /** How its row in "Waiting to sync" is titled. */
  listed: string | RegExp;
  /** What the write does to `count`: +1 for a new row (the default), -1 for leaving. */
  delta?: number;
  /** How many of this write the server holds for the member (read through the API). */
  count: (request: APIRequestContext, token: string) => Promise<number>;
}

/** GET `url` as the member and the length of the JSON list it answers (or of `pick` of it). */
export async function countOf(
  request: APIRequestContext,
  token: string,
  url: string,
  pick: (body: unknown) => unknown[] = (b) => b as unknown[],
): Promise<number> {
  const res = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${url}: ${res.status()}`).toBeTruthy();
  return pick(await res.json()).length;
}

/** The member's "Waiting to sync" list on the profile. */
export const pendingRows = (page: Page) => page.getByTestId('pending-write');

/**
 * The whole journey of one offline write: signed in with the service worker in charge, the
 * screen and the profile opened online; then offline the write is made and its dialog closed,
 * the page reloaded, the write listed in "Waiting to sync" and not on the server; back online
 * it is sent by itself and the server holds it exactly once, also after another reload.
 */
export async function expectOfflineWriteArrivesOnce(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  write: OfflineWriteCase,
): Promise<void> {
  const signedIn = await (write.signIn ?? signInNewMember)(page, request);
  const { token } = signedIn;
  await waitForServiceWorker(page);
  const prepared = (await write.prepare?.(request, signedIn)) ?? '';
  await page.goto('/profile');
  await expect(page.getByText('Nothing is waiting to sync.')).toBeVisible();
  await page.goto(typeof write.screen === 'string' ? write.screen : write.screen(prepared));
  await write.open?.(page);
  await expect(write.ready(page)).toBeVisible();
  const before = await write.count(request, token);
  const after = before + (write.delta ?? 1);

  await context.setOffline(true);
  await write.make(page);
  await page.reload();
  await page.goto('/profile');
  const row = pendingRows(page).filter({ hasText: write.listed });
  await expect(row).toHaveCount(1);
  expect(await write.count(request, token), 'nothing reached the server while offline').toBe(before);

  await context.setOffline(false);
  await expect(page.getByText('Nothing is waiting to sync.')).toBeVisible({ timeout: scaledTimeout(20_000) });
  await expect.poll(() => write.count(request, token)).toBe(after);
  await page.reload();
  await expect(page.getByText('Nothing is waiting to sync.')).toBeVisible();
  // The outbox sends at start: once the reloaded page has no request left in flight, anything
  // it would send again has reached the server.
  await networkSettled(page);
  expect(await write.count(request, token), 'a reload sends nothing again').toBe(after);
}
