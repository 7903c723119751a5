import { FALSE_SQL, TRUE_SQL, type SqlDialect, type SqlPart } from './compile';
import type { RestCaller } from './caller';
import { PgrstError, singularError } from './errors';
import { contentRange, contentType, type Negotiated } from './negotiate';
import type { ReadQuery } from './query';
import { compileRead } from './query-cache';
import type { RestRepository, SelectPlan } from './repository';
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

/**
 * GET /rest/v1/<table> on either database: the plan is compiled for the repository's dialect.
 * On SQLite, rows come serialised by SQLite when the projection allows it (issue 13's fast path);
 * otherwise, and always on PostgreSQL, they are shaped and serialised in JS. Same answers on both.
 */
export async function readRows(
  repo: RestRepository,
  table: TableDef,
  caller: RestCaller,
  query: ReadQuery,
  n: Negotiated,
): Promise<RestResult> {
  const { projection, filters, orderBy, objectSql } = compileRead(table, query, repo.dialect);
  const scope = rowScope(table, caller, repo.dialect);
  const plan = {
    table,
    columns: projection.sql,
    where: `(${scope.sql}) AND (${filters.sql})`,
    params: scope.params.length ? [...scope.params, ...filters.params] : filters.params,
    orderBy,
    limit: Math.min(query.limit ?? MAX_ROWS, MAX_ROWS),
    offset: query.offset,
  };
  // Rows serialised by SQLite are sent as they come; stripped nulls need the JS shaping.
  const json = objectSql && !n.stripNulls ? await selectJson(repo, plan, objectSql) : null;
  const rows = json ? null : shapeRows(await repo.select(plan), projection, n.stripNulls);
  const returned = json ? json.length : rows!.length;
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
  if (n.singular && returned !== 1) throw singularError(returned);
  const status = total !== null && returned < total ? 206 : 200;
  const body = json
    ? n.singular
      ? json[0]!
      : `[${json.join(',')}]`
    : JSON.stringify(n.singular ? rows![0] : rows);
  return {
    status,
    headers: {
      'Content-Type': contentType(n),
      'Content-Range': contentRange(query.offset, returned, total),
    },
    body,
  };
}

/**
 * SQLite refuses a stored JSON value it cannot parse (the columns CHECK json_valid, so only a
 * corrupted row): null then, and the JS path shows that value raw as it always did.
 */
async function selectJson(
  repo: RestRepository,
  plan: SelectPlan,
  objectSql: string,
): Promise<string[] | null> {
  try {
    return await repo.selectJson(plan, objectSql);
  } catch (err) {
    if (/malformed JSON/i.test((err as Error).message)) return null;
    throw err;
  }
}
