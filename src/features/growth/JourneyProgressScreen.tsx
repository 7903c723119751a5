import { Link } from 'react-router-dom';
import { BackHeader } from '../../ui/BackHeader';
import { GardenCard } from '../garden/GardenCard';
import { gardenStateFor } from '../../domain/garden';
import { QueryBlock } from '../profile/QueryBlock';
import { useJourney, type Journey } from './growth-api';
import { formatDay } from './growth-text';
import { dayWithYear } from '../../lib/dates';
import styles from './Growth.module.css';
import { countText, countWord } from '../../lib/plural';

/** /journey-progress: garden tier, tokens, stats, four weeks, recent activity and milestones, all measured. */
export function JourneyProgressScreen() {
  const journey = useJourney();
  return (
    <section className={styles.screen} aria-label="journey progress">
      <BackHeader to="/profile" backLabel="back to profile" title="your journey" />
      <QueryBlock query={journey} what="your journey">
        {(j) => <JourneyBody j={j} />}
      </QueryBlock>
    </section>
  );
}

function JourneyBody({ j }: { j: Journey }) {
  const s = j.journeyStats;
  return (
    <>
      {/* A journey saved on this device before the garden was served has no garden: derive it. */}
      <GardenCard
        state={j.user.garden ?? gardenStateFor(j.user.toneTokens)}
        toneTokens={j.user.toneTokens}
        nextGardenTier={j.user.nextGardenTier}
      />
      <div className={styles.statGrid} data-testid="journey-stats">
        <Stat value={s.totalSessions} label={countWord(s.totalSessions, 'session')} />
        <Stat value={s.totalMinutes} label={`practice ${countWord(s.totalMinutes, 'minute')}`} />
        <Stat value={s.listeningMinutes} label={`listening ${countWord(s.listeningMinutes, 'minute')}`} />
        <Stat value={s.streakDays} label="day streak" />
        <Stat value={s.longestStreak} label="longest streak" />
        <Stat value={`${s.completedJourneys} / ${s.totalJourneys}`} label="journeys completed" />
        <Stat
          value={s.averageRating ?? '—'}
          label={s.averageRating === null ? 'no ratings yet' : 'average rating'}
        />
      </div>
      {s.currentJourney ? (
        <div className={styles.card} data-testid="current-journey">
          <p className={styles.tierLabel}>current journey · {s.currentJourney.category}</p>
          <h2>{s.currentJourney.title}</h2>
          <p className={styles.muted}>{s.currentJourney.description}</p>
          <p className={styles.muted}>
            {s.currentJourney.completedSessions} of {countText(s.currentJourney.totalSessions, 'session')}{' '}
            done
          </p>
        </div>
      ) : (
        <div className={styles.card}>
          <h2>your first journey</h2>
          <p className={styles.muted}>
            Complete a session and your journey starts here. <Link to="/discover">Find a session</Link>
          </p>
        </div>
      )}
      <div className={styles.card} data-testid="weekly-progress">
        <h2>weekly progress</h2>
        <ul className={styles.list}>
          {s.weeklyProgress.map((w) => (
            <li key={w.week}>
              <div className={styles.row}>
                <span>week of {dayWithYear(w.week)}</span>
                <span>
                  {countText(w.sessions, 'session')} · {w.minutes} min
                </span>
              </div>
              <div className={styles.bar} aria-hidden="true">
                <div className={styles.barFill} style={{ width: `${w.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.card} data-testid="recent-activity">
        <h2>recent activity</h2>
        {s.recentActivity.length === 0 ? (
          <p className={styles.muted}>
            Nothing yet: your sessions, badges, reflections and recordings show here.
          </p>
        ) : (
          <ul className={styles.list}>
            {s.recentActivity.map((a) => (
              <li key={`${a.type}-${a.at}-${a.title}`} className={styles.row}>
                <span>{a.title}</span>
                <span className={styles.muted}>{formatDay(a.at, j.timeZone)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.card} data-testid="milestones">
        <h2>milestones</h2>
        {s.milestones.length === 0 ? (
          <p className={styles.muted}>Your first session is your first milestone.</p>
        ) : (
          <ul className={styles.list}>
            {s.milestones.map((m) => (
              <li key={m.id} className={styles.row}>
                <span>{m.title}</span>
                <span className={styles.muted}>{formatDay(m.achievedAt, j.timeZone)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function Stat({ value, label }: { value: number | string; label: string }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statValue}>{value}</span>
      <span className={styles.statLabel}>{label}</span>
    </div>
  );
}
