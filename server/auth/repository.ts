import type { SqlExecutor } from '../db/sql';

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

const OTT_COLUMNS = 'id, user_id, type, code_hash, failed_attempts, expires_at';
const SENT_COLUMN: Record<OneTimeTokenType, string> = {
  signup: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  // GoTrue records a magic link as a recovery-style mail.
  magiclink: 'recovery_sent_at',
  email_change_current: 'email_change_sent_at',
  email_change_new: 'email_change_sent_at',
};

/**
 * Every SQL statement of the auth service over one executor: the database, or an open
 * transaction (see `inTransaction` in context.ts, which builds one over `tx`). Handlers call
 * these typed functions; the few multi-row changes are composed into transactions.
 */
export function createAuthRepository(sql: SqlExecutor) {
  return {
    userByEmail: (email: string) => sql.get<UserRow>('SELECT * FROM users WHERE email = ?', [email]),
    userById: (id: string) => sql.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]),
    insertUser: async (u: NewUser) => {
      await sql.run(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, user_metadata,
          email_confirmed_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [u.id, u.email, u.passwordHash, u.firstName, u.lastName, u.metadata, u.confirmedAt, u.now, u.now],
      );
    },
    confirmEmail: async (id: string, now: string) => {
      await sql.run(
        'UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, ?), updated_at = ? WHERE id = ?',
        [now, now, id],
      );
    },
    markMailSent: async (id: string, type: OneTimeTokenType, now: string) => {
      // The column name comes from the fixed map above, never from input.
      await sql.run(`UPDATE users SET ${SENT_COLUMN[type]} = ?, updated_at = ? WHERE id = ?`, [now, now, id]);
    },
    markSignedIn: async (id: string, now: string) => {
      await sql.run('UPDATE users SET last_sign_in_at = ?, updated_at = ? WHERE id = ?', [now, now, id]);
    },
    setPassword: async (id: string, hash: string, now: string) => {
      await sql.run('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?', [hash, now, id]);
    },
    setMetadata: async (id: string, meta: Record<string, unknown>, now: string) => {
      const name = (k: string) => (typeof meta[k] === 'string' ? (meta[k] as string) : '');
      await sql.run(
        'UPDATE users SET user_metadata = ?, first_name = ?, last_name = ?, updated_at = ? WHERE id = ?',
        [JSON.stringify(meta), name('first_name'), name('last_name'), now, id],
      );
    },
    insertSession: async (id: string, userId: string, amr: string, now: string) => {
      await sql.run(
        'INSERT INTO auth_sessions (id, user_id, amr_method, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        [id, userId, amr, now, now],
      );
    },
    sessionById: (id: string) =>
      sql.get<SessionRow>('SELECT id, user_id, amr_method FROM auth_sessions WHERE id = ?', [id]),
    touchSession: async (id: string, now: string) => {
      await sql.run('UPDATE auth_sessions SET updated_at = ? WHERE id = ?', [now, id]);
    },
    deleteSession: async (id: string) =>
      (await sql.run('DELETE FROM auth_sessions WHERE id = ?', [id])).changes,
    deleteUserSessions: async (userId: string) => {
      await sql.run('DELETE FROM auth_sessions WHERE user_id = ?', [userId]);
    },
    deleteOtherSessions: async (userId: string, keep: string) => {
      await sql.run('DELETE FROM auth_sessions WHERE user_id = ? AND id <> ?', [userId, keep]);
    },
    insertRefresh: async (sessionId: string, hash: string, parentId: number | null, now: string) => {
      const row = await sql.get<{ id: number }>(
        `INSERT INTO auth_refresh_tokens (session_id, token_hash, parent_id, created_at)
         VALUES (?, ?, ?, ?) RETURNING id`,
        [sessionId, hash, parentId, now],
      );
      return Number(row?.id);
    },
    refreshByHash: (hash: string) =>
      sql.get<RefreshTokenRow>('SELECT * FROM auth_refresh_tokens WHERE token_hash = ?', [hash]),
    refreshById: (id: number) =>
      sql.get<RefreshTokenRow>('SELECT * FROM auth_refresh_tokens WHERE id = ?', [id]),
    activeRefresh: (sessionId: string) =>
      sql.get<RefreshTokenRow>(
        'SELECT * FROM auth_refresh_tokens WHERE session_id = ? AND revoked_at IS NULL ORDER BY id DESC LIMIT 1',
        [sessionId],
      ),
    /** 1 when this call revoked the token, 0 when it was already revoked (by anyone). */
    revokeRefresh: async (id: number, now: string) =>
      (
        await sql.run('UPDATE auth_refresh_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [
          now,
          id,
        ])
      ).changes,
    insertOneTimeToken: async (
      userId: string,
      type: OneTimeTokenType,
      hash: string,
      codeHash: string | null,
      now: string,
      expires: string,
    ) => {
      await sql.run(
        `INSERT INTO auth_one_time_tokens (user_id, type, token_hash, code_hash, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [userId, type, hash, codeHash, now, expires],
      );
    },
    oneTimeTokensOf: (userId: string, type: OneTimeTokenType) =>
      sql.all<OneTimeTokenRow>(
        `SELECT ${OTT_COLUMNS} FROM auth_one_time_tokens WHERE user_id = ? AND type = ? ORDER BY id`,
        [userId, type],
      ),
    /**
     * Counts a wrong code and deletes the token once it has `max` failures. The increment is
     * one statement, so wrong guesses racing in two processes are all counted.
     */
    oneTimeTokenFailed: async (id: number, max: number) => {
      await sql.run('UPDATE auth_one_time_tokens SET failed_attempts = failed_attempts + 1 WHERE id = ?', [
        id,
      ]);
      await sql.run('DELETE FROM auth_one_time_tokens WHERE id = ? AND failed_attempts >= ?', [id, max]);
    },
    deleteOneTimeTokens: async (userId: string, type: string) => {
      await sql.run('DELETE FROM auth_one_time_tokens WHERE user_id = ? AND type = ?', [userId, type]);
    },
    oneTimeTokenByHash: (hash: string) =>
      sql.get<OneTimeTokenRow>(`SELECT ${OTT_COLUMNS} FROM auth_one_time_tokens WHERE token_hash = ?`, [
        hash,
      ]),
    /** 1 when this call spent the token; 0 when another request spent it first. */
    deleteOneTimeToken: async (id: number) =>
      (await sql.run('DELETE FROM auth_one_time_tokens WHERE id = ?', [id])).changes,
    /** Removes spent material: expired link tokens and long-revoked refresh tokens. */
    prune: async (nowIso: string, revokedBeforeIso: string) => {
      await sql.run('DELETE FROM auth_one_time_tokens WHERE expires_at <= ?', [nowIso]);
      await sql.run('DELETE FROM auth_refresh_tokens WHERE revoked_at IS NOT NULL AND revoked_at <= ?', [
        revokedBeforeIso,
      ]);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
