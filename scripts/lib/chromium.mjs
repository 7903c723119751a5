import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * End-to-end tests need Debian's Chromium. Install it with apt-get when we can (root with
 * apt); otherwise say exactly what to run. Returns true when the browser is there.
 */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status === 0;
    if (install && fs.existsSync(CHROMIUM)) return true;
  }
  console.error(
    [
      '',
      `Chromium was not found at ${CHROMIUM}, so the end-to-end tests cannot run.`,
      'Install it with:   sudo apt-get update && sudo apt-get install -y chromium',
      'or point CHROMIUM_PATH at an existing Chromium/Chrome binary.',
      '',
    ].join('\n'),
  );
  return false;
}
