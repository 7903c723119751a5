import { Link, useSearchParams } from 'react-router-dom';
import { BackHeader } from '../../ui/BackHeader';
import { StateMessage } from '../../ui/StateMessage';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { NeedsConnection, SavedNote } from '../offline/saved-data/SavedNote';
import { useSessionById } from '../sessions/queries';
import { SessionCard } from '../sessions/SessionCard';
import styles from './Reminders.module.css';

/**
 * /reminders/suggestion?session=<id>: where a reminder's link lands (a notification click, the
 * e-mail's link). It names the suggested session with its card, one tap from playing: a page
 * opened from a notification cannot start audio by itself, the member's tap does.
 */
export function SuggestionScreen() {
  const [params] = useSearchParams();
  const raw = params.get('session');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return (
    <section className={styles.screen} aria-label="today's suggestion">
      <BackHeader to="/home" backLabel="back to home" title="today's suggestion" />
      <div className={styles.body}>
        {id === null ? (
          <StateMessage
            kind="empty"
            title="This link names no session."
            hint={<Link to="/discover">Find a session in discover</Link>}
          />
        ) : (
          <Suggested id={id} />
        )}
        <p className={styles.hint}>
          Reminders come from your{' '}
          <Link className={styles.plainLink} to="/reminders">
            reminder settings
          </Link>
          .
        </p>
      </div>
    </section>
  );
}

function Suggested({ id }: { id: number }) {
  const session = useSessionById(id);
  const view = useQueryView(session);
  if (view.kind === 'loading') return <StateMessage kind="loading" title="loading…" />;
  if (view.kind === 'needs-connection') return <NeedsConnection onRetry={() => void session.refetch()} />;
  if (view.kind === 'error')
    return (
      <StateMessage
        kind="error"
        title="This session could not be found. It may have been removed."
        hint={<Link to="/discover">Find another in discover</Link>}
      />
    );
  return (
    <>
      <SavedNote savedAt={view.savedAt} />
      <p className={styles.lead}>Tap the session to start it.</p>
      <SessionCard session={view.data} />
    </>
  );
}
