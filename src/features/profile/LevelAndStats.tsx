import { Link } from 'react-router-dom';
import { tierProgressPercent } from '../../domain/tiers';
import { ProgressBar } from '../../ui/ProgressBar';
import type { Dashboard } from './profile-queries';
import { nextUnlockText, tokensToNextText } from './profile-text';
import styles from './ProfileScreen.module.css';
import { countWord } from '../../lib/plural';

/** Sessions, day streak and tone tokens from the dashboard, then progress toward the next level. */
export function LevelAndStats({ dashboard }: { dashboard: Dashboard }) {
  const tokens = dashboard.user.toneTokens;
  const stats = [
    {
      id: 'sessions',
      value: dashboard.user.totalSessions,
      label: countWord(dashboard.user.totalSessions, 'session'),
    },
    { id: 'day-streak', value: dashboard.user.currentStreak, label: 'day streak' },
    { id: 'tone-tokens', value: tokens, label: countWord(tokens, 'tone token') },
  ];
  return (
    <>
      <dl className={styles.stats} aria-label="your stats">
        {stats.map((s) => (
          <div key={s.id} className={styles.stat} data-testid={`stat-${s.id}`}>
            <dt className={styles.statLabel}>{s.label}</dt>
            <dd className={styles.statValue}>{s.value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.progress}>
        <ProgressBar percent={tierProgressPercent(tokens)} label="progress to the next level" />
        <p className={styles.progressText} data-testid="tokens-to-next">
          {tokensToNextText(tokens)}
        </p>
        {nextUnlockText(tokens) && (
          <p className={styles.nextUnlock} data-testid="next-unlock">
            {nextUnlockText(tokens)}
          </p>
        )}
      </div>
    </>
  );
}

const LINKS = [
  { to: '/tuning-room', label: 'tuning room' },
  { to: '/achievements', label: 'achievements' },
  { to: '/listening-room', label: 'listening room' },
  // The growth pages all lead back to the profile, so the profile leads to them.
  { to: '/journey-progress', label: 'journey' },
  { to: '/streak-calendar', label: 'streak calendar' },
  { to: '/voice-health-insights', label: 'voice health' },
  { to: '/voice-notes', label: 'voice notes' },
];

export function ProfileLinks() {
  return (
    <nav aria-label="more of your practice" className={styles.links}>
      {LINKS.map((l) => (
        <Link key={l.to} to={l.to} className={styles.linkTile}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
