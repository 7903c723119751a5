import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run screens`: the review screenshots (tests/screens/), taken against the same server the
 * end-to-end tests start. They assert nothing, so they are not part of `npm test`.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/screens',
  reporter: [['list']],
  outputDir: 'test-results/screens',
});
