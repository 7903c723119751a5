import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger';
import { StartupError } from './startup-error';

/** DATA_DIR holds the database, the signing keys and the backups: only its owner may enter. */
export const DATA_DIR_MODE = 0o700;

/**
 * Makes sure DATA_DIR exists, is a folder and is writable, before anything is written there,
 * so a misconfigured deployment stops with a message instead of failing halfway. It is created
 * 0700 whatever the umask, and an existing one that others may enter is tightened to 0700
 * (said in the log, since the operator may have set it so on purpose).
 */
export function ensureDataDir(dir: string, logger?: Pick<Logger, 'warn'>): void {
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) {
    throw new StartupError(`DATA_DIR ${dir} is a file, not a folder.`, 'Point DATA_DIR at a folder.');
  }
  try {
    ensurePrivateDir(dir, logger, 'DATA_DIR');
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

/**
 * Creates `dir` (and missing parents) as 0700, or tightens an existing one to 0700, saying so.
 * mkdir's mode passes through the umask, so the mode is set explicitly afterwards.
 */
export function ensurePrivateDir(dir: string, logger?: Pick<Logger, 'warn'>, name = dir): void {
  const existed = fs.existsSync(dir);
  fs.mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  const mode = fs.statSync(dir).mode & 0o777;
  if (mode === DATA_DIR_MODE) return;
  try {
    fs.chmodSync(dir, DATA_DIR_MODE);
  } catch (err) {
    // Not its owner (a shared folder we may write): say so rather than refuse to start.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
    logger?.warn(`${name} is open to other users and only its owner can tighten it: chmod 700 it`, {
      dir,
      mode: `0${mode.toString(8)}`,
    });
    return;
  }
  if (existed)
    logger?.warn(`${name} was open to other users; tightened to 0700`, {
      dir,
      was: `0${mode.toString(8)}`,
    });
}

/** Sets a file this server made or keeps (database, keys, archive) to 0600 when it exists. */
export function makePrivate(file: string): void {
  try {
    if ((fs.statSync(file).mode & 0o777) !== 0o600) fs.chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
