import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from './startup-error';

/**
 * Makes sure DATA_DIR exists, is a folder and is writable, before anything is written there,
 * so a misconfigured deployment stops with a message instead of failing halfway.
 */
export function ensureDataDir(dir: string): void {
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) {
    throw new StartupError(`DATA_DIR ${dir} is a file, not a folder.`, 'Point DATA_DIR at a folder.');
  }
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${dir} cannot be created (${(err as Error).message}).`,
      'Set DATA_DIR to a folder this user may create and write, e.g. DATA_DIR=./data.',
    );
  }
  const probe = path.join(dir, `.write-probe-${process.pid}`);
  try {
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${dir} is not writable (${(err as Error).message}).`,
      `Give this user write access (e.g. chown -R $(whoami) "${dir}") or set DATA_DIR to a writable folder.`,
    );
  }
}
