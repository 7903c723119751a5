import type { ConstraintKind, SqlValue } from './types';

/**
 * Turns `?` placeholders into PostgreSQL's `$1, $2…`, leaving question marks inside string
 * literals, quoted identifiers and comments alone. (PostgreSQL's own `?`-named jsonb operators
 * are outside the common subset for this reason: use the functions instead.)
 */
export function toPgPlaceholders(sql: string): string {
  let n = 0;
  return mapPlaceholders(sql, () => `$${++n}`);
}

/**
 * `?` after LIMIT or OFFSET as `?+0`, for SQLite: see `constantPlanLimits` in sqlite.ts for why.
 * Literals, quoted identifiers and comments are left alone.
 */
export function limitsAsExpressions(sql: string): string {
  return mapPlaceholders(sql, (before) => (/\b(?:LIMIT|OFFSET)\s*$/i.test(before) ? '?+0' : '?'));
}

/** Each `?` outside literals, quoted identifiers and comments, replaced by `replace(text so far)`. */
function mapPlaceholders(sql: string, replace: (before: string) => string): string {
  let out = '';
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const end = closingQuote(sql, i, c);
      out += sql.slice(i, end + 1);
      i = end;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end < 0 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      out += replace(out);
    } else {
      out += c;
    }
  }
  return out;
}

/** Index of the quote closing the literal opened at `start` (a doubled quote is an escape). */
function closingQuote(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i;
    } else i++;
  }
  return sql.length - 1;
}

/** The documented parameter rule, applied the same way for both drivers. */
export function normalizeParam(value: SqlValue): string | number | bigint | Buffer | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') return value;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value;
  return JSON.stringify(value);
}

export const normalizeParams = (params: readonly SqlValue[] = []) => params.map(normalizeParam);

const SQLITE_KINDS: Record<string, ConstraintKind> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_TRIGGER: 'check',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
};
const PG_KINDS: Record<string, ConstraintKind> = {
  '23505': 'unique',
  '23503': 'foreign_key',
  '23514': 'check',
  '23502': 'not_null',
};

/** The kind of constraint an error broke, or null when it is not a constraint failure. */
export function constraintKind(err: unknown): ConstraintKind | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  return SQLITE_KINDS[code] ?? PG_KINDS[code] ?? null;
}
