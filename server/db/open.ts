import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makePrivate } from '../lib/data-dir';
import { StartupError } from '../lib/startup-error';

export type DB = Database.Database;

const RESTORE =
  'Stop the server, restore app.db from your latest backup (see "Backups" in the README), then start again.';

/**
 * Opens (or creates) the SQLite file with the pragmas every connection needs: WAL so readers
 * never block the writer, foreign keys enforced, and a 5 s busy timeout for the synchronous
 * users of the raw connection (the start-up checks below, migrations in tests, the copy tool),
 * where nothing else is being served. One connection per process. The server's connection goes
 * through `sqliteDatabase` (sql/sqlite.ts), which sets the busy timeout to 0 and waits for
 * another process's lock with timers instead: better-sqlite3 waits on the event loop.
 *
 * A database that is damaged or cannot be written is refused here, before anything serves:
 * `PRAGMA quick_check` finds damaged pages (a header that still parses is not enough), and a
 * rolled-back write proves the file takes writes (a read-only file would otherwise answer
 * every write with a 500 while health said ok).
 */
export function openDatabase(file: string, options: Database.Options = {}): DB {
  let db: DB;
  try {
    if (!options.readonly) createPrivately(file, options.fileMustExist === true);
    db = new Database(file, options);
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      // SQLite gives -wal and -shm the database's mode; ones left from before are tightened.
      for (const extra of ['-wal', '-shm']) createPrivately(`${file}${extra}`, true);
    }
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    if (!options.readonly) immediateByDefault(db);
    // Reading the schema forces SQLite to look at the file header: a corrupt file fails here.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (err) {
    throw describeOpenError(file, err);
  }
  try {
    assertIntact(db, file);
    assertWritable(db, file);
  } catch (err) {
    db.close();
    throw err instanceof StartupError ? err : describeOpenError(file, err);
  }
  return db;
}

/**
 * Makes `db.transaction(fn)()` start with BEGIN IMMEDIATE (the `.deferred()` variant stays for
 * read-only work). Several processes share app.db in cluster mode: a deferred transaction that
 * reads and then writes fails with SQLITE_BUSY (busy_timeout cannot help) when another process
 * committed in between, whereas an immediate one takes the write lock first, waits its turn
 * (busy_timeout on this raw connection; timers in sql/busy.ts for the server's), and then reads
 * what the other process wrote. Within one process nothing changes: better-sqlite3 is
 * synchronous, so transactions never overlapped anyway. Nested calls stay savepoints.
 */
function immediateByDefault(db: DB): void {
  const original = db.transaction.bind(db);
  // The `.immediate` variant carries the same `.deferred/.immediate/.exclusive` properties.
  db.transaction = ((fn: Parameters<DB['transaction']>[0]) => original(fn).immediate) as DB['transaction'];
}

/**
 * The database holds every member's data: 0600 whatever the umask. A new file is created
 * 0600 before SQLite opens it (SQLite would create it 0644 under umask 022); an existing one
 * is tightened.
 */
function createPrivately(file: string, mustExist: boolean): void {
  if (file === ':memory:' || file === '') return;
  try {
    if (!mustExist) fs.closeSync(fs.openSync(file, 'a', 0o600));
    makePrivate(file);
  } catch {
    // A folder or file that cannot be written, or not ours: the open below says so in words.
  }
}

/** `quick_check` reads every page (without the slow index cross-checks) and says "ok" or what is wrong. */
export function integrityProblems(db: DB): string[] {
  const rows = db.pragma('quick_check(20)') as { quick_check: string }[];
  const problems = rows.map((r) => r.quick_check).filter((m) => m !== 'ok');
  return problems;
}

function assertIntact(db: DB, file: string): void {
  let problems: string[];
  try {
    problems = integrityProblems(db);
  } catch (err) {
    problems = [err instanceof Error ? err.message : String(err)];
  }
  if (problems.length) {
    throw new StartupError(
      `The database file ${file} is damaged: ${problems.slice(0, 3).join('; ')}. The server will not serve from it.`,
      RESTORE,
    );
  }
}

/** Thrown to roll the probe back. */
class RollbackProbe extends Error {}

/**
 * A write inside a transaction that is rolled back: nothing changes, but a read-only file
 * (or a full or read-only disk) throws here.
 */
export function probeWrite(db: DB): void {
  try {
    db.transaction(() => {
      db.exec('CREATE TABLE IF NOT EXISTS _write_probe (x INTEGER); INSERT INTO _write_probe VALUES (1);');
      throw new RollbackProbe();
    }).immediate();
  } catch (err) {
    if (!(err instanceof RollbackProbe)) throw err;
  }
}

function assertWritable(db: DB, file: string): void {
  try {
    probeWrite(db);
  } catch (err) {
    throw new StartupError(
      `The database file ${file} cannot be written (${err instanceof Error ? err.message : String(err)}).`,
      `Check that the folder ${path.dirname(file)} and app.db are writable by this user and the disk is not full or mounted read-only; if the file itself is damaged, restore it from your latest backup.`,
    );
  }
}

function describeOpenError(file: string, err: unknown): StartupError {
  const code = (err as { code?: string }).code ?? '';
  const reason = err instanceof Error ? err.message : String(err);
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return new StartupError(
      `The database file ${file} is corrupt or is not a SQLite database (${reason}).`,
      `Move it aside (mv "${file}" "${file}.broken") and restore app.db from your latest backup; only without a backup, start with a fresh database.`,
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

/**
 * An empty app.db next to an existing keys.json is not a new install: the data was lost
 * (a failed copy, a full disk). Treating it as new would silently start an empty product
 * with the old keys, so the start is refused instead.
 */
export function assertNotTruncated(dataDir: string): void {
  const file = databaseFile(dataDir);
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    return;
  }
  if (size === 0 && fs.existsSync(path.join(dataDir, 'keys.json'))) {
    throw new StartupError(
      `The database file ${file} is empty (0 bytes) although this DATA_DIR already has keys.json, so its data was lost.`,
      `${RESTORE} Only to really start over, delete both app.db and keys.json.`,
    );
  }
}
