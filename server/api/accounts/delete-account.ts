import type { DB } from '../../db/open';
import { POLICY, quoteId, readMemberSchema } from './member-schema';

/**
 * Deletes a member and everything that is theirs in one transaction: every table found by
 * schema introspection (member columns and, through ON DELETE CASCADE, the rows that hang off
 * them, such as other members' echoes of this member's shared reflections and pulse items),
 * then the users row. Deleting auth_sessions ends every sign-in: refresh tokens cascade away
 * and access tokens are refused because each request checks its session still exists.
 * A check at the end throws (rolling everything back) if any member row survived.
 */
export function deleteMember(db: DB, userId: string): void {
  const schema = readMemberSchema(db);
  db.transaction(() => {
    for (const m of schema.memberColumns) {
      const table = quoteId(m.table);
      const col = quoteId(m.column);
      const decision = POLICY.nonCascading.get(`${m.table}.${m.column}`);
      if (m.onDelete === 'CASCADE') {
        db.prepare(`DELETE FROM ${table} WHERE ${col} = ?`).run(userId);
      } else if (decision === 'delete_if_alone') {
        // A group someone else still belongs to is theirs now: only the creator link is
        // cleared. A group nobody else is in is the member's alone and goes.
        const pk = db.prepare('SELECT name FROM pragma_table_info(?) WHERE pk = 1').get(m.table) as
          { name: string } | undefined;
        const key = quoteId(pk?.name ?? 'rowid');
        const ids = (
          db.prepare(`SELECT ${key} AS id FROM ${table} WHERE ${col} = ?`).all(userId) as { id: unknown }[]
        ).map((r) => r.id);
        for (const id of ids) {
          const stillUsed = schema.memberColumns.some((o) => {
            const link = linkColumn(db, o.table, m.table);
            if (!link) return false;
            return Boolean(
              db
                .prepare(
                  `SELECT 1 FROM ${quoteId(o.table)} WHERE ${quoteId(link)} = ? AND ${quoteId(o.column)} <> ? LIMIT 1`,
                )
                .get(id, userId),
            );
          });
          if (stillUsed) db.prepare(`UPDATE ${table} SET ${col} = NULL WHERE ${key} = ?`).run(id);
          else db.prepare(`DELETE FROM ${table} WHERE ${key} = ?`).run(id);
        }
      } else {
        throw new Error(`No delete decision for ${m.table}.${m.column} (ON DELETE ${m.onDelete})`);
      }
    }
    db.prepare('DELETE FROM users WHERE id = ?').run(userId);
    for (const m of schema.memberColumns) {
      const left = db
        .prepare(`SELECT 1 FROM ${quoteId(m.table)} WHERE ${quoteId(m.column)} = ? LIMIT 1`)
        .get(userId);
      if (left) throw new Error(`Account deletion left rows in ${m.table}.${m.column}`);
    }
  })();
}

/** The column of `table` with a foreign key to `parent`, if any (circle_members.circle_id). */
function linkColumn(db: DB, table: string, parent: string): string | undefined {
  const fks = db.prepare('SELECT "table", "from" FROM pragma_foreign_key_list(?)').all(table) as {
    table: string;
    from: string;
  }[];
  return fks.find((f) => f.table === parent)?.from;
}
