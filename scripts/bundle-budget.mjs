// `node scripts/bundle-budget.mjs`: fails (exit 1) when a first screen's JavaScript is above
// the budget in scripts/lib/first-screen.mjs. Run by `npm test` after the build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportFirstScreens } from './lib/first-screen.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
try {
  process.exit(reportFirstScreens(path.join(root, 'dist/client')) ? 0 : 1);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
