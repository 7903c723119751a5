import { CHALLENGE_FOCUSES } from '../../domain/challenges';
import { ProgressBar } from '../../ui/ProgressBar';
import { QueryBlock } from '../profile/QueryBlock';
import { useMasterChallenges, type MasterChallengeView } from './challenges-api';
import { dayText, masterText, percentOf } from './challenge-text';
import styles from './Challenges.module.css';

/** The master challenges (level 10), each with its progress in words and a bar, and its badge. */
export function MasterChallenges() {
  const master = useMasterChallenges();
  return (
    <>
      <h2 id="master-title" className={styles.sectionTitle}>
        master challenges
      </h2>
      <QueryBlock query={master} what="the master challenges">
        {(m) => (
          <>
            <p className={styles.summary}>
              The hardest challenges. They count your practice from the day you reached level 10
              {m.since ? ` (${dayText(m.since)})` : ''}, and each one met earns its own badge.
            </p>
            <ul className={styles.list} aria-labelledby="master-title">
              {m.challenges.map((c) => (
                <MasterCard key={c.id} challenge={c} />
              ))}
            </ul>
          </>
        )}
      </QueryBlock>
    </>
  );
}

function MasterCard({ challenge: c }: { challenge: MasterChallengeView }) {
  return (
    <li className={`${styles.card} ${c.metOn ? styles.met : ''}`} data-testid="master-challenge">
      <h3>{c.title}</h3>
      <p className={styles.muted}>{c.description}</p>
      <p className={styles.progress}>
        {c.metOn && <span className={styles.doneWord}>Done. </span>}
        {masterText(c)}
      </p>
      <ProgressBar percent={percentOf(c.value, c.target)} label={`progress: ${c.title}`} />
      {c.focuses && (
        <p className={styles.muted}>
          {CHALLENGE_FOCUSES.map((f) => `${f} ${c.focuses?.[f] ?? 0}`).join(' · ')}
        </p>
      )}
      <p className={styles.muted}>
        {c.metOn ? `Badge earned: ${c.badgeName}` : `Badge when met: ${c.badgeName}`}
      </p>
    </li>
  );
}
