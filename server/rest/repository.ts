import type { Statement } from 'better-sqlite3';
import type { DB } from '../db/open';
import { PgrstError } from './errors';
import { quoteIdent, type TableDef } from './tables';
import { conflictClause } from './upsert';

export type Row = Record<string, unknown>;

export interface SelectPlan {
  table: TableDef;
  columns: string;
  where: string;
  params: unknown[];
  orderBy: string;
  limit: number;
  offset: number;
}

export interface RestRepository {
  select(plan: SelectPlan): Row[];
  /**
   * The same rows as `select`, each already serialised by SQLite (`json_object(...)` from
   * `objectSql`), so JSON columns are sent as stored instead of parsed and re-serialised.
   */
  selectJson(plan: SelectPlan, objectSql: string): string[];
  count(plan: SelectPlan): number;
  /**
   * Inserts every row in one transaction; returns the stored rows (all columns) in order. With
   * `onConflict`, a row clashing on that unique key is skipped (not returned).
   */
  insert(table: TableDef, rows: Row[], onConflict?: readonly string[] | null): Row[];
}

/** SQLite's default limit on a function's arguments is 127: two per column. */
const MAX_JSON_OBJECT_COLUMNS = 60;

/**
 * `json_object('alias', "column", …)` for `selectJson`, JSON columns through `json()` so they
 * nest as values. null where SQLite's object would differ from the row the JS path sends: a
 * repeated alias (one key there, two here), `__proto__` (dropped there), or too many columns.
 */
export function jsonObjectSql(
  items: readonly { alias: string; column: string; json: boolean }[],
): string | null {
  const aliases = new Set(items.map((i) => i.alias));
  if (aliases.size !== items.length || aliases.has('__proto__') || items.length > MAX_JSON_OBJECT_COLUMNS)
    return null;
  const pairs = items.map((i) => {
    const col = quoteIdent(i.column);
    return `'${i.alias.replace(/'/g, "''")}', ${i.json ? `json(${col})` : col}`;
  });
  return `json_object(${pairs.join(', ')})`;
}

/** Bounds the statement cache: query shapes are finite in practice, but the cap keeps memory fixed. */
const CACHE_LIMIT = 500;

/**
 * The only module that runs /rest/v1 SQL. Generated statements are prepared once per distinct
 * text and reused, so repeated shapes of a query cost a lookup, not a compile.
 */
export function createRestRepository(db: DB): RestRepository {
  const cache = new Map<string, Statement>();
  const prepare = (sql: string, pluck = false): Statement => {
    let stmt = cache.get(sql);
    if (!stmt) {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      stmt = db.prepare(sql);
      // One-column statements (json_object) answer the value itself, not {column: value}.
      if (pluck) stmt.pluck();
      cache.set(sql, stmt);
    }
    return stmt;
  };

  return {
    select(plan) {
      const sql =
        `SELECT ${plan.columns} FROM ${quoteIdent(plan.table.name)} WHERE ${plan.where}${plan.orderBy} ` +
        'LIMIT ? OFFSET ?';
      return guard(plan.table, () => prepare(sql).all(...plan.params, plan.limit, plan.offset) as Row[]);
    },
    selectJson(plan, objectSql) {
      const sql =
        `SELECT ${objectSql} FROM ${quoteIdent(plan.table.name)} WHERE ${plan.where}${plan.orderBy} ` +
        'LIMIT ? OFFSET ?';
      return guard(
        plan.table,
        () => prepare(sql, true).all(...plan.params, plan.limit, plan.offset) as string[],
      );
    },
    count(plan) {
      const sql = `SELECT count(*) AS n FROM ${quoteIdent(plan.table.name)} WHERE ${plan.where}`;
      return guard(plan.table, () => (prepare(sql).get(...plan.params) as { n: number }).n);
    },
    insert(table, rows, onConflict) {
      const run = db.transaction((items: Row[]) =>
        items.flatMap((row) => {
          const cols = Object.keys(row);
          const sql =
            `INSERT INTO ${quoteIdent(table.name)} (${cols.map(quoteIdent).join(', ')}) ` +
            `VALUES (${cols.map(() => '?').join(', ')})${conflictClause(onConflict)} RETURNING *`;
          const stored = prepare(sql).get(...cols.map((c) => row[c])) as Row | undefined;
          return stored ? [stored] : [];
        }),
      );
      return guard(table, () => run(rows));
    },
  };
}

/** Turns SQLite constraint failures into PostgreSQL's codes, without the driver's text. */
function guard<T>(table: TableDef, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    const t = table.name;
    if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
      throw new PgrstError(
        409,
        '23503',
        `insert or update on table "${t}" violates foreign key constraint`,
        'The referenced row does not exist.',
      );
    }
    if (code === 'SQLITE_CONSTRAINT_CHECK' || code === 'SQLITE_CONSTRAINT_TRIGGER') {
      throw new PgrstError(400, '23514', `new row for relation "${t}" violates check constraint`);
    }
    if (code === 'SQLITE_CONSTRAINT_NOTNULL') {
      throw new PgrstError(
        400,
        '23502',
        `null value in a column of relation "${t}" violates not-null constraint`,
      );
    }
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      throw new PgrstError(409, '23505', `duplicate key value violates unique constraint on "${t}"`);
    }
    throw err;
  }
}
