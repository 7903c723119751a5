import type { DB } from '../../db/open';

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

/** The account data the app API reads and writes, with statements prepared once per app. */
export function createAccountRepository(db: DB) {
  const profile = db.prepare(
    'SELECT id, email, first_name, last_name, created_at, has_completed_onboarding, onboarding_state FROM users WHERE id = ?',
  );
  const complete = db.prepare(
    `UPDATE users SET onboarding_answers = @answers, has_completed_onboarding = 1,
       onboarding_state = 'completed', onboarding_updated_at = @now, updated_at = @now WHERE id = @id`,
  );
  // One conditional statement, not read-then-write: a skip never undoes a completion.
  const skip = db.prepare(
    `UPDATE users SET onboarding_state = 'skipped', onboarding_updated_at = ?, updated_at = ?
     WHERE id = ? AND onboarding_state = 'pending'`,
  );
  const onboarding = db.prepare(
    'SELECT onboarding_state, onboarding_answers, onboarding_updated_at FROM users WHERE id = ?',
  );
  const endSession = db.prepare('DELETE FROM auth_sessions WHERE id = ? AND user_id = ?');
  return {
    profile(id: string): Profile | undefined {
      const row = profile.get(id) as ProfileRow | undefined;
      return row && toProfile(row);
    },
    completeOnboarding(id: string, answers: unknown, nowIso: string): void {
      complete.run({ answers: JSON.stringify(answers), now: nowIso, id });
    },
    skipOnboarding(id: string, nowIso: string): void {
      skip.run(nowIso, nowIso, id);
    },
    onboarding(id: string): OnboardingRecord | undefined {
      const row = onboarding.get(id) as
        | {
            onboarding_state: OnboardingState;
            onboarding_answers: string | null;
            onboarding_updated_at: string | null;
          }
        | undefined;
      if (!row) return undefined;
      return {
        state: row.onboarding_state,
        answers: row.onboarding_answers === null ? null : (JSON.parse(row.onboarding_answers) as unknown),
        updatedAt: row.onboarding_updated_at,
      };
    },
    endSession(sessionId: string, userId: string): void {
      endSession.run(sessionId, userId);
    },
  };
}
