import { badgeText, QUEUED_BADGES_TEXT, type EarnedBadge, type EarnedStreakReward } from './earned';
import styles from './EarnedList.module.css';

/**
 * The badges and streak rewards a write just earned, in words, for every completion screen (the
 * player's celebration and end dialog, the template's completed phase, the tuning room after a
 * recording, a take's result, an assessment's result). Offline (`queued`) it says they come when
 * the write is sent. Nothing at all when nothing was earned.
 */
export function EarnedList({
  badges = [],
  streakRewards = [],
  queued = false,
}: {
  badges?: readonly EarnedBadge[];
  streakRewards?: readonly EarnedStreakReward[];
  queued?: boolean;
}) {
  if (queued) return <p className={styles.note}>{QUEUED_BADGES_TEXT}</p>;
  if (badges.length === 0 && streakRewards.length === 0) return null;
  return (
    <div className={styles.earned} data-testid="earned">
      {streakRewards.length > 0 && (
        <ul className={styles.list} aria-label="streak rewards earned">
          {streakRewards.map((r) => (
            <li key={r.days} data-testid="earned-streak-reward">
              {r.days}-day streak reward: +{r.bonus} tone tokens
            </li>
          ))}
        </ul>
      )}
      {badges.length > 0 && (
        <ul className={styles.list} aria-label="badges earned">
          {badges.map((b) => (
            <li key={b.id} data-testid="earned-badge">
              New badge: {badgeText(b)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
