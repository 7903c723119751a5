import type { SqlExecutor } from './sql';

/** Type families the two schemas must agree on (INTEGER ~ BIGINT, REAL ~ DOUBLE PRECISION, …). */
export type Family = 'integer' | 'real' | 'text' | 'json' | 'blob' | 'other';

export interface TableShape {
  /** column → "family" or "family not null". */
  columns: Record<string, string>;
  primaryKey: string[];
  /** Unique column sets other than the primary key ("a,b"), sorted. */
  uniques: string[];
  /** Named indexes that are not constraints: name → "unique? (a,b)". */
  indexes: Record<string, string>;
  /** "cols -> table(cols) on delete action", sorted. */
  foreignKeys: string[];
}
export type SchemaShape = Record<string, TableShape>;

/** Bookkeeping tables that are not part of the app's schema. */
export const INTERNAL_TABLES = new Set(['schema_migrations', '_write_probe']);

const column = (family: Family, notNull: boolean) => (notNull ? `${family} not null` : family);

function sqliteFamily(declared: string, json: boolean): Family {
  const t = declared.toUpperCase();
  if (t.includes('INT')) return 'integer';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB')) return 'real';
  if (t.includes('TEXT') || t.includes('CHAR')) return json ? 'json' : 'text';
  if (t.includes('BLOB')) return 'blob';
  return 'other';
}

const ON_DELETE: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

function pgFamily(dataType: string): Family {
  if (['bigint', 'integer', 'smallint'].includes(dataType)) return 'integer';
  if (['double precision', 'real', 'numeric'].includes(dataType)) return 'real';
  // citext is a USER-DEFINED type: the case-insensitive text SQLite spells COLLATE NOCASE.
  if (['text', 'character varying', 'USER-DEFINED'].includes(dataType)) return 'text';
  if (dataType === 'jsonb' || dataType === 'json') return 'json';
  if (dataType === 'bytea') return 'blob';
  return 'other';
}

/** The app tables of a SQLite database, in name order. */
export async function sqliteTables(db: SqlExecutor): Promise<string[]> {
  const rows = await db.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  return rows.map((r) => r.name).filter((n) => !INTERNAL_TABLES.has(n));
}

export async function sqliteShape(db: SqlExecutor): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  for (const table of await sqliteTables(db)) {
    const q = `"${table}"`;
    const ddl =
      (await db.get<{ sql: string }>('SELECT sql FROM sqlite_master WHERE name = ?', [table]))?.sql ?? '';
    const jsonCols = new Set([...ddl.matchAll(/json_valid\((\w+)\)/g)].map((m) => m[1]));
    const info = await db.all<{ name: string; type: string; notnull: number; pk: number }>(
      `PRAGMA table_info(${q})`,
    );
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const columns: Record<string, string> = {};
    for (const c of info)
      columns[c.name] = column(sqliteFamily(c.type, jsonCols.has(c.name)), c.notnull === 1 || c.pk > 0);
    const uniques: string[] = [];
    const indexes: Record<string, string> = {};
    for (const ix of await db.all<{ name: string; unique: number; origin: string }>(
      `PRAGMA index_list(${q})`,
    )) {
      if (ix.origin === 'pk') continue;
      const cols = (await db.all<{ name: string; seqno: number }>(`PRAGMA index_info("${ix.name}")`))
        .sort((a, b) => a.seqno - b.seqno)
        .map((c) => c.name);
      if (ix.origin === 'u') uniques.push(cols.join(','));
      else indexes[ix.name] = `${ix.unique ? 'unique ' : ''}(${cols.join(',')})`;
    }
    const fks = new Map<number, { table: string; from: string[]; to: (string | null)[]; onDelete: string }>();
    for (const fk of await db.all<{
      id: number;
      table: string;
      from: string;
      to: string | null;
      on_delete: string;
    }>(`PRAGMA foreign_key_list(${q})`)) {
      const entry = fks.get(fk.id) ?? { table: fk.table, from: [], to: [], onDelete: fk.on_delete };
      entry.from.push(fk.from);
      entry.to.push(fk.to);
      fks.set(fk.id, entry);
    }
    const foreignKeys = [...fks.values()].map(
      (f) => `${f.from.join(',')} -> ${f.table}(${f.to.join(',')}) on delete ${f.onDelete}`,
    );
    shape[table] = { columns, primaryKey, uniques: uniques.sort(), indexes, foreignKeys: foreignKeys.sort() };
  }
  return shape;
}

export async function postgresShape(db: SqlExecutor): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  const cols = await db.all<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  for (const c of cols) {
    if (INTERNAL_TABLES.has(c.table_name)) continue;
    const t = (shape[c.table_name] ??= {
      columns: {},
      primaryKey: [],
      uniques: [],
      indexes: {},
      foreignKeys: [],
    });
    t.columns[c.column_name] = column(pgFamily(c.data_type), c.is_nullable === 'NO');
  }
  const indexes = await db.all<{
    tbl: string;
    idx: string;
    uniq: number;
    pk: number;
    con: number;
    cols: string[];
  }>(
    `SELECT t.relname AS tbl, i.relname AS idx, ix.indisunique AS uniq, ix.indisprimary AS pk,
       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid AND c.contype IN ('u', 'p')) AS con,
       (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum) AS cols
     FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_class i ON i.oid = ix.indexrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = current_schema()`,
  );
  for (const ix of indexes) {
    const t = shape[ix.tbl];
    if (!t) continue;
    if (ix.pk) t.primaryKey = ix.cols;
    else if (ix.con) t.uniques.push(ix.cols.join(','));
    else t.indexes[ix.idx] = `${ix.uniq ? 'unique ' : ''}(${ix.cols.join(',')})`;
  }
  const fks = await db.all<{ tbl: string; ref: string; from_cols: string[]; to_cols: string[]; del: string }>(
    `SELECT t.relname AS tbl, r.relname AS ref, c.confdeltype AS del,
       (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS from_cols,
       (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS to_cols
     FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
  for (const fk of fks) {
    shape[fk.tbl]?.foreignKeys.push(
      `${fk.from_cols.join(',')} -> ${fk.ref}(${fk.to_cols.join(',')}) on delete ${ON_DELETE[fk.del] ?? fk.del}`,
    );
  }
  for (const t of Object.values(shape)) {
    t.uniques.sort();
    t.foreignKeys.sort();
  }
  return shape;
}
