import type { DB } from '../../db/open';

/**
 * Where the database keeps a member's data, found by reading the schema (sqlite_master and
 * pragma foreign_key_list/table_info) rather than from a hand-written list, so a table another
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
   */
  nonCascading: new Map<string, 'delete_if_alone'>([['voice_circles.creator_id', 'delete_if_alone']]),
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
  table: string;
  from: string;
  to: string | null;
  on_delete: string;
}

export const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

function tableNames(db: DB): string[] {
  return (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
}

const foreignKeys = (db: DB, table: string) =>
  db.prepare(`SELECT * FROM pragma_foreign_key_list(?)`).all(table) as FkRow[];

export const columnsOf = (db: DB, table: string) =>
  (db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map((r) => r.name);

/** The primary key column a foreign key without an explicit target refers to. */
function primaryKeyOf(db: DB, table: string): string {
  const pk = db.prepare('SELECT name FROM pragma_table_info(?) WHERE pk = 1').get(table) as
    { name: string } | undefined;
  return pk?.name ?? 'rowid';
}

export interface MemberSchema {
  memberColumns: MemberColumn[];
  children: ChildLink[];
  /** Columns whose stored text is JSON (a json_valid CHECK), parsed in the export. */
  jsonColumns: Map<string, Set<string>>;
}

export function readMemberSchema(db: DB): MemberSchema {
  const tables = tableNames(db).filter((t) => t !== 'users');
  const memberColumns: MemberColumn[] = [];
  for (const table of tables) {
    for (const fk of foreignKeys(db, table)) {
      if (fk.table.toLowerCase() === 'users' && (fk.to ?? 'id') === 'id') {
        memberColumns.push({ table, column: fk.from, onDelete: fk.on_delete.toUpperCase() });
      }
    }
  }
  const memberTables = new Set(memberColumns.map((m) => m.table));
  const children: ChildLink[] = [];
  for (const table of tables) {
    if (memberTables.has(table)) continue;
    for (const fk of foreignKeys(db, table)) {
      if (!memberTables.has(fk.table)) continue;
      children.push({
        table,
        column: fk.from,
        parentTable: fk.table,
        parentColumn: fk.to ?? primaryKeyOf(db, fk.table),
      });
    }
  }
  const jsonColumns = new Map<string, Set<string>>();
  for (const table of ['users', ...tables]) {
    const sql = (
      db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as {
        sql: string;
      }
    ).sql;
    const cols = new Set([...sql.matchAll(/json_valid\(\s*"?(\w+)"?\s*\)/gi)].map((m) => m[1] ?? ''));
    if (cols.size > 0) jsonColumns.set(table, cols);
  }
  return { memberColumns, children, jsonColumns };
}

/**
 * What export/delete would miss: member-looking columns without a foreign key to users, and
 * member foreign keys that do not cascade and have no decision in POLICY. Empty when covered.
 */
export function uncoveredMemberColumns(db: DB): string[] {
  const { memberColumns } = readMemberSchema(db);
  const fkCols = new Set(memberColumns.map((m) => `${m.table}.${m.column}`));
  const problems: string[] = [];
  for (const table of tableNames(db)) {
    for (const column of columnsOf(db, table)) {
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
