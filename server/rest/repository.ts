import { constraintKind, type Dialect, type SqlExecutor } from '../db/sql';
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

/**
 * The only module that runs /rest/v1 SQL, over the async data interface (SQLite or PostgreSQL;
 * the plan must be compiled for `dialect`). Statements are cached per text by the driver.
 */
export interface RestRepository {
  readonly dialect: Dialect;
  select(plan: SelectPlan): Promise<Row[]>;
  /**
   * SQLite only: the same rows as `select`, each already serialised by SQLite (`json_object(...)`
   * from `jsonObjectSql`), so JSON columns are sent as stored instead of parsed and re-serialised
   * (issue 13's catalogue speed work). PostgreSQL takes the plain path: its jsonb text spacing
   * differs from JSON.stringify's, and the answers must be byte-identical on both databases.
   */
  selectJson(plan: SelectPlan, objectSql: string): Promise<string[]>;
  count(plan: SelectPlan): Promise<number>;
  /**
   * Inserts every row in one transaction; returns the stored rows (all columns) in order. With
   * `onConflict`, a row clashing on that unique key is skipped (not returned).
   */
  insert(table: TableDef, rows: Row[], onConflict?: readonly string[] | null): Promise<Row[]>;
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

const selectSql = (plan: SelectPlan, columns: string) =>
  `SELECT ${columns} FROM ${quoteIdent(plan.table.name)} WHERE ${plan.where}${plan.orderBy} LIMIT ? OFFSET ?`;

export function createRestRepository(sql: SqlExecutor): RestRepository {
  return {
    dialect: sql.dialect,
    select: (plan) =>
      guard(plan.table, () =>
        sql.all<Row>(selectSql(plan, plan.columns), [...(plan.params as never[]), plan.limit, plan.offset]),
      ),
    selectJson: (plan, objectSql) => {
      if (sql.dialect !== 'sqlite') throw new Error('selectJson is the SQLite fast path only');
      return guard(plan.table, async () => {
        const rows = await sql.all<{ j: string }>(selectSql(plan, `${objectSql} AS j`), [
          ...(plan.params as never[]),
          plan.limit,
          plan.offset,
        ]);
        return rows.map((r) => r.j);
      });
    },
    count: (plan) =>
      guard(plan.table, async () => {
        const row = await sql.get<{ n: number }>(
          `SELECT count(*) AS n FROM ${quoteIdent(plan.table.name)} WHERE ${plan.where}`,
          plan.params as never[],
        );
        return row?.n ?? 0;
      }),
    insert: (table, rows, onConflict) =>
      guard(table, () =>
        sql.transaction(async (tx) => {
          const stored: Row[] = [];
          for (const row of rows) {
            const cols = Object.keys(row);
            const got = await tx.get<Row>(
              `INSERT INTO ${quoteIdent(table.name)} (${cols.map(quoteIdent).join(', ')}) ` +
                `VALUES (${cols.map(() => '?').join(', ')})${conflictClause(onConflict)} RETURNING *`,
              cols.map((c) => row[c] as never),
            );
            if (got) stored.push(got);
          }
          return stored;
        }),
      ),
  };
}

/** Constraint failures of either driver as PostgreSQL's codes, without the driver's text. */
async function guard<T>(table: TableDef, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const t = table.name;
    switch (constraintKind(err)) {
      case 'foreign_key':
        throw new PgrstError(
          409,
          '23503',
          `insert or update on table "${t}" violates foreign key constraint`,
          'The referenced row does not exist.',
        );
      case 'check':
        throw new PgrstError(400, '23514', `new row for relation "${t}" violates check constraint`);
      case 'not_null':
        throw new PgrstError(
          400,
          '23502',
          `null value in a column of relation "${t}" violates not-null constraint`,
        );
      case 'unique':
        throw new PgrstError(409, '23505', `duplicate key value violates unique constraint on "${t}"`);
      default:
        throw err;
    }
  }
}
