import { invalidInput, parseError, undefinedOperator, unknownColumn } from './errors';
import { parseList } from './grammar';
import { toGlobPattern, toIlikePattern } from './patterns';
import type { Condition, Filter, OrderItem, SelectItem } from './query';
import { columnType, PG_TYPE, quoteIdent, type ColumnType, type TableDef } from './tables';

/**
 * Which SQL to emit. 'sqlite' is what the server runs today; 'postgres' is the same query for
 * PostgreSQL (JSON columns are jsonb there, see server/db/sql/README.md). Placeholders are `?`
 * in both: the data layer numbers them for PostgreSQL.
 */
export type SqlDialect = 'sqlite' | 'postgres';

/** Always-true / always-false conditions: SQLite takes 1/0, PostgreSQL needs booleans. */
export const TRUE_SQL: Record<SqlDialect, string> = { sqlite: '1', postgres: 'TRUE' };
export const FALSE_SQL: Record<SqlDialect, string> = { sqlite: '0', postgres: 'FALSE' };

export interface SqlPart {
  sql: string;
  params: unknown[];
}

const COMPARISON: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const PG_OPERATOR: Record<string, string> = {
  like: '~~',
  ilike: '~~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  in: '=',
};

/** Resolves a column against the allow-list; the request's spelling never reaches SQL unchecked. */
export function requireColumn(table: TableDef, column: string): ColumnType {
  const type = columnType(table, column);
  if (!type) throw unknownColumn(table.name, column);
  return type;
}

/** Binds a value as its column's type, refusing what PostgreSQL would refuse (e.g. id=eq.abc). */
export function bindValue(type: ColumnType, value: string): unknown {
  if (type === 'integer') {
    if (!/^-?\d{1,15}$/.test(value)) throw invalidInput('bigint', value);
    return Number(value);
  }
  if (type === 'json') {
    try {
      return JSON.stringify(JSON.parse(value));
    } catch {
      throw invalidInput('json', value);
    }
  }
  return value;
}

export function compileFilters(
  table: TableDef,
  filters: readonly Filter[],
  dialect: SqlDialect = 'sqlite',
): SqlPart {
  const parts = filters.map((f) => compileFilter(table, f, dialect));
  return join(parts, 'AND', dialect);
}

function join(parts: SqlPart[], glue: 'AND' | 'OR', dialect: SqlDialect): SqlPart {
  if (parts.length === 0) return { sql: glue === 'AND' ? TRUE_SQL[dialect] : FALSE_SQL[dialect], params: [] };
  return { sql: parts.map((p) => `(${p.sql})`).join(` ${glue} `), params: parts.flatMap((p) => p.params) };
}

function compileFilter(table: TableDef, filter: Filter, dialect: SqlDialect): SqlPart {
  const inner =
    filter.kind === 'group'
      ? join(
          filter.items.map((f) => compileFilter(table, f, dialect)),
          filter.op === 'and' ? 'AND' : 'OR',
          dialect,
        )
      : compileCondition(table, filter, dialect);
  return filter.negate ? { sql: `NOT (${inner.sql})`, params: inner.params } : inner;
}

function compileCondition(table: TableDef, cond: Condition, dialect: SqlDialect): SqlPart {
  const type = requireColumn(table, cond.column);
  const col = quoteIdent(cond.column);
  const what = `filter (${cond.column}.${cond.op}.${cond.value})`;
  if (cond.quantifier) {
    const values = parseList(cond.value, what);
    const parts = values.map((v) => compileSimple(type, col, cond.op, v, dialect));
    return join(parts, cond.quantifier === 'any' ? 'OR' : 'AND', dialect);
  }
  switch (cond.op) {
    case 'in': {
      if (type === 'json') throw undefinedOperator('=', PG_TYPE[type]);
      const values = parseList(cond.value, what).map((v) => bindValue(type, v));
      if (values.length === 0) return { sql: FALSE_SQL[dialect], params: [] };
      return { sql: `${col} IN (${values.map(() => '?').join(', ')})`, params: values };
    }
    case 'is':
      return compileIs(col, cond.value, what, dialect);
    case 'cs':
    case 'cd':
    case 'ov':
      return compileArray(type, col, cond.op, parseList(cond.value, what), dialect);
    default:
      return compileSimple(type, col, cond.op, cond.value, dialect);
  }
}

