import { firstNameOf, useAuthStore } from '../auth/auth-store';
import { ProfileMenu } from '../auth/ProfileMenu';
import { useMemberProfile } from '../auth/useMemberProfile';
import { useMarkAppVisited } from '../onboarding/useOnboardingGate';
import { TierFeatures } from '../growth/TierFeatures';
import { CertifiedTeacherNote } from '../mentoring/CertifiedTeacherNote';
import { DownloadsSection } from '../offline/DownloadsSection';
import { ProfileGarden } from '../garden/ProfileGarden';
import { PendingWritesSection } from '../sync/PendingWritesSection';
import { ExercisesSection } from './ExercisesSection';
import { LevelAndStats, ProfileLinks } from './LevelAndStats';
import { MyDataSection } from './my-data/MyDataSection';
import { useDashboard } from './profile-queries';
import { levelLine, tuningSince } from './profile-text';
import { QueryBlock } from './QueryBlock';
import { ReflectionsSection } from './ReflectionsSection';
import styles from './ProfileScreen.module.css';

/**
 * The member's profile (spec community §2): greeting, level and 'tuning since', the settings
 * menu, stats and level progress, links onwards, exercises and reflections. Each data block
 * loads and fails on its own, so one slow read never blanks the whole screen.
 */
export function ProfileScreen() {
  useMarkAppVisited();
  const profile = useMemberProfile();
  const dashboard = useDashboard();
  const metaName = useAuthStore((s) => firstNameOf(s.user));
  const firstName = profile.data?.firstName?.trim() || metaName || 'Friend';
  const since = tuningSince(profile.data?.createdAt);
  const tokens = dashboard.data?.user.toneTokens;
  return (
    <section className={styles.screen} aria-labelledby="profile-title">
      <header className={styles.header}>
        <div className={styles.identity}>
          <h1 id="profile-title" className={styles.greeting}>
            Hi, {firstName}
          </h1>
          {/* The level comes with the stats; until then the line is simply not there yet. */}
          {tokens !== undefined && (
            <p className={styles.level} data-testid="level-line">
              {levelLine(tokens)}
            </p>
          )}
          {since && <p className={styles.since}>{since}</p>}
          <CertifiedTeacherNote />
        </div>
        <ProfileMenu />
      </header>

      <section className={styles.card} aria-label="your progress">
        <QueryBlock query={dashboard} what="your stats">
          {(d) => <LevelAndStats dashboard={d} />}
        </QueryBlock>
      </section>

      {tokens !== undefined && <ProfileGarden toneTokens={tokens} />}
      <ProfileLinks />
      {tokens !== undefined && <TierFeatures tokens={tokens} />}
      <ExercisesSection />
      <ReflectionsSection />
      <DownloadsSection />
      <PendingWritesSection />
      <MyDataSection />
    </section>
  );
}
