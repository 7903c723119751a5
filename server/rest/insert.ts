import { MAX_JSON_DEPTH, tooDeep } from '../lib/json-depth';
import { CONTROL_MESSAGE, controlCharPath } from '../lib/text';
import type { RestCaller } from './caller';
import { compileSelect } from './compile';
import {
  invalidInput,
  permissionDenied,
  PgrstError,
  rlsViolation,
  singularError,
  unknownBodyColumn,
} from './errors';
import { contentType, type Negotiated } from './negotiate';
import type { ReadQuery } from './query';
import type { RestResult } from './read';
import type { RestRepository, Row } from './repository';
import { projectRows, shapeRows } from './shape';
import { columnType, type TableDef } from './tables';

const MAX_INSERT_ROWS = 1000;

/**
 * POST /rest/v1/<table>. Only signed-in members insert, and only for themselves: user_id is
 * always the token's subject, whatever the body says (the RLS policy `user_id = auth.uid()`
 * of a hosted project, applied by overwriting instead of refusing, so a stale client still works).
 */
export async function insertRows(
  repo: RestRepository,
  table: TableDef,
  caller: RestCaller,
  query: ReadQuery,
  n: Negotiated,
  rawBody: string,
  /** `resolution=ignore-duplicates` on this unique key (upsert.ts): duplicates are skipped. */
  onConflict: readonly string[] | null = null,
): Promise<RestResult> {
  if (!table.insertable) throw permissionDenied(table.name, caller.role === 'anon');
  if (caller.role !== 'authenticated') throw rlsViolation(table.name, caller.role === 'anon');
  const items = parseBody(rawBody);
  if (items.length > MAX_INSERT_ROWS) {
    throw new PgrstError(
      413,
      'PGRST100',
      `failed to parse insert body`,
      `More than ${MAX_INSERT_ROWS} rows.`,
    );
  }
  if (n.singular && items.length !== 1) throw singularError(items.length);
  const allowed = query.columns ?? null;
  for (const c of allowed ?? []) if (!columnType(table, c)) throw unknownBodyColumn(table.name, c);
  const records = items.map((item) => toRecord(table, item, allowed, caller.userId));
  const stored = await repo.insert(table, records, onConflict);
  const headers: Record<string, string> = { 'Content-Range': `*/${n.count ? stored.length : '*'}` };
  // Reference §3.1: 201 when something was inserted, 200 when every row was a duplicate.
  const status = onConflict && stored.length === 0 ? 200 : 201;
  if (!n.returnRepresentation) return { status, headers, body: null };
  const projection = compileSelect(table, query.select);
  const rows = shapeRows(projectRows(stored, projection), projection, n.stripNulls);
  headers['Content-Type'] = contentType(n);
  return { status, headers, body: JSON.stringify(n.singular ? rows[0] : rows) };
}

function parseBody(raw: string): Row[] {
  let parsed: unknown;
  if (tooDeep(raw)) {
    throw new PgrstError(
      400,
      'PGRST102',
      'Empty or invalid json',
      `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`,
    );
  }
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (!list.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
    throw new PgrstError(
      400,
      'PGRST102',
      'All object keys must match',
      'Expecting a JSON object or an array of objects.',
    );
  }
  return list as Row[];
}

function toRecord(table: TableDef, item: Row, allowed: readonly string[] | null, userId: string): Row {
  const record: Row = {};
  for (const [key, value] of Object.entries(item)) {
    if (allowed && !allowed.includes(key)) continue;
    const type = columnType(table, key);
    if (!type) throw unknownBodyColumn(table.name, key);
    if (key === 'user_id') continue;
    if (!table.insertable?.includes(key)) {
      throw new PgrstError(
        400,
        '428C9',
        `cannot insert a non-DEFAULT value into column "${key}"`,
        null,
        `Column "${key}" is set by the server.`,
      );
    }
    const bad = controlCharPath(value, true, [key]);
    if (bad !== null) {
      // 22P05 is what PostgreSQL answers for a NUL in text; the other control characters are
      // refused alike (issue 20), with the column named so the client can say which field.
      throw new PgrstError(400, '22P05', `invalid input for column "${key}"`, `${bad}: ${CONTROL_MESSAGE}`);
    }
    record[key] = coerce(type, value);
  }
  record.user_id = userId;
  return record;
}

/** JSON values into the column's type, refusing what PostgreSQL's json_populate_record would. */
function coerce(type: 'integer' | 'text' | 'json', value: unknown): unknown {
  if (value === null) return null;
  if (type === 'integer') {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
    throw invalidInput('bigint', typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (type === 'json') return JSON.stringify(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw invalidInput('text', JSON.stringify(value));
}
