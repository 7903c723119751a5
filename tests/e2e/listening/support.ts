import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import config from '../../../playwright.config';
import { createOnboardedMember, signInToHome, type Member } from '../support/members';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * The project's launch options plus an autoplay policy that lets the player start audio
 * without a fresh gesture (the card tap is a gesture, but the play() runs after the network).
 */
export const autoplayLaunch = {
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--autoplay-policy=no-user-gesture-required'],
  },
};

export interface SignedInMember {
  member: Member;
  token: string;
}

/** An onboarded member, signed in and sitting on /home, with the session's access token. */
export async function signInNewMember(page: Page, request: APIRequestContext): Promise<SignedInMember> {
  const member = await createOnboardedMember(request);
  return { member, token: await signInToHome(page, member) };
}

/** The member's tone tokens as the dashboard reports them. */
export async function dashboardTokens(
  request: APIRequestContext,
  page: Page,
  token: string,
): Promise<number> {
  const userId = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    const raw = key ? localStorage.getItem(key) : null;
    return raw ? (JSON.parse(raw) as { user: { id: string } }).user.id : null;
  });
  expect(userId, 'the signed-in user id').toBeTruthy();
  const res = await request.get(`/api/users/${userId}/dashboard?tz=UTC`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `dashboard: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { user: { toneTokens: number } }).user.toneTokens;
}

export const player = (page: Page) => page.getByTestId('player');

/** Current time of the player's <audio> element, in seconds. */
export async function audioTime(page: Page): Promise<number> {
  return page.getByTestId('player-audio').evaluate((el) => (el as HTMLAudioElement).currentTime);
}

/** Waits until the player's audio is really playing: not paused and the clock moving. */
export async function expectAudioPlaying(page: Page): Promise<void> {
  await expect(player(page)).toBeVisible();
  await expect.poll(() => audioTime(page), { timeout: scaledTimeout(15_000) }).toBeGreaterThan(0.3);
  const first = await audioTime(page);
  await expect.poll(() => audioTime(page), { timeout: scaledTimeout(10_000) }).toBeGreaterThan(first + 0.3);
}

/** Jumps the audio to just before its end, as a member dragging the seek bar would. */
export async function seekNearEnd(page: Page, secondsLeft = 1): Promise<void> {
  await page.getByTestId('player-audio').evaluate((el, left) => {
    const audio = el as HTMLAudioElement;
    audio.currentTime = Math.max(0, audio.duration - left);
  }, secondsLeft);
}

/** Browser contexts whose clock Playwright fakes already (install once, then only set the time). */
const clockInstalled = new WeakSet<BrowserContext>();

/** How far the page's clock is set back before listening, and then moved on while listening. */
const LISTEN_SEC = 270;

/**
 * Before opening a session that `listenPastHalf` will finish: sets the page's clock back by 4.5
 * minutes (installing Playwright's fake clock on first use). The player counts the time the
 * audio is heard (listened-clock.ts) and the server bounds it by the time since `startedAt`, so
 * instead of waiting minutes the test lets the page's clock catch up while the audio really
 * plays: to the server, listening began 4.5 minutes ago, and the page's clock ends in step
 * with the server's.
 */
export async function rewindPageClock(page: Page): Promise<void> {
  if (!clockInstalled.has(page.context())) {
    await page.clock.install();
    clockInstalled.add(page.context());
  }
  await page.clock.setSystemTime(Date.now() - LISTEN_SEC * 1000);
}

/**
 * Listens to the open session (opened after `rewindPageClock`) for 4.5 minutes of the page's
 * clock, more than half of any session up to 9 minutes, then drags the seek bar to just before
 * its end.
 */
export async function listenPastHalf(page: Page, secondsLeft = 1): Promise<void> {
  await expectAudioPlaying(page);
  const duration = await page.getByTestId('player-audio').evaluate((el) => (el as HTMLAudioElement).duration);
  expect(duration / 2, 'a session of at most 9 minutes').toBeLessThan(LISTEN_SEC);
  await page.clock.fastForward(LISTEN_SEC * 1000);
  await seekNearEnd(page, secondsLeft);
}

/** The toast of a completion kept on the device while offline. */
export const SAVED_OFFLINE_TOAST = "Saved — will sync when you're back online";

/** The member's completed catalogue sessions, as the server holds them. */
export async function completedSessions(request: APIRequestContext, page: Page, token: string) {
  const userId = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { user: { id: string } }).user.id : '';
  });
  const res = await request.get(`/api/users/${userId}/completed-sessions`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { sessionId: number; title: string; completedAt: string }[];
}
