import { constraintKind, type SqlExecutor } from '../db/sql';
import { PgrstError } from './errors';
import type { Row, SelectPlan } from './repository';
import { quoteIdent, type TableDef } from './tables';
import { conflictClause } from './upsert';

/**
 * The /rest/v1 repository over the async data interface, for SQLite and PostgreSQL alike (the
 * plan must be compiled for `sql.dialect`). It runs the same statements as repository.ts,
 * which stays the synchronous SQLite path until the server's data layer is converted.
 */
export interface AsyncRestRepository {
  select(plan: SelectPlan): Promise<Row[]>;
  count(plan: SelectPlan): Promise<number>;
  /** Inserts every row in one transaction; returns the stored rows in order (duplicates skipped with onConflict). */
  insert(table: TableDef, rows: Row[], onConflict?: readonly string[] | null): Promise<Row[]>;
}

export function createSqlRestRepository(sql: SqlExecutor): AsyncRestRepository {
  return {
    select: (plan) =>
      guard(plan.table, () =>
        sql.all(
          `SELECT ${plan.columns} FROM ${quoteIdent(plan.table.name)} WHERE ${plan.where}${plan.orderBy} ` +
            'LIMIT ? OFFSET ?',
          [...(plan.params as never[]), plan.limit, plan.offset],
        ),
      ),
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
            const got = await tx.get(
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
