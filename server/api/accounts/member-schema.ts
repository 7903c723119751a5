import type { Dialect, SqlExecutor } from '../../db/sql';

/**
 * Where the database keeps a member's data, found by reading the schema (SQLite's catalogue,
 * or PostgreSQL's pg_catalog/information_schema) rather than from a hand-written list, so a table another
 * area adds later is exported and deleted without touching this code.
 *
 * - A member table has a column with a foreign key to users(id): its rows with that column
 *   equal to the member are theirs (session_completions.user_id, voice_circles.creator_id...).
 * - A child table has no member column of its own but a foreign key to a member table: its
 *   rows hanging off the member's rows are theirs too (program_step_completions).
 */

export interface MemberColumn {
  table: string;
  column: string;
  /** The foreign key's ON DELETE action, upper case (CASCADE, SET NULL, NO ACTION...). */
  onDelete: string;
}

export interface ChildLink {
  table: string;
  column: string;
  parentTable: string;
  parentColumn: string;
}

/** Explicit handling, the only hand-kept part: secrets and foreign keys that do not cascade. */
export const POLICY = {
  /**
   * Deleted with the member, never exported: auth machinery holding token hashes, and the
   * server's own bookkeeping shared between processes (the listening budget's refill level,
   * open live-session streams), which says nothing about the member.
   */
  secretTables: new Set([
    'auth_refresh_tokens',
    'auth_one_time_tokens',
    'auth_flow_states',
    'listening_budgets',
    'live_presence',
  ]),
  /** Column names never exported, whatever the table (password hash, token hashes, PKCE). */
  secretColumn: /(password|hash|token|secret|verifier|challenge|nonce)/i,
  /**
   * Member columns whose ON DELETE is not CASCADE, with the decision for each. A new one fails
   * the schema test until it is decided here.
   * voice_circles.creator_id: a circle the member created is deleted when nobody else is in it;
   * otherwise it belongs to its remaining members and the creator is cleared (SET NULL).
   * challenges.creator_id: the same for a circle challenge someone else joined (it stays for
   * them, without the creator's name); a challenge nobody else took on goes with the member.
   */
  nonCascading: new Map<string, 'delete_if_alone'>([
    ['voice_circles.creator_id', 'delete_if_alone'],
    ['challenges.creator_id', 'delete_if_alone'],
  ]),
  /**
   * Columns that look like a member id but are not one. None today; a column named like a
   * member id without a foreign key to users fails the schema test until it is listed here
   * or given its foreign key.
   */
  notMemberColumns: new Set<string>(),
} as const;

/** Column names that name a member; used only to catch a member column without a foreign key. */
const MEMBER_LIKE = /^(user|member|creator|owner|author|host|sender|recipient)_id$|_user_id$/i;

interface FkRow {
  /** The referenced table. */
  table: string;
  from: string;
  to: string | null;
  on_delete: string;
}

export const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The catalogue questions, in each database's own terms (the one dialect branch of this area):
 * SQLite answers from sqlite_master and its pragma functions, PostgreSQL from pg_catalog and
 * information_schema of the current schema. Both give the same shapes.
 */
const CATALOG: Record<
  Dialect,
  Record<'tables' | 'foreignKeys' | 'columns' | 'primaryKey' | 'jsonColumns', string>
> = {
  sqlite: {
    tables: `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
      AND name <> 'schema_migrations' ORDER BY name`,
    foreignKeys: 'SELECT "table", "from", "to", on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq',
    columns: 'SELECT name FROM pragma_table_info(?) ORDER BY cid',
    primaryKey: 'SELECT name FROM pragma_table_info(?) WHERE pk = 1',
    // No JSON type: a JSON column is TEXT with a json_valid CHECK, read from the table's SQL.
    jsonColumns: "SELECT name AS table_name, sql FROM sqlite_master WHERE type = 'table'",
  },
  postgres: {
    tables: `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name <> 'schema_migrations' ORDER BY table_name`,
    foreignKeys: `SELECT cf.relname AS "table", a.attname AS "from", af.attname AS "to",
        CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'd' THEN 'SET DEFAULT'
          WHEN 'r' THEN 'RESTRICT' ELSE 'NO ACTION' END AS on_delete
      FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      JOIN pg_class cf ON cf.oid = c.confrelid
      CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(col, fcol, pos)
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
      JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = k.fcol
      WHERE c.contype = 'f' AND n.nspname = current_schema() AND t.relname = ?
      ORDER BY c.conname, k.pos`,
    columns: `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`,
    primaryKey: `SELECT a.attname AS name FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY (i.indkey)
      WHERE i.indisprimary AND n.nspname = current_schema() AND t.relname = ?`,
    jsonColumns: `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type IN ('json', 'jsonb')`,
  },
};

