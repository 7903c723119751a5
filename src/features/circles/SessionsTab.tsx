import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { StateMessage } from '../../ui/StateMessage';
import { useUpcomingSessions } from './circles-api';
import { EMPTY, formatWhen } from './circles-text';
import styles from './VoiceCircles.module.css';

/** Upcoming live group sessions of the member's circles, soonest first. */
export function SessionsTab({ nowMs }: { nowMs: number }) {
  const sessions = useUpcomingSessions();
  useEffect(() => {
    if (sessions.isError) console.warn('Could not load upcoming sessions', sessions.error);
  }, [sessions.isError, sessions.error]);
  if (sessions.isError)
    return (
      <StateMessage
        kind="error"
        title="We couldn't load upcoming sessions just now."
        onRetry={() => void sessions.refetch()}
      />
    );
  if (sessions.isPending) return <StateMessage kind="loading" title="loading…" />;
  if (sessions.data.length === 0)
    return (
      <StateMessage kind="empty" title={EMPTY.sessions} hint="Join a live circle to see its sessions here." />
    );
  return (
    <ul className={styles.list}>
      {sessions.data.map((s) => {
        const live = Date.parse(s.startTime) - 15 * 60_000 <= nowMs;
        return (
          <li key={s.id} className={styles.card} data-testid="group-session">
            <div className={styles.cardTop}>
              <h2 className={styles.cardName}>{s.title}</h2>
              {live && <span className={styles.chip}>Open now</span>}
            </div>
            {s.description && <p className={styles.description}>{s.description}</p>}
            <dl className={styles.facts}>
              <dt>Starts</dt>
              <dd>
                <time dateTime={s.startTime}>{formatWhen(s.startTime)}</time>
              </dd>
              <dt>Members</dt>
              <dd>{s.participantCount}</dd>
            </dl>
            <div className={styles.cardFoot}>
              <Link
                className={styles.linkButton}
                to={live ? `/voice-circles/${s.circleId}/live` : `/voice-circles/${s.circleId}`}
              >
                {live ? 'Join the session' : 'Open circle'}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
