/**
 * The allow-list of tables /rest/v1 exposes, with their column types and who may do what.
 * Nothing outside this list is reachable (users, auth_sessions, storage_objects stay private),
 * and every identifier in generated SQL comes from here, never from the request.
 */
export type ColumnType = 'integer' | 'text' | 'json';

/** The PostgreSQL type names PostgREST would report in errors, for parity. */
export const PG_TYPE: Record<ColumnType, string> = { integer: 'bigint', text: 'text', json: 'jsonb' };

export interface TableDef {
  name: string;
  columns: Readonly<Record<string, ColumnType>>;
  /** 'everyone': any role reads every row. 'own': a member reads only rows whose user_id is theirs. */
  read: 'everyone' | 'own';
  /**
   * Columns a signed-in member may send on insert; user_id is always taken from the token.
   * null: no role may insert over REST (the catalogue is written by the seed, not by clients).
   */
  insertable: readonly string[] | null;
  /**
   * The unique key an insert may name with `on_conflict` and `Prefer: resolution=ignore-duplicates`
   * (a replayed offline write becomes no change; upsert.ts). Absent: upserts answer 405.
   */
  ignoreDuplicatesOn?: readonly string[];
}

const TABLES: Readonly<Record<string, TableDef>> = {
  sessions: {
    name: 'sessions',
    columns: {
      id: 'integer',
      title: 'text',
      description: 'text',
      cover_color: 'text',
      voice_path: 'text',
      instr_path: 'text',
      length_sec: 'integer',
      skill_level: 'text',
      category: 'json',
      moods: 'json',
      tags: 'text',
      intentions: 'json',
      musicians: 'json',
      created_at: 'text',
    },
    read: 'everyone',
    insertable: null,
  },
  session_logs: {
    name: 'session_logs',
    columns: {
      id: 'integer',
      user_id: 'text',
      session_id: 'integer',
      action: 'text',
      note: 'text',
      created_at: 'text',
    },
    read: 'own',
    insertable: ['session_id', 'action', 'note'],
  },
  reflections: {
    name: 'reflections',
    columns: {
      id: 'integer',
      user_id: 'text',
      session_id: 'integer',
      // Set for a reflection on a template session (migration 0117); then session_id is null.
      template_id: 'integer',
      reflection_text: 'text',
      client_key: 'text',
      created_at: 'text',
    },
    read: 'own',
    insertable: ['session_id', 'reflection_text', 'client_key'],
    ignoreDuplicatesOn: ['user_id', 'client_key'],
  },
};

export function findTable(name: string): TableDef | null {
  return Object.hasOwn(TABLES, name) ? (TABLES[name] ?? null) : null;
}

export function columnType(table: TableDef, column: string): ColumnType | null {
  return Object.hasOwn(table.columns, column) ? (table.columns[column] ?? null) : null;
}

/** Identifiers are whitelisted before use; quoting is belt and braces. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
