import {
  compileFilters,
  compileOrder,
  compileSelect,
  FALSE_SQL,
  TRUE_SQL,
  type SqlDialect,
  type SqlPart,
} from './compile';
import type { RestCaller } from './caller';
import { PgrstError, singularError } from './errors';
import { contentRange, contentType, type Negotiated } from './negotiate';
import type { ReadQuery } from './query';
import type { RestRepository } from './repository';
import { shapeRows } from './shape';
import type { TableDef } from './tables';

/** The most rows one response carries, like Supabase's default `db-max-rows`. */
export const MAX_ROWS = 1000;

export interface RestResult {
  status: 200 | 201 | 206;
  headers: Record<string, string>;
  body: string | null;
}

/** Row visibility, as row-level security would express it. */
export function rowScope(table: TableDef, caller: RestCaller, dialect: SqlDialect = 'sqlite'): SqlPart {
  if (table.read === 'everyone' || caller.role === 'service_role')
    return { sql: TRUE_SQL[dialect], params: [] };
  if (caller.role === 'authenticated') return { sql: '"user_id" = ?', params: [caller.userId] };
  return { sql: FALSE_SQL[dialect], params: [] };
}

export function readRows(
  repo: RestRepository,
  table: TableDef,
  caller: RestCaller,
  query: ReadQuery,
  n: Negotiated,
): RestResult {
  const projection = compileSelect(table, query.select);
  const filters = compileFilters(table, query.filters);
  const scope = rowScope(table, caller);
  const plan = {
    table,
    columns: projection.sql,
    where: `(${scope.sql}) AND (${filters.sql})`,
    params: [...scope.params, ...filters.params],
    orderBy: compileOrder(table, query.order),
    limit: Math.min(query.limit ?? MAX_ROWS, MAX_ROWS),
    offset: query.offset,
  };
  const rows = shapeRows(repo.select(plan), projection, n.stripNulls);
  const total = n.count ? repo.count(plan) : null;
  if (total !== null && query.offset > total) {
    throw new PgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${query.offset} was requested, but there are only ${total} rows.`,
      null,
      { 'Content-Range': `*/${total}` },
    );
  }
  if (n.singular && rows.length !== 1) throw singularError(rows.length);
  const status = total !== null && rows.length < total ? 206 : 200;
  return {
    status,
    headers: {
      'Content-Type': contentType(n),
      'Content-Range': contentRange(query.offset, rows.length, total),
    },
    body: JSON.stringify(n.singular ? rows[0] : rows),
  };
}
