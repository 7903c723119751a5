import type { SqlExecutor } from '../../db/sql';
import { foreignKeys, POLICY, primaryKeyOf, quoteId, readMemberSchema } from './member-schema';

/**
 * Deletes a member and everything that is theirs in one transaction: every table found by
 * schema introspection (member columns and, through ON DELETE CASCADE, the rows that hang off
 * them, such as other members' echoes of this member's shared reflections and pulse items),
 * then the users row. Deleting auth_sessions ends every sign-in: refresh tokens cascade away
 * and access tokens are refused because each request checks its session still exists.
 * A check at the end throws (rolling everything back) if any member row survived.
 * Same on SQLite and PostgreSQL: one transaction, all or nothing.
 */
export async function deleteMember(sql: SqlExecutor, userId: string): Promise<void> {
  // The catalogue is read before the transaction: it takes no lock and may take a while.
  const schema = await readMemberSchema(sql);
  const plans = new Map<string, { key: string; links: { table: string; column: string; link: string }[] }>();
  for (const m of schema.memberColumns) {
    if (m.onDelete === 'CASCADE') continue;
    if (POLICY.nonCascading.get(`${m.table}.${m.column}`) !== 'delete_if_alone') {
      throw new Error(`No delete decision for ${m.table}.${m.column} (ON DELETE ${m.onDelete})`);
    }
    const links: { table: string; column: string; link: string }[] = [];
    for (const o of schema.memberColumns) {
      const link = (await foreignKeys(sql, o.table)).find((f) => f.table === m.table)?.from;
      if (link) links.push({ table: o.table, column: o.column, link });
    }
    plans.set(`${m.table}.${m.column}`, { key: await primaryKeyOf(sql, m.table), links });
  }

  await sql.transaction(async (tx) => {
    for (const m of schema.memberColumns) {
      const table = quoteId(m.table);
      const col = quoteId(m.column);
      const plan = plans.get(`${m.table}.${m.column}`);
      if (!plan) {
        await tx.run(`DELETE FROM ${table} WHERE ${col} = ?`, [userId]);
        continue;
      }
      // delete_if_alone: a group someone else still belongs to is theirs now: only the
      // creator link is cleared. A group nobody else is in is the member's alone and goes.
      const key = quoteId(plan.key);
      // PostgreSQL: lock the rows, so a join committed after the check below waits for this
      // transaction (its foreign key needs the row) instead of landing in a deleted group.
      // SQLite's BEGIN IMMEDIATE already keeps every other writer out.
      const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
      const rows = await tx.all<{ id: unknown }>(
        `SELECT ${key} AS id FROM ${table} WHERE ${col} = ?${lock}`,
        [userId],
      );
      for (const { id } of rows) {
        let stillUsed = false;
        for (const o of plan.links) {
          const other = await tx.get(
            `SELECT 1 AS used FROM ${quoteId(o.table)} WHERE ${quoteId(o.link)} = ? AND ${quoteId(o.column)} <> ? LIMIT 1`,
            [id as string, userId],
          );
          if (other) {
            stillUsed = true;
            break;
          }
        }
        if (stillUsed) await tx.run(`UPDATE ${table} SET ${col} = NULL WHERE ${key} = ?`, [id as string]);
        else await tx.run(`DELETE FROM ${table} WHERE ${key} = ?`, [id as string]);
      }
    }
    await forgetLimits(tx, userId);
    await tx.run('DELETE FROM users WHERE id = ?', [userId]);
    for (const m of schema.memberColumns) {
      const left = await tx.get(
        `SELECT 1 AS left_over FROM ${quoteId(m.table)} WHERE ${quoteId(m.column)} = ? LIMIT 1`,
        [userId],
      );
      if (left) throw new Error(`Account deletion left rows in ${m.table}.${m.column}`);
    }
  });
}

/**
 * The shared limits' rows that name the member (server/auth/rate-limit.ts keys them by user id,
 * by address, and by "<ip>\n<address>" for sign-in failures): they carry no foreign key and
 * would stay for their window (up to 7 days) after the account is gone. Keys of an IP alone
 * are not the member's and stay.
 */
async function forgetLimits(tx: SqlExecutor, userId: string): Promise<void> {
  const user = await tx.get<{ email: string | null }>('SELECT email FROM users WHERE id = ?', [userId]);
  const email = user?.email?.trim().toLowerCase() ?? '';
  const pair = `\n${email}`;
  for (const table of ['rate_limit_hits', 'rate_limit_failures']) {
    await tx.run(
      `DELETE FROM ${table} WHERE key = ? OR key = ? OR (? <> '' AND substr(key, length(key) - ? + 1) = ?)`,
      [userId, email, email, pair.length, pair],
    );
  }
}
