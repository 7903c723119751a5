import type { SqlExecutor } from '../db/sql';
import type { UserRow } from './repository';

export interface FlowStateRow {
  id: string;
  user_id: string;
  authentication_method: string;
  code_challenge: string;
  code_challenge_method: 's256' | 'plain';
  auth_code_issued_at: string | null;
  created_at: string;
}

/** SQL of the e-mail change and PKCE flows (migration 0007), over the database or a transaction. */
export function createFlowRepository(sql: SqlExecutor) {
  return {
    // email_change is plain TEXT in both schemas (only users.email ignores case by type).
    userByPendingEmail: (email: string) =>
      sql.get<UserRow>('SELECT * FROM users WHERE lower(email_change) = lower(?)', [email]),
    setEmailChange: async (id: string, email: string, now: string) => {
      await sql.run(
        `UPDATE users SET email_change = ?, email_change_sent_at = ?,
          email_change_confirm_status = 0, updated_at = ? WHERE id = ?`,
        [email, now, now, id],
      );
    },
    /** 1 when this call made the change half-confirmed; 0 when it already was. */
    markEmailChangeHalfConfirmed: async (id: string, now: string) =>
      (
        await sql.run(
          `UPDATE users SET email_change_confirm_status = 1, updated_at = ?
           WHERE id = ? AND email_change_confirm_status = 0`,
          [now, id],
        )
      ).changes,
    applyEmailChange: async (id: string, now: string) =>
      (
        await sql.run(
          `UPDATE users SET email = email_change, email_change = NULL,
            email_change_sent_at = NULL, email_change_confirm_status = 0,
            email_confirmed_at = coalesce(email_confirmed_at, ?), updated_at = ?
           WHERE id = ? AND email_change IS NOT NULL`,
          [now, now, id],
        )
      ).changes,
    /**
     * A new flow replaces the member's earlier flows of the same kind whose link was not yet
     * opened (their one-time tokens were just replaced too), so "the newest flow" never depends
     * on two rows created in the same millisecond.
     */
    insertFlow: async (
      id: string,
      userId: string,
      method: string,
      challenge: string,
      challengeMethod: string,
      now: string,
    ) => {
      await sql.run(
        `DELETE FROM auth_flow_states
         WHERE user_id = ? AND authentication_method = ? AND auth_code_hash IS NULL`,
        [userId, method],
      );
      await sql.run(
        `INSERT INTO auth_flow_states (id, user_id, authentication_method, code_challenge,
          code_challenge_method, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
        [id, userId, method, challenge, challengeMethod, now],
      );
    },
    latestFlow: (userId: string, method: string) =>
      sql.get<FlowStateRow>(
        `SELECT * FROM auth_flow_states WHERE user_id = ? AND authentication_method = ?
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [userId, method],
      ),
    setAuthCode: async (id: string, codeHash: string, now: string) => {
      await sql.run('UPDATE auth_flow_states SET auth_code_hash = ?, auth_code_issued_at = ? WHERE id = ?', [
        codeHash,
        now,
        id,
      ]);
    },
    flowByCode: (codeHash: string) =>
      sql.get<FlowStateRow>('SELECT * FROM auth_flow_states WHERE auth_code_hash = ?', [codeHash]),
    /** 1 when this call deleted it (the spend of an auth code), 0 when it was already gone. */
    deleteFlow: async (id: string) =>
      (await sql.run('DELETE FROM auth_flow_states WHERE id = ?', [id])).changes,
    pruneFlows: async (before: string) => {
      await sql.run('DELETE FROM auth_flow_states WHERE created_at <= ?', [before]);
    },
  };
}

export type FlowRepository = ReturnType<typeof createFlowRepository>;
