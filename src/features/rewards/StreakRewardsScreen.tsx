import { STREAK_MILESTONES } from '../../domain/streak-rewards';
import { BackHeader } from '../../ui/BackHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { countText } from '../../lib/plural';
import { dayWithYear } from '../../lib/dates';
import styles from '../growth/Growth.module.css';
import { QueryBlock } from '../profile/QueryBlock';
import { FeatureGate } from '../tier-features/FeatureGate';
import { useStreakRewards, type StreakRewardsAnswer } from './streak-rewards-api';

/**
 * /streak-rewards (tier feature `streak_rewards`, level 3): the current streak, the milestones
 * with their bonus tone tokens, which were earned and when, and the next one with the days to
 * go. The server pays the rewards with the session that reaches them
 * (docs/features/streak-rewards.md); this screen only shows them.
 */
export function StreakRewardsScreen() {
  return (
    <section className={styles.screen} aria-label="streak rewards">
      <BackHeader to="/profile" backLabel="back to profile" title="streak rewards" />
      <FeatureGate feature="streak_rewards">
        <StreakRewardsContent />
      </FeatureGate>
    </section>
  );
}

function StreakRewardsContent() {
  const query = useStreakRewards();
  return (
    <QueryBlock query={query} what="your streak rewards">
      {(r) => <StreakRewardsBody r={r} />}
    </QueryBlock>
  );
}

export function StreakRewardsBody({ r }: { r: StreakRewardsAnswer }) {
  const previous = [...STREAK_MILESTONES].reverse().find((m) => m.days <= r.currentStreak)?.days ?? 0;
  const percent = r.next ? ((r.currentStreak - previous) / (r.next.days - previous)) * 100 : 100;
  return (
    <>
      <div className={styles.statGrid} data-testid="streak-stats">
        <div className={styles.stat}>
          <span className={styles.statValue}>{r.currentStreak}</span>
          <span className={styles.statLabel}>current streak (days)</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statValue}>{r.longestStreak}</span>
          <span className={styles.statLabel}>longest streak (days)</span>
        </div>
      </div>
      <div className={styles.card} data-testid="next-reward">
        <h2>next reward</h2>
        {r.next ? (
          <>
            <p>
              {r.next.days}-day streak: +{r.next.bonus} tone tokens. {countText(r.next.daysToGo, 'more day')}{' '}
              of practice in a row to go.
            </p>
            <ProgressBar percent={percent} label={`progress to the ${r.next.days}-day reward`} />
          </>
        ) : (
          <p>You have passed every milestone in this streak. Keep going: your streak is its own reward.</p>
        )}
      </div>
      <div className={styles.card}>
        <h2>the milestones</h2>
        <ul className={styles.list} aria-label="milestones" data-testid="milestones">
          {r.milestones.map((m) => (
            <li key={m.days} className={styles.row}>
              <span>
                {m.days} days: +{m.bonus} tone tokens
              </span>
              <span className={styles.tierLabel}>
                {m.reachedThisRun
                  ? 'earned this streak'
                  : m.days > r.currentStreak
                    ? `${countText(m.days - r.currentStreak, 'day')} to go`
                    : 'passed before streak rewards opened'}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.card} data-testid="earned-rewards">
        <h2>rewards earned</h2>
        {r.earned.length === 0 ? (
          <p className={styles.muted}>Your streak rewards will show here with the day you earned them.</p>
        ) : (
          <ul className={styles.list}>
            {r.earned.map((e) => (
              <li key={`${e.days}-${e.runStart}`} className={styles.row}>
                <span>
                  {e.days}-day streak: +{e.bonus} tone tokens
                </span>
                <span className={styles.tierLabel}>{dayWithYear(e.localDate)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.card}>
        <h2>how it works</h2>
        <p className={styles.muted}>
          A streak is days in a row with at least one session (practised at least halfway). When it reaches 3,
          7, 14, 30, 60 or 100 days, the session that reaches it earns the bonus, once per streak. A new
          streak can earn them again. Listening-room tracks and tuning-room recordings add minutes, not streak
          days. Rewards start from level 3: a milestone passed before then is not paid later.
        </p>
      </div>
    </>
  );
}
