import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { StartupError } from '../lib/startup-error';

export type DB = Database.Database;

/**
 * Opens (or creates) the SQLite file with the pragmas every connection needs: WAL so readers
 * never block the writer, foreign keys enforced, and a busy timeout instead of SQLITE_BUSY
 * errors under a short write burst. One connection per process.
 */
export function openDatabase(file: string): DB {
  let db: DB;
  try {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    // Reading the schema forces SQLite to look at the file header: a corrupt file fails here.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (err) {
    throw describeOpenError(file, err);
  }
  return db;
}

function describeOpenError(file: string, err: unknown): StartupError {
  const code = (err as { code?: string }).code ?? '';
  const reason = err instanceof Error ? err.message : String(err);
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return new StartupError(
      `The database file ${file} is corrupt or is not a SQLite database (${reason}).`,
      `Move it aside (mv "${file}" "${file}.broken") to start with a fresh database, or restore it from a backup.`,
    );
  }
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY' || code === 'SQLITE_PERM') {
    return new StartupError(
      `The database file ${file} cannot be opened for writing (${reason}).`,
      `Check that the folder ${path.dirname(file)} and the file are writable by this user, or set DATA_DIR to another folder.`,
    );
  }
  return new StartupError(`The database file ${file} could not be opened: ${reason}`);
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'app.db');
}

/** True when the file exists and is non-empty: used to tell a first start from a later one. */
export function databaseExists(dataDir: string): boolean {
  try {
    return fs.statSync(databaseFile(dataDir)).size > 0;
  } catch {
    return false;
  }
}
