import type { DB } from '../db/open';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  user_metadata: string;
  email_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  email_change_confirm_status: number;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokenRow {
  id: number;
  session_id: string;
  token_hash: string;
  parent_id: number | null;
  created_at: string;
  revoked_at: string | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  amr_method: string;
}

export type OneTimeTokenType =
  'signup' | 'recovery' | 'magiclink' | 'email_change_current' | 'email_change_new';

export interface OneTimeTokenRow {
  id: number;
  user_id: string;
  type: OneTimeTokenType;
  code_hash: string | null;
  failed_attempts: number;
  expires_at: string;
}

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  metadata: string;
  confirmedAt: string | null;
  now: string;
}

/**
 * Every SQL statement of the auth service, prepared once per app. Handlers call these typed
 * functions; the few multi-row changes are composed into transactions in sessions.ts/tokens.
 */
export function createAuthRepository(db: DB) {
  const s = {
    userByEmail: db.prepare('SELECT * FROM users WHERE email = ?'),
    userById: db.prepare('SELECT * FROM users WHERE id = ?'),
    insertUser: db.prepare(`INSERT INTO users (id, email, password_hash, first_name, last_name, user_metadata,
      email_confirmed_at, created_at, updated_at) VALUES (@id, @email, @passwordHash, @firstName, @lastName,
      @metadata, @confirmedAt, @now, @now)`),
    confirmEmail: db.prepare(
      'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, ?), updated_at = ? WHERE id = ?',
    ),
    markSent: {
      signup: db.prepare('UPDATE users SET confirmation_sent_at = ?, updated_at = ? WHERE id = ?'),
      recovery: db.prepare('UPDATE users SET recovery_sent_at = ?, updated_at = ? WHERE id = ?'),
      // GoTrue records a magic link as a recovery-style mail.
      magiclink: db.prepare('UPDATE users SET recovery_sent_at = ?, updated_at = ? WHERE id = ?'),
      email_change_current: db.prepare(
        'UPDATE users SET email_change_sent_at = ?, updated_at = ? WHERE id = ?',
      ),
      email_change_new: db.prepare('UPDATE users SET email_change_sent_at = ?, updated_at = ? WHERE id = ?'),
    },
    signedIn: db.prepare('UPDATE users SET last_sign_in_at = ?, updated_at = ? WHERE id = ?'),
    setPassword: db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?'),
    setMetadata: db.prepare(
      'UPDATE users SET user_metadata = ?, first_name = ?, last_name = ?, updated_at = ? WHERE id = ?',
    ),
    insertSession: db.prepare(
      'INSERT INTO auth_sessions (id, user_id, amr_method, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    ),
    sessionById: db.prepare('SELECT id, user_id, amr_method FROM auth_sessions WHERE id = ?'),
    touchSession: db.prepare('UPDATE auth_sessions SET updated_at = ? WHERE id = ?'),
    deleteSession: db.prepare('DELETE FROM auth_sessions WHERE id = ?'),
    deleteUserSessions: db.prepare('DELETE FROM auth_sessions WHERE user_id = ?'),
    deleteOtherSessions: db.prepare('DELETE FROM auth_sessions WHERE user_id = ? AND id <> ?'),
    insertRefresh: db.prepare(
      'INSERT INTO auth_refresh_tokens (session_id, token_hash, parent_id, created_at) VALUES (?, ?, ?, ?)',
    ),
    refreshByHash: db.prepare('SELECT * FROM auth_refresh_tokens WHERE token_hash = ?'),
    activeRefresh: db.prepare(
      'SELECT * FROM auth_refresh_tokens WHERE session_id = ? AND revoked_at IS NULL ORDER BY id DESC LIMIT 1',
    ),
    refreshById: db.prepare('SELECT * FROM auth_refresh_tokens WHERE id = ?'),
    revokeRefresh: db.prepare(
      'UPDATE auth_refresh_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
    ),
    insertOtt:
      db.prepare(`INSERT INTO auth_one_time_tokens (user_id, type, token_hash, code_hash, created_at, expires_at)
      VALUES (?, ?, ?, ?, ?, ?)`),
    deleteOtts: db.prepare('DELETE FROM auth_one_time_tokens WHERE user_id = ? AND type = ?'),
    ottByHash: db.prepare(
      'SELECT id, user_id, type, code_hash, failed_attempts, expires_at FROM auth_one_time_tokens WHERE token_hash = ?',
    ),
    ottsOf: db.prepare(
      'SELECT id, user_id, type, code_hash, failed_attempts, expires_at FROM auth_one_time_tokens WHERE user_id = ? AND type = ?',
    ),
    ottFailed: db.prepare(
      'UPDATE auth_one_time_tokens SET failed_attempts = failed_attempts + 1 WHERE id = ?',
    ),
    deleteOtt: db.prepare('DELETE FROM auth_one_time_tokens WHERE id = ?'),
    pruneOtts: db.prepare('DELETE FROM auth_one_time_tokens WHERE expires_at <= ?'),
    pruneRefresh: db.prepare(
      'DELETE FROM auth_refresh_tokens WHERE revoked_at IS NOT NULL AND revoked_at <= ?',
    ),
  };

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    userByEmail: (email: string) => s.userByEmail.get(email) as UserRow | undefined,
    userById: (id: string) => s.userById.get(id) as UserRow | undefined,
    insertUser: (u: NewUser) => void s.insertUser.run(u),
    confirmEmail: (id: string, now: string) => void s.confirmEmail.run(now, now, id),
    markMailSent: (id: string, type: OneTimeTokenType, now: string) =>
      void s.markSent[type].run(now, now, id),
    markSignedIn: (id: string, now: string) => void s.signedIn.run(now, now, id),
    setPassword: (id: string, hash: string, now: string) => void s.setPassword.run(hash, now, id),
    setMetadata: (id: string, meta: Record<string, unknown>, now: string) => {
      const name = (k: string) => (typeof meta[k] === 'string' ? (meta[k] as string) : '');
      s.setMetadata.run(JSON.stringify(meta), name('first_name'), name('last_name'), now, id);
    },
    insertSession: (id: string, userId: string, amr: string, now: string) =>
      void s.insertSession.run(id, userId, amr, now, now),
    sessionById: (id: string) => s.sessionById.get(id) as SessionRow | undefined,
    touchSession: (id: string, now: string) => void s.touchSession.run(now, id),
    deleteSession: (id: string) => s.deleteSession.run(id).changes,
    deleteUserSessions: (userId: string) => void s.deleteUserSessions.run(userId),
    deleteOtherSessions: (userId: string, keep: string) => void s.deleteOtherSessions.run(userId, keep),
    insertRefresh: (sessionId: string, hash: string, parentId: number | null, now: string) =>
      Number(s.insertRefresh.run(sessionId, hash, parentId, now).lastInsertRowid),
    refreshByHash: (hash: string) => s.refreshByHash.get(hash) as RefreshTokenRow | undefined,
    refreshById: (id: number) => s.refreshById.get(id) as RefreshTokenRow | undefined,
    activeRefresh: (sessionId: string) => s.activeRefresh.get(sessionId) as RefreshTokenRow | undefined,
    revokeRefresh: (id: number, now: string) => s.revokeRefresh.run(now, id).changes,
    insertOneTimeToken: (
      userId: string,
      type: OneTimeTokenType,
      hash: string,
      codeHash: string | null,
      now: string,
      expires: string,
    ) => void s.insertOtt.run(userId, type, hash, codeHash, now, expires),
    oneTimeTokensOf: (userId: string, type: OneTimeTokenType) =>
      s.ottsOf.all(userId, type) as OneTimeTokenRow[],
    oneTimeTokenFailed: (id: number) => void s.ottFailed.run(id),
    deleteOneTimeTokens: (userId: string, type: string) => void s.deleteOtts.run(userId, type),
    oneTimeTokenByHash: (hash: string) => s.ottByHash.get(hash) as OneTimeTokenRow | undefined,
    deleteOneTimeToken: (id: number) => s.deleteOtt.run(id).changes,
    /** Removes spent material: expired link tokens and long-revoked refresh tokens. */
    prune: (nowIso: string, revokedBeforeIso: string) => {
      s.pruneOtts.run(nowIso);
      s.pruneRefresh.run(revokedBeforeIso);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
