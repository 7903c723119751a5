/**
 * One async data interface over SQLite (better-sqlite3) and PostgreSQL (pg), so repositories
 * are written once. The rules of the common SQL subset are in ./README.md; in short:
 *
 * - One SQL string for both: `?` placeholders (turned into $1, $2… for PostgreSQL), double-quoted
 *   or plain snake_case identifiers, `ON CONFLICT (…) DO NOTHING / DO UPDATE SET … = excluded.…`,
 *   `RETURNING`, `LIMIT ? OFFSET ?`, `NULLS FIRST/LAST`, CAST(x AS TEXT), count/sum/min/max,
 *   coalesce, lower, length, substr. No dialect functions (json_*, strftime, now()) in queries.
 * - Parameters: numbers, strings, null, Buffers as they are; booleans become 1/0 (flags are
 *   INTEGER 0/1 columns in both schemas); undefined becomes null; a Date becomes its ISO text;
 *   a plain object or array becomes its JSON text (JSON columns take JSON text in both).
 * - Results: integers (BIGINT too) and reals are JS numbers, JSON columns come back as JSON
 *   text in both (parse where needed), timestamps are the ISO-8601 UTC text the app stored.
 */
export type Dialect = 'sqlite' | 'postgres';

export type SqlValue = string | number | bigint | boolean | null | undefined | Date | Buffer | object;
export type Row = Record<string, unknown>;

export interface RunResult {
  /** Rows inserted, updated or deleted by the statement. */
  changes: number;
}

/** The statements every executor offers: the database itself and an open transaction. */
export interface SqlExecutor {
  readonly dialect: Dialect;
  /** Every row of a query (same as all; the name the issue asks for). */
  query<T = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  all<T = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T = Row>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** A write; ids of new rows come from `INSERT … RETURNING id` through get/all instead. */
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
  /** Several statements without parameters (migrations, schema). */
  exec(sql: string): Promise<void>;
  /**
   * Runs fn in a transaction: committed when it resolves, rolled back when it throws. Nested
   * calls on a transaction use savepoints. SQLite: BEGIN IMMEDIATE, and no other statement of
   * this process runs until it ends. PostgreSQL: one pooled client, READ COMMITTED — so
   * exactly-once effects come from unique keys and ON CONFLICT, never from read-then-write.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

export interface SqlDatabase extends SqlExecutor {
  close(): Promise<void>;
}

/** What a constraint failure was, the same for both drivers (their own codes differ). */
export type ConstraintKind = 'unique' | 'foreign_key' | 'check' | 'not_null';
