import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StartupError } from '../../lib/startup-error';
import { BackupError } from './manifest';

/**
 * DATA_DIR/server.lock: an empty SQLite file used only for its lock, so that a restore never
 * swaps a database from under a running server. A serving process (npm start, or the cluster's
 * primary; not its workers) holds a SHARED lock on it for its whole life (an open read
 * transaction); a restore takes an EXCLUSIVE lock with no wait. Several servers may share the
 * lock, so one that exits does not release another's (a pid file could: the last to exit
 * deleted it), and the operating system drops a lock when its process ends, even by kill -9,
 * so a crash never leaves a stale lock behind. A server that starts while a restore holds the
 * lock refuses to start.
 */
export function lockFile(dataDir: string): string {
  return path.join(dataDir, 'server.lock');
}

function openLock(dataDir: string): Database.Database {
  const file = lockFile(dataDir);
  // The file holds nothing, but it is ours: not readable by other users either.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const db = new Database(file);
  // Never wait for the lock: a held lock is an answer, not a reason to block.
  db.pragma('busy_timeout = 0');
  return db;
}

const isBusy = (err: unknown) => /^SQLITE_BUSY/.test((err as { code?: string }).code ?? '');

/** Held by this process until it exits (kept here so no connection is ever collected). */
const held = new Map<string, Database.Database>();

/** Takes the serving lock for the rest of this process's life (see lockFile). */
export function holdServerLock(dataDir: string): void {
  if (held.has(path.resolve(dataDir))) return;
  const db = openLock(dataDir);
  try {
    db.exec('BEGIN');
    // The first read takes the SHARED lock; the open transaction keeps it.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (err) {
    db.close();
    if (isBusy(err))
      throw new StartupError(
        `A restore into ${dataDir} is under way (it holds ${lockFile(dataDir)}).`,
        'Start the server again when `npm run restore` has finished.',
      );
    throw err;
  }
  held.set(path.resolve(dataDir), db);
}

/** Lets go of this process's serving lock (tests; a server simply exits). */
export function releaseServerLock(dataDir: string): void {
  held.get(path.resolve(dataDir))?.close();
  held.delete(path.resolve(dataDir));
}

/**
 * Takes the restore's exclusive lock, or refuses in one line while any server holds the
 * serving lock. The returned function releases it.
 */
export function lockForRestore(dataDir: string): () => void {
  const db = openLock(dataDir);
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if (isBusy(err))
      throw new BackupError(
        `A server is using ${dataDir} (it holds ${lockFile(dataDir)}). Stop it (Ctrl-C, or systemctl stop tuneful), then restore.`,
      );
    throw err;
  }
  return () => db.close();
}
