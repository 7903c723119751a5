import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { accessTokenOf, anonKey, createOnboardedMember, signInToHome } from '../support/members';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * The browser logs the expected refusals: the 401s of the revoked token, the 400 of the refresh
 * attempt and the 400s storage answers a revoked bearer with (InvalidJWT, as hosted Storage
 * does, when home signs its audio links). The console does not say which URL a refusal came
 * from, so the refresh attempts are counted on the wire (`refreshRequests`). Anything else still
 * fails.
 */
const REFUSALS = /status of 40[01]/;

/** Counts the page's refresh-token requests (the member's session is refreshed at most once). */
function refreshRequests(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (req) => {
    if (req.url().includes('/auth/v1/token?grant_type=refresh_token')) n += 1;
  });
  return { count: () => n };
}

/** Counts the requests the page sends to the API and the auth/rest services. */
function countBackendRequests(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (req) => {
    if (/\/(api|auth\/v1|rest\/v1)\//.test(new URL(req.url()).pathname)) n += 1;
  });
  return { count: () => n };
}

/** Resolves once no API, auth or REST request of the page has been in flight for `quietMs`. */
function backendSettled(page: Page): (quietMs?: number) => Promise<void> {
  let inFlight = 0;
  let quietSince = Date.now();
  const backend = (url: string) => /\/(api|auth\/v1|rest\/v1)\//.test(new URL(url).pathname);
  page.on('request', (req) => {
    if (backend(req.url())) inFlight += 1;
  });
  const done = (url: string) => {
    if (!backend(url)) return;
    inFlight -= 1;
    quietSince = Date.now();
  };
  page.on('requestfinished', (req) => done(req.url()));
  page.on('requestfailed', (req) => done(req.url()));
  return (quietMs = 500) =>
    expect
      .poll(() => inFlight === 0 && Date.now() - quietSince >= quietMs, {
        timeout: scaledTimeout(15_000),
        intervals: [50],
      })
      .toBe(true);
}

/**
 * Lets `seconds` of the page's time pass in about a quarter of that: the page's clock (installed
 * before the page opened) jumps on a second at a time, firing every timer due in it (a retry's
 * back-off, a refresh, a poll), and each step waits for the requests those timers made to be
 * answered, so that what the answers schedule runs in the next step, as in real time. A storm of
 * requests, whether set off by timers or by answers, shows in the count just the same.
 */
async function letPageTimePass(page: Page, seconds: number, settled: (quietMs?: number) => Promise<void>) {
  for (let s = 0; s < seconds; s += 1) {
    await page.clock.runFor(1000);
    await settled(150);
  }
}

/**
 * A member signed in on this page, with home's own first requests settled (one still in flight
 * when the session ends would be refused on the page being left, and that page's refresh would
 * count too), then signed out everywhere from device B (a password reset ends every session the
 * same way).
 */
async function signInThenRevokeElsewhere(
  page: Page,
  request: APIRequestContext,
): Promise<(quietMs?: number) => Promise<void>> {
  const member = await createOnboardedMember(request);
  // The page's own clock, so that the seconds after the refusal can be let pass quickly.
  await page.clock.install();
  const settled = backendSettled(page);
  await signInToHome(page, member);
  await settled();
  const other = await accessTokenOf(request, member);
  const res = await request.post('/auth/v1/logout?scope=global', {
    headers: { apikey: await anonKey(request), Authorization: `Bearer ${other}` },
  });
  expect(res.status()).toBe(204);
  return settled;
}

test.describe('a session revoked on another device', () => {
  for (const path of ['/home', '/profile', '/community', '/filtered?type=mood&value=calm']) {
    test(`on ${path.split('?')[0]} it ends in sign-in with returnTo and a calm message, without a request storm`, async ({
      page,
      request,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(REFUSALS);
      const settled = await signInThenRevokeElsewhere(page, request);

      const requests = countBackendRequests(page);
      const refreshes = refreshRequests(page);
      await page.goto(path);
      const back = encodeURIComponent(path);
      await expect(page).toHaveURL(new RegExp(`/\\?returnTo=${back.replace(/[?]/g, '\\?')}$`));
      await expect(page.getByText('You were signed out. Please sign in again.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'welcome back' })).toBeVisible();
      await letPageTimePass(page, 6, settled);
      expect(requests.count(), 'requests in the 6 s after the reload').toBeLessThan(15);
      expect(refreshes.count(), 'refresh attempts').toBeLessThanOrEqual(1);
    });
  }

  test('a reload while the refusal is being handled asks for one refresh in all and still says why', async ({
    page,
    request,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(REFUSALS);
    const settled = await signInThenRevokeElsewhere(page, request);

    // The refresh the app asks for is held, so the member reloads while it is under way (the
    // race a loaded machine produced now and then: the old page's work was lost with it).
    let refreshes = 0;
    let asked: () => void = () => undefined;
    const refreshAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route('**/auth/v1/token?grant_type=refresh_token', async (route) => {
      refreshes += 1;
      asked();
      await new Promise((r) => setTimeout(r, 3_000));
      await route.continue().catch(() => undefined); // the page that asked may be gone
    });
    // Profile's reads are refused (401). Home may get there first with a read of its own (a
    // refetch), and then the tab bar is gone before the click: either way one refresh is asked.
    await page
      .locator('[data-tab="profile"]')
      .click({ timeout: scaledTimeout(5_000) })
      .catch(() => undefined);
    await refreshAsked;
    await page.reload();
    await expect(page).toHaveURL(/\/\?returnTo=%2F(profile|home)$/);
    await expect(page.getByText('You were signed out. Please sign in again.')).toBeVisible();
    await letPageTimePass(page, 4, settled);
    expect(refreshes, 'refresh requests from both pages').toBe(1);
  });
});
