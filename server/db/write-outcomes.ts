import type { SqlDatabase, SqlExecutor } from './sql';
import { queryKind } from '../lib/timed-sql';

/**
 * What the latest writes met, for GET /api/health. Its own probe is a write rolled back before
 * it reaches the disk, so on a full disk it passed (and health said "ok") while every real
 * write failed with SQLITE_FULL and was answered 503. The writes themselves are the honest
 * witness: after a write failed for want of space, health reports `full` until a write
 * succeeds again, or, when no write is tried at all (a load balancer took the process out of
 * rotation on that 503), until FULL_REMEMBERED_MS have passed, so the process comes back and
 * the next write tells again.
 */
export const FULL_REMEMBERED_MS = 60_000;

/** SQLite's SQLITE_FULL (and extended codes), PostgreSQL's 53100 disk_full, the OS's ENOSPC. */
export function isStorageFull(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, cause } = err as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && (/^SQLITE_FULL/.test(code) || code === '53100' || code === 'ENOSPC')) {
    return true;
  }
  return cause !== undefined && cause !== err && isStorageFull(cause, depth + 1);
}

export interface StorageFull {
  /** The driver's code: SQLITE_FULL, 53100 or ENOSPC. */
  code: string;
  /** When the latest such failure was (the app's clock, ms). */
  at: number;
}

export interface WriteOutcomes {
  /** The latest write's storage failure, while no write has succeeded since (and not too long ago). */
  storageFull(): StorageFull | undefined;
}

const writes = (sql: string) => queryKind(sql) !== 'select';

/**
 * deps.sql with every write's outcome noted: a write that fails for want of space, a write
 * that succeeds (a statement outside a transaction, or a transaction that wrote and committed).
 * `source` is read at each call, as routes read `deps.sql`, so a database swapped in later is used.
 */
export function watchWrites(
  source: () => SqlDatabase,
  now: () => number,
): { sql: SqlDatabase; outcomes: WriteOutcomes } {
  let full: StorageFull | undefined;
  const failed = (err: unknown) => {
    if (isStorageFull(err)) full = { code: String((err as { code?: unknown }).code ?? 'ENOSPC'), at: now() };
    throw err;
  };
  const noted = <T>(isWrite: boolean | (() => boolean), work: () => Promise<T>): Promise<T> =>
    work().then((value) => {
      if (typeof isWrite === 'function' ? isWrite() : isWrite) full = undefined;
      return value;
    }, failed);

  /** Inside a transaction a success counts only at COMMIT; `wrote` says whether it wrote. */
  const inTx = (tx: SqlExecutor, wrote: () => void): SqlExecutor => {
    const mark = <T>(sql: string, work: () => Promise<T>) => {
      if (writes(sql)) wrote();
      return work();
    };
    return {
      dialect: tx.dialect,
      query: (sql, params) => mark(sql, () => tx.query(sql, params)),
      all: (sql, params) => mark(sql, () => tx.all(sql, params)),
      get: (sql, params) => mark(sql, () => tx.get(sql, params)),
      run: (sql, params) => mark(sql, () => tx.run(sql, params)),
      exec: (sql) => mark(sql, () => tx.exec(sql)),
      transaction: (fn) => tx.transaction((inner) => fn(inTx(inner, wrote))),
    };
  };

  const sql: SqlDatabase = {
    get dialect() {
      return source().dialect;
    },
    query: (q, params) => noted(writes(q), () => source().query(q, params)),
    all: (q, params) => noted(writes(q), () => source().all(q, params)),
    get: (q, params) => noted(writes(q), () => source().get(q, params)),
    run: (q, params) => noted(writes(q), () => source().run(q, params)),
    exec: (q) => noted(writes(q), () => source().exec(q)),
    transaction: (fn) => {
      // A transaction that only read proves nothing about the disk.
      let wrote = false;
      return noted(
        () => wrote,
        () => source().transaction((tx) => fn(inTx(tx, () => (wrote = true)))),
      );
    },
    close: () => source().close(),
  };
  return {
    sql,
    outcomes: {
      storageFull: () => (full && now() - full.at < FULL_REMEMBERED_MS ? full : undefined),
    },
  };
}
