import type { DB } from '../db/open';
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

/** SQL of the e-mail change and PKCE flows (migration 0007), prepared once per app. */
export function createFlowRepository(db: DB) {
  const s = {
    userByPendingEmail: db.prepare('SELECT * FROM users WHERE email_change = ? COLLATE NOCASE'),
    setEmailChange: db.prepare(`UPDATE users SET email_change = ?, email_change_sent_at = ?,
      email_change_confirm_status = 0, updated_at = ? WHERE id = ?`),
    halfConfirmed: db.prepare(
      'UPDATE users SET email_change_confirm_status = 1, updated_at = ? WHERE id = ?',
    ),
    applyEmailChange: db.prepare(`UPDATE users SET email = email_change, email_change = NULL,
      email_change_sent_at = NULL, email_change_confirm_status = 0,
      email_confirmed_at = coalesce(email_confirmed_at, ?), updated_at = ? WHERE id = ? AND email_change IS NOT NULL`),
    insertFlow: db.prepare(`INSERT INTO auth_flow_states (id, user_id, authentication_method, code_challenge,
      code_challenge_method, created_at) VALUES (?, ?, ?, ?, ?, ?)`),
    latestFlow: db.prepare(`SELECT * FROM auth_flow_states WHERE user_id = ? AND authentication_method = ?
      ORDER BY created_at DESC, rowid DESC LIMIT 1`),
    setAuthCode: db.prepare(
      'UPDATE auth_flow_states SET auth_code_hash = ?, auth_code_issued_at = ? WHERE id = ?',
    ),
    flowByCode: db.prepare('SELECT * FROM auth_flow_states WHERE auth_code_hash = ?'),
    deleteFlow: db.prepare('DELETE FROM auth_flow_states WHERE id = ?'),
    pruneFlows: db.prepare('DELETE FROM auth_flow_states WHERE created_at <= ?'),
  };
  return {
    userByPendingEmail: (email: string) => s.userByPendingEmail.get(email) as UserRow | undefined,
    setEmailChange: (id: string, email: string, now: string) =>
      void s.setEmailChange.run(email, now, now, id),
    markEmailChangeHalfConfirmed: (id: string, now: string) => void s.halfConfirmed.run(now, id),
    applyEmailChange: (id: string, now: string) => s.applyEmailChange.run(now, now, id).changes,
    insertFlow: (
      id: string,
      userId: string,
      method: string,
      challenge: string,
      challengeMethod: string,
      now: string,
    ) => void s.insertFlow.run(id, userId, method, challenge, challengeMethod, now),
    latestFlow: (userId: string, method: string) =>
      s.latestFlow.get(userId, method) as FlowStateRow | undefined,
    setAuthCode: (id: string, codeHash: string, now: string) => void s.setAuthCode.run(codeHash, now, id),
    flowByCode: (codeHash: string) => s.flowByCode.get(codeHash) as FlowStateRow | undefined,
    deleteFlow: (id: string) => s.deleteFlow.run(id).changes,
    pruneFlows: (before: string) => void s.pruneFlows.run(before),
  };
}

export type FlowRepository = ReturnType<typeof createFlowRepository>;
