import type { Histogram } from 'prom-client';
import type { SqlDatabase, SqlExecutor } from '../db/sql';

/** The statement's kind from its first keyword: select, insert, update, delete, or other. */
export function queryKind(sql: string): string {
  const word = /^\s*(?:WITH\b[\s\S]*?\)\s*)?([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? 'other';
  return ['select', 'insert', 'update', 'delete'].includes(word) ? word : 'other';
}

type Timer = Pick<Histogram<'kind' | 'dialect'>, 'observe'>;

function timed<T>(seconds: Timer, dialect: string, kind: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const record = () => seconds.observe({ kind, dialect }, (performance.now() - started) / 1000);
  return work().then(
    (value) => {
      record();
      return value;
    },
    (err: unknown) => {
      record();
      throw err;
    },
  );
}

function timedExecutor(inner: SqlExecutor, seconds: Timer): SqlExecutor {
  const d = inner.dialect;
  return {
    dialect: d,
    query: (sql, params) => timed(seconds, d, queryKind(sql), () => inner.query(sql, params)),
    all: (sql, params) => timed(seconds, d, queryKind(sql), () => inner.all(sql, params)),
    get: (sql, params) => timed(seconds, d, queryKind(sql), () => inner.get(sql, params)),
    run: (sql, params) => timed(seconds, d, queryKind(sql), () => inner.run(sql, params)),
    exec: (sql) => timed(seconds, d, 'other', () => inner.exec(sql)),
    // The whole transaction is one observation of its own; its statements are timed inside.
    transaction: (fn) =>
      timed(seconds, d, 'transaction', () => inner.transaction((tx) => fn(timedExecutor(tx, seconds)))),
  };
}

/** deps.sql with every statement timed into `seconds` by kind and dialect (metrics on only). */
export function timedSql(inner: SqlDatabase, seconds: Timer): SqlDatabase {
  return { ...timedExecutor(inner, seconds), close: () => inner.close() };
}
