import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { followTraffic } from './traffic';

/**
 * Every e2e test talks to the server the global setup started, and fails if the page logs a
 * console error or throws: a screen that "works" while erroring is not working.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not run.');
    await use(url);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // Every page's requests are followed from its start, for the screens' `settle`.
      followTraffic(page);
      page.on('console', (msg: ConsoleMessage) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
