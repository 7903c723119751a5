import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { Link } from 'react-router-dom';
import { StateMessage } from '../../ui/StateMessage';
import { useUpcomingSessions } from './circles-api';
import { EMPTY, formatWhen } from './circles-text';
import styles from './VoiceCircles.module.css';

/** Upcoming live group sessions of the member's circles, soonest first. */
export function SessionsTab({ nowMs }: { nowMs: number }) {
  const sessions = useUpcomingSessions();
  const shown = useSavedBlock(sessions, 'upcoming sessions');
  if (shown.data === undefined) return shown.fallback;
  if (shown.data.length === 0)
    return (
      <>
        {shown.note}
        <StateMessage
          kind="empty"
          title={EMPTY.sessions}
          hint="Join a live circle to see its sessions here."
        />
      </>
    );
  return (
    <>
      {shown.note}
      <ul className={styles.list}>
        {shown.data.map((s) => {
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
                  <time dateTime={s.startTime} data-testid="circle-next">
                    {formatWhen(s.startTime, s.timeZone)}
                  </time>
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
    </>
  );
}
