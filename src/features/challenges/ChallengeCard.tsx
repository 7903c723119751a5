import type { ReactNode } from 'react';
import { ProgressBar } from '../../ui/ProgressBar';
import type { Challenge } from './challenges-api';
import { datesText, percentOf, progressText, ruleText, titleOf } from './challenge-text';
import styles from './Challenges.module.css';

/**
 * One challenge: its name (or its rule), where it runs and for whom, then where the member
 * stands in words and a bar. `actions` are the buttons the list gives it (leave, delete, join).
 */
export function ChallengeCard({
  challenge: c,
  actions,
  note,
  inCircle = false,
}: {
  challenge: Challenge;
  actions?: ReactNode;
  note?: string;
  /** On the circle's own screen: its name goes without saying. */
  inCircle?: boolean;
}) {
  const setBy = `set by ${c.createdByMe ? 'you' : (c.creatorName ?? 'a former member')}`;
  const title = titleOf(c);
  const value = c.progress?.value ?? 0;
  return (
    <li
      className={`${styles.card} ${c.state === 'met' && c.progress ? styles.met : ''}`}
      data-testid="challenge"
    >
      <span className={styles.kicker}>
        {!c.circle ? 'just for you' : inCircle ? setBy : `${c.circle.name} · ${setBy}`}
      </span>
      <h3>{title}</h3>
      {title !== ruleText(c) && <p className={styles.muted}>{ruleText(c)}</p>}
      <p className={styles.muted}>{datesText(c.startDate, c.endDate)}</p>
      <p className={styles.progress} data-testid="challenge-progress">
        {c.state === 'met' && c.progress && <span className={styles.doneWord}>Done. </span>}
        {progressText(c)}
      </p>
      {c.progress && <ProgressBar percent={percentOf(value, c.target)} label={`progress: ${title}`} />}
      {note && <p className={styles.muted}>{note}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </li>
  );
}
