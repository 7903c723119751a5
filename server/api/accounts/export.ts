import type { SqlExecutor } from '../../db/sql';
import { POLICY, quoteId, readMemberSchema, type MemberSchema } from './member-schema';

type Row = Record<string, unknown>;

export interface MemberExport {
  format: 'tuneful-export/1';
  exportedAt: string;
  /** The member's own users row, without the password hash. */
  account: Row;
  /** Every other table holding the member's rows, by table name (empty tables included). */
  tables: Record<string, Row[]>;
}

/** Drops secret columns and parses JSON text so the file reads as data, not escaped strings. */
function clean(table: string, row: Row, schema: MemberSchema): Row {
  const json = schema.jsonColumns.get(table);
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (POLICY.secretColumn.test(key)) continue;
    if (typeof value === 'string' && (json?.has(key) || key.endsWith('_json'))) {
      try {
        out[key] = JSON.parse(value) as unknown;
        continue;
      } catch {
        // Not JSON after all: keep the text as stored.
      }
    }
    out[key] = value;
  }
  return out;
}

/**
 * Everything the database holds about one member, driven by the schema: every table with a
 * foreign key to users(id) (rows where that column is the member) and every child table
 * hanging off those rows. Secret tables and secret columns are left out. Other members' ids
 * never appear: a child table with its own member column (someone else's echo of the
 * member's reflection) is exported only for its own member.
 */
export async function exportMember(
  sql: SqlExecutor,
  userId: string,
  nowIso: string,
): Promise<MemberExport | null> {
  const schema = await readMemberSchema(sql);
  // One transaction, so the file is one consistent moment (a write between two tables'
  // reads cannot make it contradict itself).
  return sql.transaction(async (tx) => {
    // PostgreSQL's default (READ COMMITTED) gives each statement its own snapshot; one for all.
    if (tx.dialect === 'postgres') await tx.run('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const account = await tx.get<Row>('SELECT * FROM users WHERE id = ?', [userId]);
    if (!account) return null;
    const tables: Record<string, Row[]> = {};
    const add = (table: string, rows: Row[]) => {
      const list = (tables[table] ??= []);
      for (const row of rows) list.push(clean(table, row, schema));
    };
    for (const m of schema.memberColumns) {
      if (POLICY.secretTables.has(m.table)) continue;
      add(
        m.table,
        await tx.all<Row>(`SELECT * FROM ${quoteId(m.table)} WHERE ${quoteId(m.column)} = ?`, [userId]),
      );
    }
    const byTable = new Map(schema.memberColumns.map((m) => [m.table, m]));
    for (const link of schema.children) {
      if (POLICY.secretTables.has(link.table)) continue;
      const owner = byTable.get(link.parentTable);
      if (!owner) continue;
      const query = `SELECT c.* FROM ${quoteId(link.table)} c WHERE c.${quoteId(link.column)} IN
        (SELECT p.${quoteId(link.parentColumn)} FROM ${quoteId(link.parentTable)} p WHERE p.${quoteId(owner.column)} = ?)`;
      add(link.table, await tx.all<Row>(query, [userId]));
    }
    return {
      format: 'tuneful-export/1' as const,
      exportedAt: nowIso,
      account: clean('users', account, schema),
      tables,
    };
  });
}
