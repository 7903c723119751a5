import { Link } from 'react-router-dom';
import { firstNameOf, useAuthStore } from '../auth/auth-store';
import { ProfileMenu } from '../auth/ProfileMenu';
import { useMemberProfile } from '../auth/useMemberProfile';
import { useMarkAppVisited } from '../onboarding/useOnboardingGate';
import styles from './ProfileScreen.module.css';

/**
 * A minimal, real profile: the greeting (first name, default 'Friend') and the settings menu
 * with log out. The full profile (level, stats, exercises, reflections) is built later; until
 * then nothing is invented here.
 */
export function ProfileScreen() {
  useMarkAppVisited();
  const profile = useMemberProfile();
  const metaName = useAuthStore((s) => firstNameOf(s.user));
  const firstName = profile.data?.firstName?.trim() || metaName || 'Friend';
  return (
    <section className={styles.screen} aria-labelledby="profile-title">
      <header className={styles.header}>
        <h1 id="profile-title" className={styles.greeting}>
          Hi, {firstName}
        </h1>
        <ProfileMenu />
      </header>
      <p className={styles.note}>Your level, streaks and reflections will appear here as you practise.</p>
      <Link to="/home" className={styles.link}>
        Back to home
      </Link>
    </section>
  );
}
