import type { RestCaller } from './caller';
import { compileFilters, compileOrder, compileSelect, type SqlDialect } from './compile';
import { PgrstError, singularError } from './errors';
import { contentRange, contentType, type Negotiated } from './negotiate';
import type { ReadQuery } from './query';
import { MAX_ROWS, rowScope, type RestResult } from './read';
import type { AsyncRestRepository } from './repository-sql';
import { shapeRows } from './shape';
import type { TableDef } from './tables';

/**
 * readRows (read.ts) over the async repository, compiled for the given dialect: the read path
 * the server switches to when its data layer is converted (issue 14). Same answers, statuses
 * and headers; read.test.ts-style parity is checked in dialect.test.ts on both databases.
 */
export async function readRowsSql(
  repo: AsyncRestRepository,
  dialect: SqlDialect,
  table: TableDef,
  caller: RestCaller,
  query: ReadQuery,
  n: Negotiated,
): Promise<RestResult> {
  const projection = compileSelect(table, query.select);
  const filters = compileFilters(table, query.filters, dialect);
  const scope = rowScope(table, caller, dialect);
  const plan = {
    table,
    columns: projection.sql,
    where: `(${scope.sql}) AND (${filters.sql})`,
    params: [...scope.params, ...filters.params],
    orderBy: compileOrder(table, query.order),
    limit: Math.min(query.limit ?? MAX_ROWS, MAX_ROWS),
    offset: query.offset,
  };
  const rows = shapeRows(await repo.select(plan), projection, n.stripNulls);
  const total = n.count ? await repo.count(plan) : null;
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