async function tableNames(sql: SqlExecutor): Promise<string[]> {
  return (await sql.all<{ name: string }>(CATALOG[sql.dialect].tables)).map((r) => r.name);
}

export const foreignKeys = (sql: SqlExecutor, table: string) =>
  sql.all<FkRow>(CATALOG[sql.dialect].foreignKeys, [table]);

export const columnsOf = async (sql: SqlExecutor, table: string) =>
  (await sql.all<{ name: string }>(CATALOG[sql.dialect].columns, [table])).map((r) => r.name);

/** The primary key column of a table (a foreign key without an explicit target refers to it). */
export async function primaryKeyOf(sql: SqlExecutor, table: string): Promise<string> {
  const pk = await sql.get<{ name: string }>(CATALOG[sql.dialect].primaryKey, [table]);
  return pk?.name ?? 'rowid';
}

async function jsonColumnsOf(sql: SqlExecutor): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  const add = (table: string, column: string) => {
    const set = out.get(table) ?? new Set<string>();
    set.add(column);
    out.set(table, set);
  };
  if (sql.dialect === 'postgres') {
    const rows = await sql.all<{ table_name: string; column_name: string }>(CATALOG.postgres.jsonColumns);
    for (const r of rows) add(r.table_name, r.column_name);
  } else {
    const rows = await sql.all<{ table_name: string; sql: string | null }>(CATALOG.sqlite.jsonColumns);
    for (const r of rows) {
      for (const m of (r.sql ?? '').matchAll(/json_valid\(\s*"?(\w+)"?\s*\)/gi))
        add(r.table_name, m[1] ?? '');
    }
  }
  return out;
}

export interface MemberSchema {
  memberColumns: MemberColumn[];
  children: ChildLink[];
  /** Columns whose stored text is JSON (a json_valid CHECK), parsed in the export. */
  jsonColumns: Map<string, Set<string>>;
}

export async function readMemberSchema(sql: SqlExecutor): Promise<MemberSchema> {
  const tables = (await tableNames(sql)).filter((t) => t !== 'users');
  const fks = new Map<string, FkRow[]>();
  for (const table of tables) fks.set(table, await foreignKeys(sql, table));
  const memberColumns: MemberColumn[] = [];
  for (const table of tables) {
    for (const fk of fks.get(table) ?? []) {
      if (fk.table.toLowerCase() === 'users' && (fk.to ?? 'id') === 'id') {
        memberColumns.push({ table, column: fk.from, onDelete: fk.on_delete.toUpperCase() });
      }
    }
  }
  const memberTables = new Set(memberColumns.map((m) => m.table));
  const children: ChildLink[] = [];
  for (const table of tables) {
    if (memberTables.has(table)) continue;
    for (const fk of fks.get(table) ?? []) {
      if (!memberTables.has(fk.table)) continue;
      children.push({
        table,
        column: fk.from,
        parentTable: fk.table,
        parentColumn: fk.to ?? (await primaryKeyOf(sql, fk.table)),
      });
    }
  }
  const jsonColumns = await jsonColumnsOf(sql);
  return { memberColumns, children, jsonColumns };
}

/**
 * What export/delete would miss: member-looking columns without a foreign key to users, and
 * member foreign keys that do not cascade and have no decision in POLICY. Empty when covered.
 */
export async function uncoveredMemberColumns(sql: SqlExecutor): Promise<string[]> {
  const { memberColumns } = await readMemberSchema(sql);
  const fkCols = new Set(memberColumns.map((m) => `${m.table}.${m.column}`));
  const problems: string[] = [];
  for (const table of await tableNames(sql)) {
    for (const column of await columnsOf(sql, table)) {
      const key = `${table}.${column}`;
      if (MEMBER_LIKE.test(column) && !fkCols.has(key) && !POLICY.notMemberColumns.has(key)) {
        problems.push(`${key}: looks like a member id but has no foreign key to users(id)`);
      }
    }
  }
  for (const m of memberColumns) {
    const key = `${m.table}.${m.column}`;
    if (m.onDelete !== 'CASCADE' && !POLICY.nonCascading.has(key)) {
      problems.push(`${key}: ON DELETE ${m.onDelete} needs a decision in POLICY.nonCascading`);
    }
  }
  return problems;
}
