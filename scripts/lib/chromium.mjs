import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The browser tests run Debian's `chromium-headless-shell` when it is there: the same Chromium
 * release without the browser's windowing layers, which is what Playwright itself uses for
 * headless runs. It used 38 % less CPU than the full `chromium` on the same specs (55 s against
 * 89 s on shell, assessment, player and offline-reads), and the browser tests are the longest
 * suite of `npm test`. The full `chromium` is the fallback; CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'chromium-headless-shell'];

export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL);

const canApt = () =>
  typeof process.getuid === 'function' &&
  process.getuid() === 0 &&
  spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

/** apt-get update, then install the missing packages; returns whether it worked. */
function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  return run(['update', '-qq']) && run(['install', '-y', '-qq', ...packages]);
}

/**
 * End-to-end tests need Debian's Chromium. Installs what is missing with apt-get when it can
 * (root with apt); otherwise says exactly what to run. Returns true when a browser is there.
 */
export function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return fs.existsSync(process.env.CHROMIUM_PATH) || explain();
  const missing = PACKAGES.filter((name) => !fs.existsSync(name === 'chromium' ? FULL : HEADLESS_SHELL));
  if (missing.length === 0) return true;
  if (canApt()) {
    console.log(`Installing Debian's ${missing.join(' and ')} with apt-get for the browser tests…`);
    aptInstall(missing);
  } else if (fs.existsSync(FULL)) {
    console.log(
      `Debian's chromium-headless-shell is missing: the browser tests use the full chromium, which ` +
        'needs more CPU (sudo apt-get install -y chromium-headless-shell to add it).',
    );
  }
  return fs.existsSync(chromiumPath()) || explain();
}

function explain() {
  console.error(
    [
      '',
      `Chromium was not found at ${chromiumPath()}, so the end-to-end tests cannot run.`,
      `Install it with:   sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}`,
      'or point CHROMIUM_PATH at an existing Chromium/Chrome binary.',
      '',
    ].join('\n'),
  );
  return false;
}
