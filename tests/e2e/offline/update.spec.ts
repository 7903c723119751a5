import { signInNewMember } from '../listening/support';
import { expect, OFFLINE_TIMEOUT_MS, offlineUse, test, waitForServiceWorker } from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.use(offlineUse);
test.describe.configure({ timeout: OFFLINE_TIMEOUT_MS });

test('a new version installs in the background and waits; "Reload now" switches to it', async ({
  page,
  request,
}) => {
  await signInNewMember(page, request);
  await waitForServiceWorker(page);
  expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).pathname)).toBe(
    '/sw.js',
  );

  // The next deployment, as the browser sees it: another worker script for the same scope. (The
  // browser's own update check cannot be intercepted by page routes, so a new script URL stands in.)
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next', { scope: '/' }));

  const prompt = page.getByTestId('update-toast');
  await expect(prompt).toContainText('A new version of Tuneful is ready.', {
    timeout: scaledTimeout(30_000),
  });
  // Until the member chooses, the running version stays in charge.
  expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).search)).toBe('');

  // The new worker takes over and the page reloads under it.
  const reloaded = page.waitForEvent('load', { timeout: scaledTimeout(15_000) });
  await prompt.getByRole('button', { name: 'Reload now' }).click();
  await reloaded;
  await expect
    .poll(() =>
      page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? 'http://x/').search),
    )
    .toBe('?next');
});
