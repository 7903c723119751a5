import {
  compileFilters,
  compileOrder,
  compileSelect,
  type Projection,
  type SqlDialect,
  type SqlPart,
} from './compile';
import { parseQuery, type ReadQuery } from './query';
import { jsonObjectSql } from './repository';
import type { TableDef } from './tables';

/**
 * Parsed and compiled /rest/v1 queries, kept by their exact query string: the app asks the same
 * few shapes (the newest sessions, one session by id) over and over, and parsing and compiling
 * them was per-request work that gave the same answer every time. Only successes are kept (a
 * malformed query throws before it is stored, so it is re-parsed and refused every time), and
 * the size is bounded so hostile query strings cannot grow memory. Cached objects are shared
 * between requests: nothing downstream may modify them.
 */
const MAX_QUERIES = 1_000;
const parsed = new Map<string, ReadQuery>();

/** The query of a request URL (`…?select=*&order=id.desc`), parsed once per distinct string. */
export function queryOf(url: string): ReadQuery {
  const q = url.indexOf('?');
  const hash = url.indexOf('#');
  const search = q < 0 || (hash >= 0 && hash < q) ? '' : url.slice(q + 1, hash < 0 ? undefined : hash);
  let query = parsed.get(search);
  if (!query) {
    query = parseQuery(new URLSearchParams(search));
    if (parsed.size >= MAX_QUERIES) parsed.delete(parsed.keys().next().value as string);
    parsed.set(search, query);
  }
  return query;
}

/** A read's SQL parts that depend only on the table and the query, not on the caller. */
export interface CompiledRead {
  projection: Projection;
  filters: SqlPart;
  orderBy: string;
  /** The row as SQLite-built JSON (`jsonObjectSql`), or null to serialise in JS (always on PostgreSQL). */
  objectSql: string | null;
}

// Keyed by the query object, so a compiled read lives exactly as long as its parsed query.
const compiled = new WeakMap<ReadQuery, Map<string, CompiledRead>>();

export function compileRead(table: TableDef, query: ReadQuery, dialect: SqlDialect = 'sqlite'): CompiledRead {
  let byTable = compiled.get(query);
  // A process talks to one database, so one of the two keys is ever used.
  const key = `${dialect}:${table.name}`;
  const hit = byTable?.get(key);
  if (hit) return hit;
  // Same order as before caching, so the first invalid part is the one reported.
  const projection = compileSelect(table, query.select);
  const filters = compileFilters(table, query.filters, dialect);
  const orderBy = compileOrder(table, query.order);
  const objectSql =
    dialect === 'sqlite'
      ? jsonObjectSql(projection.items.map((i) => ({ ...i, json: projection.jsonKeys.includes(i.alias) })))
      : null;
  const read = { projection, filters, orderBy, objectSql };
  if (!byTable) compiled.set(query, (byTable = new Map()));
  byTable.set(key, read);
  return read;
}
