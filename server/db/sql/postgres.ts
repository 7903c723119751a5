import pg from 'pg';
import { normalizeParams, toPgPlaceholders } from './portable';
import type { Row, SqlDatabase, SqlExecutor, SqlValue } from './types';

const { Pool, types } = pg;

/** BIGINT (ids, count(*)) as a JS number like SQLite's, refusing a value that would lose digits. */
function parseBigint(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`Integer ${text} is beyond JavaScript's safe range`);
  return n;
}

/**
 * The result rules of ./types.ts: JSON/JSONB stay JSON text (SQLite returns text), booleans are
 * 1/0 (SQLite has no boolean), BIGINT and NUMERIC are numbers.
 */
const PARSERS: Record<number, (text: string) => unknown> = {
  [types.builtins.INT8]: parseBigint,
  [types.builtins.NUMERIC]: Number,
  [types.builtins.BOOL]: (t) => (t === 't' ? 1 : 0),
  [types.builtins.JSON]: (t) => t,
  [types.builtins.JSONB]: (t) => t,
};
const typeParser = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    PARSERS[oid] ?? types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
};

export interface PostgresOptions {
  /** Pool size per process; several processes share the server's max_connections. */
  max?: number;
  /**
   * How long a query waits for a connection (a new one, or a free one of the pool) before it
   * fails with "timeout exceeded when trying to connect", answered 503 (availability.ts).
   * Without it a server that drops packets (host down, firewall) holds requests for minutes.
   */
  connectTimeoutMs?: number;
}

/** A pooled PostgreSQL database from a postgres:// URL (DATABASE_URL). */
export function postgresDatabase(url: string, options: PostgresOptions = {}): SqlDatabase {
  const pool = new Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    types: typeParser,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  type Queryable = Pick<pg.PoolClient, 'query'>;
  const exec = (on: Queryable) => {
    const rows = async (sql: string, params?: readonly SqlValue[]) =>
      (await on.query(toPgPlaceholders(sql), normalizeParams(params))).rows as Row[];
    return {
      all: rows,
      get: async (sql: string, params?: readonly SqlValue[]) => (await rows(sql, params))[0],
      run: async (sql: string, params?: readonly SqlValue[]) => ({
        changes: (await on.query(toPgPlaceholders(sql), normalizeParams(params))).rowCount ?? 0,
      }),
      // No parameters: the simple protocol, which takes several statements at once.
      exec: async (sql: string) => void (await on.query(sql)),
    };
  };
  let savepoints = 0;

  function txExecutor(client: pg.PoolClient, isOpen: () => boolean): SqlExecutor {
    const d = exec(client);
    const check = () => {
      if (!isOpen()) throw new Error('This transaction has already ended; use the database instead.');
    };
    return {
      dialect: 'postgres',
      query: async <T>(sql: string, params?: readonly SqlValue[]) => (
        check(),
        (await d.all(sql, params)) as T[]
      ),
      all: async <T>(sql: string, params?: readonly SqlValue[]) => (
        check(),
        (await d.all(sql, params)) as T[]
      ),
      get: async <T>(sql: string, params?: readonly SqlValue[]) => (
        check(),
        (await d.get(sql, params)) as T | undefined
      ),
      run: async (sql, params) => (check(), d.run(sql, params)),
      exec: async (sql) => (check(), d.exec(sql)),
      transaction: async (fn) => {
        check();
        const name = `sp_${++savepoints}`;
        await client.query(`SAVEPOINT ${name}`);
        let open = true;
        try {
          const result = await fn(txExecutor(client, () => open && isOpen()));
          await client.query(`RELEASE SAVEPOINT ${name}`);
          return result;
        } catch (err) {
          await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
          throw err;
        } finally {
          open = false;
        }
      },
    };
  }

  const d = exec(pool);
  return {
    dialect: 'postgres',
    query: (sql, params) => d.all(sql, params) as Promise<never[]>,
    all: (sql, params) => d.all(sql, params) as Promise<never[]>,
    get: (sql, params) => d.get(sql, params) as Promise<never>,
    run: d.run,
    exec: d.exec,
    async transaction(fn) {
      const client = await pool.connect();
      let open = true;
      let broken = false;
      // A client the pool has handed out has no 'error' listener of the pool's: a backend ended
      // while the transaction waits between statements (an admin shutdown, 57P01, a restart)
      // would be an unhandled 'error' event and end the process. The next statement fails with
      // the cause (answered 503), and the client is not handed out again.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(txExecutor(client, () => open));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true; // the connection itself failed: do not hand it out again
        }
        throw err;
      } finally {
        open = false;
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
