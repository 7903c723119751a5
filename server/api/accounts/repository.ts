import type { DB } from '../../db/open';

interface ProfileRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  created_at: string;
  has_completed_onboarding: number;
}

export interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  hasCompletedOnboarding: boolean;
}

const toProfile = (r: ProfileRow): Profile => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  createdAt: r.created_at,
  hasCompletedOnboarding: r.has_completed_onboarding === 1,
});

/** The account data the app API reads and writes, with statements prepared once per app. */
export function createAccountRepository(db: DB) {
  const profile = db.prepare(
    'SELECT id, email, first_name, last_name, created_at, has_completed_onboarding FROM users WHERE id = ?',
  );
  const complete = db.prepare(
    'UPDATE users SET onboarding_answers = ?, has_completed_onboarding = 1, updated_at = ? WHERE id = ?',
  );
  const endSession = db.prepare('DELETE FROM auth_sessions WHERE id = ? AND user_id = ?');
  return {
    profile(id: string): Profile | undefined {
      const row = profile.get(id) as ProfileRow | undefined;
      return row && toProfile(row);
    },
    completeOnboarding(id: string, answers: unknown, nowIso: string): void {
      complete.run(JSON.stringify(answers), nowIso, id);
    },
    endSession(sessionId: string, userId: string): void {
      endSession.run(sessionId, userId);
    },
  };
}
