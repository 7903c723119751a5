import type { Statement } from 'better-sqlite3';
import type { DB } from '../open';
import { Mutex } from './mutex';
import { limitsAsExpressions, normalizeParams } from './portable';
import type { Row, RunResult, SqlDatabase, SqlExecutor, SqlValue } from './types';

const CACHE_LIMIT = 500;

/**
 * Wraps a better-sqlite3 connection (opened with openDatabase, so WAL, foreign keys and the
 * busy timeout are set). Until every repository goes through this wrapper, do not run
 * synchronous statements on the same connection while an async transaction may be open:
 * they would land inside it.
 */
export function sqliteDatabase(db: DB): SqlDatabase {
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

  return {
    dialect: 'sqlite',
    query: (sql, params) => mutex.run(() => direct.all(sql, params) as never[]),
    all: (sql, params) => mutex.run(() => direct.all(sql, params) as never[]),
    get: (sql, params) => mutex.run(() => direct.get(sql, params) as never),
    run: (sql, params) => mutex.run(() => direct.run(sql, params)),
    exec: (sql) => mutex.run(() => direct.exec(sql)),
    transaction: (fn) =>
      mutex.run(async () => {
        // IMMEDIATE takes the write lock now, so another process cannot make this one fail
        // with SQLITE_BUSY half-way through (busy_timeout waits for it instead).
        db.exec('BEGIN IMMEDIATE');
        let open = true;
        try {
          const result = await fn(txExecutor(() => open));
          db.exec('COMMIT');
          return result;
        } catch (err) {
          // Some errors (disk full, I/O) already ended the transaction.
          if (db.inTransaction) db.exec('ROLLBACK');
          throw err;
        } finally {
          open = false;
        }
      }),
    close: async () => {
      await mutex.run(() => db.close());
    },
  };
}
