import type { Statement } from 'better-sqlite3';
import type { DB } from '../open';
import { untilNotBusy, type BusyOptions } from './busy';
import { Mutex } from './mutex';
import { limitsAsExpressions, normalizeParams } from './portable';
import type { Row, RunResult, SqlDatabase, SqlExecutor, SqlValue } from './types';

const CACHE_LIMIT = 500;

/**
 * Wraps a better-sqlite3 connection (opened with openDatabase, so WAL and foreign keys are set).
 * Until every repository goes through this wrapper, do not run synchronous statements on the
 * same connection while an async transaction may be open: they would land inside it.
 *
 * Another process's write lock is waited for off the event loop (./busy.ts): the connection's
 * busy_timeout is 0, so SQLITE_BUSY comes back at once, the mutex is let go, and the statement
 * or the whole transaction is tried again after a short timer, up to `busyDeadlineMs` (5 s);
 * then the SQLITE_BUSY error goes up and is answered 503 with Retry-After. better-sqlite3's own
 * busy_timeout would sleep inside the call and stop every request of the process meanwhile.
 */
export function sqliteDatabase(db: DB, options: BusyOptions = {}): SqlDatabase {
  db.pragma('busy_timeout = 0');
  const cache = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let stmt = cache.get(sql);
    if (!stmt) {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      // `LIMIT ?` and `OFFSET ?` are prepared as `?+0` (portable.ts). SQLite (3.47 and later,
      // built with STAT4 as better-sqlite3 is) lets the planner read a bare bound LIMIT or
      // OFFSET, which marks the statement to be compiled again whenever that parameter is
      // bound: on every run. The catalogue read spent more time re-preparing its SQL than
      // running it (`sqlite3Reprepare` under `Statement::all` in a `perf` profile; 40 vs 28 µs
      // a run in a tight loop, twice that under load). An expression around the parameter
      // keeps the plan independent of the value, with the same results (a negative LIMIT still
      // means none). LIKE patterns keep their bare parameter: there the re-prepare buys an
      // index plan for a prefix.
      stmt = db.prepare(limitsAsExpressions(sql));
      cache.set(sql, stmt);
    }
    return stmt;
  };
  const direct = {
    all: (sql: string, params?: readonly SqlValue[]) => prepare(sql).all(...normalizeParams(params)) as Row[],
    get: (sql: string, params?: readonly SqlValue[]) =>
      prepare(sql).get(...normalizeParams(params)) as Row | undefined,
    run: (sql: string, params?: readonly SqlValue[]): RunResult => {
      const stmt = prepare(sql);
      const p = normalizeParams(params);
      // A write with RETURNING is a "reader" to better-sqlite3; run() still executes it.
      return { changes: stmt.run(...p).changes };
    },
    exec: (sql: string) => void db.exec(sql),
  };
  const mutex = new Mutex();
  let savepoints = 0;

  /** The executor inside a transaction: statements run at once (the caller holds the lock). */
  function txExecutor(isOpen: () => boolean): SqlExecutor {
    const check = () => {
      if (!isOpen()) throw new Error('This transaction has already ended; use the database instead.');
    };
    const exec: SqlExecutor = {
      dialect: 'sqlite',
      query: async <T>(sql: string, params?: readonly SqlValue[]) => (
        check(),
        direct.all(sql, params) as T[]
      ),
      all: async <T>(sql: string, params?: readonly SqlValue[]) => (check(), direct.all(sql, params) as T[]),
      get: async <T>(sql: string, params?: readonly SqlValue[]) => (
        check(),
        direct.get(sql, params) as T | undefined
      ),
      run: async (sql, params) => (check(), direct.run(sql, params)),
      exec: async (sql) => (check(), direct.exec(sql)),
      transaction: async (fn) => {
        check();
        const name = `sp_${++savepoints}`;
        db.exec(`SAVEPOINT ${name}`);
        let open = true;
        try {
          const result = await fn(txExecutor(() => open && isOpen()));
          db.exec(`RELEASE ${name}`);
          return result;
        } catch (err) {
          if (db.inTransaction) db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
          throw err;
        } finally {
          open = false;
        }
      },
    };
    return exec;
  }

  /**
   * One statement on its own (autocommit): SQLITE_BUSY means it did nothing, so it is tried
   * again, each try holding the mutex only for itself (reads of this process go in between).
   */
  const single = <T>(work: () => T): Promise<T> => untilNotBusy(() => mutex.run(work), options);

  /** One try of a whole transaction, from BEGIN IMMEDIATE to COMMIT or ROLLBACK. */
  const attempt = <T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> =>
    mutex.run(async () => {
      // IMMEDIATE takes the write lock before fn runs: SQLITE_BUSY comes here, before any of
      // fn's statements, and the try is simply made again later.
      db.exec('BEGIN IMMEDIATE');
      let open = true;
      try {
        const result = await fn(txExecutor(() => open));
        db.exec('COMMIT');
        return result;
      } catch (err) {
        // Some errors (disk full, I/O, busy) already ended the transaction.
        if (db.inTransaction) db.exec('ROLLBACK');
        throw err;
      } finally {
        open = false;
      }
    });

  return {
    dialect: 'sqlite',
    query: (sql, params) => single(() => direct.all(sql, params) as never[]),
    all: (sql, params) => single(() => direct.all(sql, params) as never[]),
    get: (sql, params) => single(() => direct.get(sql, params) as never),
    run: (sql, params) => single(() => direct.run(sql, params)),
    // Several statements may have committed one by one before a later one met the lock:
    // trying the string again could repeat them, so exec is tried once (schema work runs in
    // transactions, which are retried whole).
    exec: (sql) => mutex.run(() => direct.exec(sql)),
    // A transaction that met SQLITE_BUSY anywhere (at BEGIN, or rarely at a statement or
    // COMMIT) was rolled back whole, so fn runs again from BEGIN: never half of it twice.
    transaction: (fn) => untilNotBusy(() => attempt(fn), options),
    close: async () => {
      await mutex.run(() => db.close());
    },
  };
}
