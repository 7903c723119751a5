import { expect, type Page, type Request } from '@playwright/test';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/** Requests of a page still waiting for their answer, and when the last one was answered. */
interface Traffic {
  inFlight: Set<Request>;
  quietSince: number;
}
const followed = new WeakMap<Page, Traffic>();

/**
 * Starts following a page's requests (the fixtures do it for every page, before its first
 * navigation): what `networkSettled` waits on.
 */
export function followTraffic(page: Page): void {
  if (followed.has(page)) return;
  const t: Traffic = { inFlight: new Set(), quietSince: Date.now() };
  const done = (req: Request) => {
    if (t.inFlight.delete(req)) t.quietSince = Date.now();
  };
  page.on('request', (req) => t.inFlight.add(req));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  followed.set(page, t);
}

/**
 * How long no request may be in flight before the page counts as settled. Playwright's
 * 'networkidle' waits 500 ms after the last one; a screen's follow-up read (a query enabled by
 * another's answer, a lazy chunk) starts within milliseconds of the answer it waits for, so
 * 200 ms of quiet shows the same settled screen for less.
 */
const QUIET_MS = 200;

/**
 * Resolves once the page has loaded and no request of it has been in flight for 200 ms: the
 * 'networkidle' of Playwright, shorter. A page these helpers did not follow from its start
 * falls back to 'networkidle' itself (requests made before following began are unknown).
 */
export async function networkSettled(page: Page): Promise<void> {
  const t = followed.get(page);
  if (!t) {
    await page.waitForLoadState('networkidle');
    return;
  }
  await page.waitForLoadState('load');
  await expect
    .poll(() => t.inFlight.size === 0 && Date.now() - t.quietSince >= QUIET_MS, {
      message: `no request in flight for ${QUIET_MS} ms`,
      intervals: [50],
      timeout: scaledTimeout(15_000),
    })
    .toBe(true);
}
