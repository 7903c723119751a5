import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The other engines of the cross-engine smoke test, as Debian ships them. MiniBrowser comes
 * with libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver.
 */
export const ENGINE_PACKAGES = [
  { pkg: 'firefox-esr', file: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr' },
  { pkg: 'webkit2gtk-driver', file: process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver' },
  { pkg: 'xvfb', file: '/usr/bin/xvfb-run' },
];

/**
 * Installs the missing ones with apt-get when we can (root with apt), as ensureChromium does.
 * Never fails the run: an engine that stays missing is skipped by the smoke test, which says
 * so. Returns the reason they are still missing, or null when everything is there.
 */
export function ensureEnginePackages() {
  const missing = ENGINE_PACKAGES.filter(({ file }) => !fs.existsSync(file)).map(({ pkg }) => pkg);
  if (missing.length === 0) return null;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const command = `sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`;
  if (!isRoot || !hasApt) {
    const why = !hasApt ? 'there is no apt-get here' : 'installing needs root';
    console.error(
      `Cross-engine browsers missing (${missing.join(', ')}) and ${why}; install with:\n  ${command}`,
    );
    return `${missing.join(', ')} not installed (${why})`;
  }
  console.log(`Installing Debian's ${missing.join(', ')} for the cross-engine smoke test…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install =
    update.status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
      stdio: 'inherit',
      env,
    }).status === 0;
  const still = ENGINE_PACKAGES.filter(({ file }) => !fs.existsSync(file)).map(({ pkg }) => pkg);
  if (install && still.length === 0) return null;
  console.error(
    `apt-get could not install ${still.join(', ')}; those engines are skipped. Try:\n  ${command}`,
  );
  return `${still.join(', ')} could not be installed with apt-get`;
}
