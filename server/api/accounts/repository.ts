import type { SqlExecutor } from '../../db/sql';

interface ProfileRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  created_at: string;
  has_completed_onboarding: number;
  onboarding_state: OnboardingState;
}

/** pending: not yet answered; skipped: chose 'Skip for Now'; completed: answered (in part or whole). */
export type OnboardingState = 'pending' | 'skipped' | 'completed';

export interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  hasCompletedOnboarding: boolean;
  onboardingState: OnboardingState;
}

const toProfile = (r: ProfileRow): Profile => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  createdAt: r.created_at,
  hasCompletedOnboarding: r.has_completed_onboarding === 1,
  onboardingState: r.onboarding_state,
});

export interface OnboardingRecord {
  state: OnboardingState;
  answers: unknown;
  updatedAt: string | null;
}

/** The account data the app API reads and writes. */
export function createAccountRepository(sql: SqlExecutor) {
  return {
    async profile(id: string): Promise<Profile | undefined> {
      const row = await sql.get<ProfileRow>(
        `SELECT id, email, first_name, last_name, created_at, has_completed_onboarding, onboarding_state
         FROM users WHERE id = ?`,
        [id],
      );
      return row && toProfile(row);
    },
    async completeOnboarding(id: string, answers: unknown, nowIso: string): Promise<void> {
      await sql.run(
        `UPDATE users SET onboarding_answers = ?, has_completed_onboarding = 1,
           onboarding_state = 'completed', onboarding_updated_at = ?, updated_at = ? WHERE id = ?`,
        [JSON.stringify(answers), nowIso, nowIso, id],
      );
    },
    /** One conditional statement, not read-then-write: a skip never undoes a completion. */
    async skipOnboarding(id: string, nowIso: string): Promise<void> {
      await sql.run(
        `UPDATE users SET onboarding_state = 'skipped', onboarding_updated_at = ?, updated_at = ?
         WHERE id = ? AND onboarding_state = 'pending'`,
        [nowIso, nowIso, id],
      );
    },
    async onboarding(id: string): Promise<OnboardingRecord | undefined> {
      const row = await sql.get<{
        onboarding_state: OnboardingState;
        onboarding_answers: string | null;
        onboarding_updated_at: string | null;
      }>('SELECT onboarding_state, onboarding_answers, onboarding_updated_at FROM users WHERE id = ?', [id]);
      if (!row) return undefined;
      return {
        state: row.onboarding_state,
        // JSON text in both databases (JSONB comes back as text too).
        answers: row.onboarding_answers === null ? null : (JSON.parse(row.onboarding_answers) as unknown),
        updatedAt: row.onboarding_updated_at,
      };
    },
    async endSession(sessionId: string, userId: string): Promise<void> {
      await sql.run('DELETE FROM auth_sessions WHERE id = ? AND user_id = ?', [sessionId, userId]);
    },
    async passwordOf(id: string) {
      return sql.get<{ email: string; password_hash: string }>(
        'SELECT email, password_hash FROM users WHERE id = ?',
        [id],
      );
    },
    async privacyOf(id: string): Promise<string | undefined> {
      return (
        await sql.get<{ pulse_identity: string }>('SELECT pulse_identity FROM users WHERE id = ?', [id])
      )?.pulse_identity;
    },
    async setPrivacy(id: string, identity: string, nowIso: string): Promise<void> {
      await sql.run('UPDATE users SET pulse_identity = ?, updated_at = ? WHERE id = ?', [
        identity,
        nowIso,
        id,
      ]);
    },
  };
}
