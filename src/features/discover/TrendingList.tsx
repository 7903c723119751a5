import { StateMessage } from '../../ui/StateMessage';
import { NeedsConnection, SavedNote } from '../offline/saved-data/SavedNote';
import type { QueryView } from '../offline/saved-data/query-view';
import type { Session } from '../sessions/session';
import { SessionCard } from '../sessions/SessionCard';
import { TRENDING_LIMIT } from '../sessions/session-api';
import styles from './DiscoverScreen.module.css';

/** 'trending today': the first 5 sessions, newest first (the list arrives newest first). */
export function TrendingList({ view, onRetry }: { view: QueryView<Session[]>; onRetry: () => void }) {
  let body;
  if (view.kind === 'loading') body = <StateMessage kind="loading" title="loading…" />;
  else if (view.kind === 'needs-connection') body = <NeedsConnection onRetry={onRetry} />;
  else if (view.kind === 'error')
    body = <StateMessage kind="error" title="We couldn't load sessions just now." onRetry={onRetry} />;
  else if (view.data.length === 0) body = <StateMessage kind="empty" title="No sessions available" />;
  else
    body = (
      <>
        <SavedNote savedAt={view.savedAt} />
        <ul className={styles.cardList}>
          {view.data.slice(0, TRENDING_LIMIT).map((s) => (
            <li key={s.id}>
              <SessionCard session={s} />
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <section className={styles.section} aria-labelledby="trending-today">
      <h2 id="trending-today" className={styles.sectionTitle}>
        trending today
      </h2>
      {body}
    </section>
  );
}
