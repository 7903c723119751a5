import { useEffect } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { NeedsConnection, SavedNote } from '../offline/saved-data/SavedNote';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { useLatestSessions } from '../sessions/queries';
import { SessionCard } from '../sessions/SessionCard';
import styles from './HomeScreen.module.css';

/** 'the latest': the 10 newest sessions in a horizontal, swipeable row. */
export function LatestList() {
  const query = useLatestSessions();
  const { isError, error, refetch } = query;
  const view = useQueryView(query);
  useEffect(() => {
    if (isError) console.warn('Could not load the latest sessions', error);
  }, [isError, error]);
  let body;
  if (view.kind === 'loading') body = <StateMessage kind="loading" title="loading…" />;
  else if (view.kind === 'needs-connection') body = <NeedsConnection onRetry={() => void refetch()} />;
  // Spec core §8: a failed read shows the empty state; we add a retry.
  else if (view.kind === 'error' || view.data.length === 0)
    body = (
      <StateMessage
        kind="empty"
        title="no sessions yet"
        onRetry={isError ? () => void refetch() : undefined}
      />
    );
  else
    body = (
      <>
        <SavedNote savedAt={view.savedAt} className={styles.inset} />
        <ul className={styles.latestRow} aria-label="latest sessions">
          {view.data.map((s) => (
            <li key={s.id}>
              <SessionCard session={s} compact />
            </li>
          ))}
        </ul>
      </>
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
