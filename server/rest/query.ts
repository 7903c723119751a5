import { PgrstError, parseError } from './errors';
import { splitTopLevel, unquote } from './grammar';

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'in',
  'is',
  'cs',
  'cd',
  'ov',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  kind: 'cond';
  column: string;
  negate: boolean;
  op: Operator;
  quantifier: 'any' | 'all' | null;
  value: string;
}
export interface Group {
  kind: 'group';
  op: 'and' | 'or';
  negate: boolean;
  items: Filter[];
}
export type Filter = Condition | Group;

export interface SelectItem {
  column: string;
  alias: string;
}
export interface OrderItem {
  column: string;
  descending: boolean;
  nullsFirst: boolean;
}
export interface ReadQuery {
  /** null means `*` (every column). */
  select: SelectItem[] | null;
  filters: Filter[];
  order: OrderItem[];
  limit: number | null;
  offset: number;
  /** The `columns` parameter of an insert, restricting which body keys are used. */
  columns: string[] | null;
}

// `apikey` may travel as a query parameter (gateway style); it is a credential, never a filter.
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);
const MAX_DEPTH = 8;
const MAX_SELECT = 100;
const MAX_ORDER = 20;
const MAX_CONDITIONS = 100;
const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);
const QUANTIFIABLE: ReadonlySet<string> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike']);

/** Parses the URL query of a /rest/v1 request into a typed query (no identifier checks yet). */
export function parseQuery(params: URLSearchParams): ReadQuery {
  const query: ReadQuery = { select: null, filters: [], order: [], limit: null, offset: 0, columns: null };
  const budget = { left: MAX_CONDITIONS };
  for (const [key, value] of params) {
    // PostgreSQL text cannot hold NUL; PostgREST refuses it while parsing, before any SQL.
    if (key.includes('\0') || value.includes('\0')) {
      throw parseError(
        key === 'select' ? 'select parameter' : `parameter ${JSON.stringify(key.replace(/\0/g, '\\0'))}`,
        'NUL characters are not allowed',
      );
    }
    if (key === 'select') query.select = parseSelect(value);
    else if (key === 'order') query.order = parseOrder(value);
    else if (key === 'limit') query.limit = parseCount(value, 'limit');
    else if (key === 'offset') query.offset = parseCount(value, 'offset');
    else if (key === 'columns') query.columns = splitTopLevel(value, 'columns').map((c) => unquote(c.trim()));
    else if (RESERVED.has(key)) continue;
    else query.filters.push(parseParam(key, value, budget));
  }
  return query;
}

function parseCount(value: string, name: string): number {
  if (!/^\d{1,9}$/.test(value)) throw parseError(`${name} parameter (${value})`);
  return Number(value);
}

function parseParam(key: string, value: string, budget: { left: number }): Filter {
  const group = /^(not\.)?(and|or)$/.exec(key);
  if (group) {
    if (!value.startsWith('(') || !value.endsWith(')')) throw parseError(`logic tree (${value})`);
    return parseGroup(group[2] as 'and' | 'or', Boolean(group[1]), value.slice(1, -1), 1, budget);
  }
  return parseCondition(unquote(key), value, false, budget);
}

function parseGroup(
  op: 'and' | 'or',
  negate: boolean,
  body: string,
  depth: number,
  budget: { left: number },
): Group {
  if (depth > MAX_DEPTH) throw parseError('logic tree', `nested deeper than ${MAX_DEPTH} levels`);
  const items = splitTopLevel(body, `logic tree (${body})`).map((raw) => {
    const item = raw.trim();
    const nested = /^(not\.)?(and|or)\(([\s\S]*)\)$/.exec(item);
    if (nested)
      return parseGroup(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3] ?? '', depth + 1, budget);
    const col = /^("(?:[^"\\]|\\.)*"|[^.]+)\.([\s\S]+)$/.exec(item);
    if (!col) throw parseError(`logic tree (${item})`);
    return parseCondition(unquote(col[1] ?? ''), col[2] ?? '', true, budget);
  });
  return { kind: 'group', op, negate, items };
}

function parseCondition(column: string, raw: string, inTree: boolean, budget: { left: number }): Condition {
  if (--budget.left < 0) throw parseError('filters', `more than ${MAX_CONDITIONS} conditions`);
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\((any|all)\))?\.([\s\S]*)$/.exec(rest);
  if (!m) throw parseError(`filter (${raw})`, 'expecting an operator such as eq., in. or is.');
  const [, op = '', quantifier, value = ''] = m;
  if (!OPERATOR_SET.has(op)) {
    throw new PgrstError(
      400,
      'PGRST100',
      `failed to parse filter (${raw})`,
      `unknown or unsupported operator "${op}"`,
    );
  }
  if (quantifier && !QUANTIFIABLE.has(op))
    throw parseError(`filter (${raw})`, `"${op}" takes no (any)/(all)`);
  const listValued = op === 'in' || op === 'cs' || op === 'cd' || op === 'ov' || quantifier;
  return {
    kind: 'cond',
    column,
    negate,
    op: op as Operator,
    quantifier: (quantifier as 'any' | 'all' | undefined) ?? null,
    value: inTree && !listValued ? unquote(value) : value,
  };
}

function parseSelect(value: string): SelectItem[] | null {
  const items: SelectItem[] = [];
  let star = false;
  for (const raw of splitTopLevel(value, `select parameter (${value})`)) {
    const item = raw.trim();
    if (item === '*') {
      star = true;
      continue;
    }
    if (item.includes('(') || item.startsWith('...')) {
      const rel = item.replace(/^\.\.\./, '').split(/[(!:]/)[0] ?? item;
      throw new PgrstError(
        400,
        'PGRST200',
        `Could not find a relationship for '${rel}' in the schema cache`,
        null,
        'Embedding related tables is not supported by this server.',
      );
    }
    const m =
      /^(?:("(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*):)?("(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*)$/.exec(
        item,
      );
    if (!m) throw parseError(`select parameter (${value})`, `unexpected "${item}"`);
    const column = unquote(m[2] ?? '');
    items.push({ column, alias: m[1] ? unquote(m[1]) : column });
  }
  if (items.length > MAX_SELECT) throw parseError('select parameter', `more than ${MAX_SELECT} columns`);
  if (star) return items.length === 0 ? null : [{ column: '*', alias: '*' }, ...items];
  if (items.length === 0) throw parseError(`select parameter (${value})`);
  return items;
}

function parseOrder(value: string): OrderItem[] {
  const items = splitTopLevel(value, `order parameter (${value})`);
  if (items.length > MAX_ORDER) throw parseError('order parameter', `more than ${MAX_ORDER} columns`);
  return items.map((raw) => {
    const m = /^("(?:[^"\\]|\\.)*"|[^.]+)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/.exec(raw.trim());
    if (!m) throw parseError(`order parameter (${value})`, `unexpected "${raw}"`);
    const descending = m[2] === 'desc';
    // PostgreSQL's defaults: NULLs sort as the largest value (last ascending, first descending).
    const nullsFirst = m[3] ? m[3] === 'nullsfirst' : descending;
    return { column: unquote(m[1] ?? ''), descending, nullsFirst };
  });
}
