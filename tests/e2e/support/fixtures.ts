import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { followTraffic } from './traffic';

/** A console error a test provokes on purpose: by its text, or by its text and the page or resource URL. */
export type ExpectedConsoleError = RegExp | ((text: string, url: string) => boolean);

interface Fixtures {
  /**
   * Automatic: the test fails on any console error or uncaught exception of the page, except
   * those it declares with this function first (a 403 it asks for, a 503 it mocks). Checked when
   * the test has ended, so a declared error that arrives after the last step is still allowed.
   */
  allowConsoleErrors: (expected: ExpectedConsoleError) => void;
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
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: ExpectedConsoleError[] = [];
      const errors: { text: string; url: string }[] = [];
      // Every page's requests are followed from its start, for the screens' `settle`.
      followTraffic(page);
      page.on('console', (msg: ConsoleMessage) => {
        if (msg.type() === 'error') errors.push({ text: msg.text(), url: msg.location().url });
      });
      page.on('pageerror', (err) => errors.push({ text: err.message, url: page.url() }));
      await use((expected) => void allowed.push(expected));
      const unexpected = errors
        .filter(({ text, url }) => !allowed.some((e) => matches(e, text, url)))
        .map(({ text }) => text);
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
