import { useEffect } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { useLatestSessions } from '../sessions/queries';
import { SessionCard } from '../sessions/SessionCard';
import styles from './HomeScreen.module.css';

/** 'the latest': the 10 newest sessions in a horizontal, swipeable row. */
export function LatestList() {
  const { data, isPending, isError, error, refetch } = useLatestSessions();
  useEffect(() => {
    if (isError) console.warn('Could not load the latest sessions', error);
  }, [isError, error]);
  let body;
  if (isPending) body = <StateMessage kind="loading" title="loading…" />;
  // Spec core §8: a failed read shows the empty state; we add a retry.
  else if (isError || data.length === 0)
    body = (
      <StateMessage
        kind="empty"
        title="no sessions yet"
        onRetry={isError ? () => void refetch() : undefined}
      />
    );
  else
    body = (
      <ul className={styles.latestRow} aria-label="latest sessions">
        {data.map((s) => (
          <li key={s.id}>
            <SessionCard session={s} compact />
          </li>
        ))}
      </ul>
    );
  return (
    <section className={styles.section} aria-labelledby="the-latest">
      <h2 id="the-latest" className={styles.sectionTitle}>
        the latest
      </h2>
      {body}
    </section>
  );
}
