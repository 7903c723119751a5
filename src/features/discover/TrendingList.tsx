import { StateMessage } from '../../ui/StateMessage';
import type { Session } from '../sessions/session';
import { SessionCard } from '../sessions/SessionCard';
import { TRENDING_LIMIT } from '../sessions/session-api';
import styles from './DiscoverScreen.module.css';

/** 'trending today': the first 5 sessions, newest first (the list arrives newest first). */
export function TrendingList({
  sessions,
  isPending,
  isError,
  onRetry,
}: {
  sessions: Session[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  let body;
  if (isPending) body = <StateMessage kind="loading" title="loading…" />;
  else if (isError)
    body = <StateMessage kind="error" title="We couldn't load sessions just now." onRetry={onRetry} />;
  else if (!sessions || sessions.length === 0)
    body = <StateMessage kind="empty" title="No sessions available" />;
  else
    body = (
      <ul className={styles.cardList}>
        {sessions.slice(0, TRENDING_LIMIT).map((s) => (
          <li key={s.id}>
            <SessionCard session={s} />
          </li>
        ))}
      </ul>
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
