import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { followTraffic } from './traffic';

/** A console error a test provokes on purpose: by its text, or by its text and the page or resource URL. */
export type ExpectedConsoleError = RegExp | ((text: string, url: string) => boolean);

interface Fixtures {
  /** Automatic: fails the test on any console error or uncaught exception not declared below. */
  consoleErrors: void;
  /**
   * Declares the console errors a test provokes on purpose (a 403 it asks for, a 503 it mocks).
   * Applied to every error, also one that arrives after the test's last step, when a filter at
   * the end of the test body would already have run.
   */
  allowConsoleErrors: (expected: ExpectedConsoleError) => void;
  allowedConsoleErrors: ExpectedConsoleError[];
}

const matches = (expected: ExpectedConsoleError, text: string, url: string) =>
  typeof expected === 'function' ? expected(text, url) : expected.test(text);

/**
 * Every e2e test talks to the server the global setup started, and fails if the page logs a
 * console error or throws: a screen that "works" while erroring is not working.
 */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not run.');
    await use(url);
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  allowedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  allowConsoleErrors: async ({ allowedConsoleErrors }, use) => {
    await use((expected) => void allowedConsoleErrors.push(expected));
  },
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: { text: string; url: string }[] = [];
      // Every page's requests are followed from its start, for the screens' `settle`.
      followTraffic(page);
      page.on('console', (msg: ConsoleMessage) => {
        if (msg.type() === 'error') errors.push({ text: msg.text(), url: msg.location().url });
      });
      page.on('pageerror', (err) => errors.push({ text: err.message, url: page.url() }));
      await use();
      const unexpected = errors
        .filter(({ text, url }) => !allowedConsoleErrors.some((e) => matches(e, text, url)))
        .map(({ text }) => text);
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
