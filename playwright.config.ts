import { defineConfig } from '@playwright/test';
import { chromiumPath } from './scripts/lib/chromium.mjs';
import { scaledTimeout } from './scripts/lib/machine-speed.mjs';

/**
 * End-to-end tests drive Debian's Chromium (Playwright's own browser download is not
 * available here). The global setup starts the real server on a free port with a temporary
 * DATA_DIR and publishes its URL as E2E_BASE_URL.
 */
export const CHROMIUM = chromiumPath();

export default defineConfig({
  testDir: 'tests/e2e',
  // Every wait is for something the page does; these limits, and those a spec sets itself, are
  // tuned on the reference machine and scaled to this one (scripts/lib/machine-speed.mjs).
  timeout: scaledTimeout(60_000),
  expect: { timeout: scaledTimeout(10_000) },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Playwright empties its output folder when it starts: its own subfolder, so that the logs and
  // reports npm test writes to test-results/ while other suites run beside it are kept.
  outputDir: 'test-results/playwright',
  globalSetup: './tests/e2e/support/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    viewport: { width: 390, height: 844 },
    // A failed test keeps a screenshot, and its error names the step. Traces (every action with
    // the page's DOM before and after) are recorded only when asked for, E2E_TRACE=1 (kept for
    // failed tests): recording them for every test, passed ones included, was a fifth of the
    // suite's CPU (141 against 112 s on two folders), and a CI run only shows its output.
    trace:
      process.env.E2E_TRACE === '1'
        ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false }
        : 'off',
    screenshot: 'only-on-failure',
    // The app registers a service worker in production builds; only the offline specs opt in
    // (test.use({ serviceWorkers: 'allow' })): a worker would answer requests page.route mocks.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