function compileSimple(
  type: ColumnType,
  col: string,
  op: string,
  value: string,
  dialect: SqlDialect,
): SqlPart {
  if (op === 'like' || op === 'ilike') {
    if (type === 'json') throw undefinedOperator(PG_OPERATOR[op] ?? op, PG_TYPE[type]);
    const target = type === 'integer' ? `CAST(${col} AS TEXT)` : col;
    // PostgreSQL has both operators; its default LIKE escape is the backslash PostgREST uses.
    if (dialect === 'postgres') {
      return { sql: `${target} ${op === 'like' ? 'LIKE' : 'ILIKE'} ?`, params: [toIlikePattern(value)] };
    }
    return op === 'like'
      ? { sql: `${target} GLOB ?`, params: [toGlobPattern(value)] }
      : { sql: `${target} LIKE ? ESCAPE '\\'`, params: [toIlikePattern(value)] };
  }
  const sqlOp = COMPARISON[op];
  if (!sqlOp) throw parseError(`filter (${op}.${value})`);
  if (type === 'json') {
    if (op !== 'eq' && op !== 'neq') throw undefinedOperator(sqlOp, PG_TYPE[type]);
    if (dialect === 'postgres') {
      return { sql: `${col} ${sqlOp} CAST(? AS jsonb)`, params: [bindValue(type, value)] };
    }
    return { sql: `json(${col}) ${sqlOp} json(?)`, params: [bindValue(type, value)] };
  }
  return { sql: `${col} ${sqlOp} ?`, params: [bindValue(type, value)] };
}

function compileIs(col: string, value: string, what: string, dialect: SqlDialect): SqlPart {
  // Flags are INTEGER 0/1 in both schemas; PostgreSQL spells SQLite's `IS 1` this way.
  const is = dialect === 'postgres' ? 'IS NOT DISTINCT FROM' : 'IS';
  switch (value.toLowerCase()) {
    case 'null':
    case 'unknown':
      return { sql: `${col} IS NULL`, params: [] };
    case 'not_null':
      return { sql: `${col} IS NOT NULL`, params: [] };
    case 'true':
      return { sql: `${col} ${is} 1`, params: [] };
    case 'false':
      return { sql: `${col} ${is} 0`, params: [] };
    default:
      throw parseError(what, 'expecting null, not_null, true, false or unknown');
  }
}

/** Array operators over JSON-array columns: contains (cs), contained by (cd), overlaps (ov). */
function compileArray(
  type: ColumnType,
  col: string,
  op: 'cs' | 'cd' | 'ov',
  values: string[],
  dialect: SqlDialect,
): SqlPart {
  if (type !== 'json') throw undefinedOperator(PG_OPERATOR[op] ?? op, PG_TYPE[type]);
  const list = JSON.stringify(values);
  if (dialect === 'postgres') {
    if (op === 'cs') return { sql: `${col} @> CAST(? AS jsonb)`, params: [list] };
    if (op === 'cd') return { sql: `${col} <@ CAST(? AS jsonb)`, params: [list] };
    // Not `?|`: a `?` operator would be read as a placeholder by the data layer.
    return {
      sql:
        `EXISTS (SELECT 1 FROM jsonb_array_elements(${col}) AS h(value) WHERE h.value IN ` +
        '(SELECT w.value FROM jsonb_array_elements(CAST(? AS jsonb)) AS w(value)))',
      params: [list],
    };
  }
  const have = `SELECT h.value FROM json_each(${col}) AS h`;
  const want = 'SELECT w.value FROM json_each(?) AS w';
  if (op === 'cs') return { sql: `NOT EXISTS (${want} WHERE w.value NOT IN (${have}))`, params: [list] };
  if (op === 'cd') return { sql: `NOT EXISTS (${have} WHERE h.value NOT IN (${want}))`, params: [list] };
  return { sql: `EXISTS (${have} WHERE h.value IN (${want}))`, params: [list] };
}

export function compileOrder(table: TableDef, order: readonly OrderItem[]): string {
  if (order.length === 0) return '';
  const items = order.map((o) => {
    requireColumn(table, o.column);
    return `${quoteIdent(o.column)} ${o.descending ? 'DESC' : 'ASC'} NULLS ${o.nullsFirst ? 'FIRST' : 'LAST'}`;
  });
  return ` ORDER BY ${items.join(', ')}`;
}

export interface Projection {
  sql: string;
  /** The selected columns with `*` expanded, in output order. */
  items: SelectItem[];
  /** Output keys whose values are JSON text to parse before sending. */
  jsonKeys: string[];
}

export function compileSelect(table: TableDef, select: readonly SelectItem[] | null): Projection {
  const items: SelectItem[] = [];
  for (const item of select ?? [{ column: '*', alias: '*' }]) {
    if (item.column === '*') items.push(...Object.keys(table.columns).map((c) => ({ column: c, alias: c })));
    else items.push(item);
  }
  const jsonKeys: string[] = [];
  const sql = items
    .map((item) => {
      if (requireColumn(table, item.column) === 'json') jsonKeys.push(item.alias);
      return `${quoteIdent(item.column)} AS ${quoteIdent(item.alias)}`;
    })
    .join(', ');
  return { sql, items, jsonKeys };
}
