import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { BackHeader } from '../../ui/BackHeader';
import { StateMessage } from '../../ui/StateMessage';
import { NeedsConnection, SavedNote } from '../offline/saved-data/SavedNote';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { useAllSessions } from '../sessions/queries';
import { SessionCard } from '../sessions/SessionCard';
import { filterSessions, filterTitle } from './filter-match';
import styles from './Listening.module.css';

/**
 * /filtered?type&value. The rules live in filter-match.ts. Spec core §8: a failed fetch shows
 * the empty list; it keeps a retry so a member on a bad connection is not stuck.
 */
export function FilteredScreen() {
  const [params] = useSearchParams();
  const type = params.get('type');
  const value = params.get('value');
  const sessions = useAllSessions();
  const view = useQueryView(sessions);
  const matches = useMemo(
    () => filterSessions(sessions.data ?? [], type, value),
    [sessions.data, type, value],
  );
  const navigate = useNavigate();
  const location = useLocation();
  // Tiles on home and discover both lead here: back returns to whichever the member came from;
  // a link opened directly falls back to the screen that owns the tile type.
  const back = type === 'mood' || type === 'category' ? '/home' : '/discover';
  const cameFromApp = location.key !== 'default';

  let body;
  if (view.kind === 'loading') body = <StateMessage kind="loading" title="loading…" />;
  // Offline with nothing saved: "0 sessions" would be untrue, so say what is missing.
  else if (view.kind === 'needs-connection')
    body = <NeedsConnection onRetry={() => void sessions.refetch()} />;
  else if (matches.length === 0)
    body = (
      <StateMessage
        kind="empty"
        title="no sessions found for this category"
        hint="check back soon for new content"
        onRetry={sessions.isError ? () => void sessions.refetch() : undefined}
      />
    );
  else
    body = (
      <>
        {view.kind === 'data' && <SavedNote savedAt={view.savedAt} />}
        <ul className={styles.list}>
          {matches.map((s) => (
            <li key={s.id}>
              <SessionCard session={s} />
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <div className={styles.screen}>
      <BackHeader
        to={back}
        backLabel="Back"
        title={filterTitle(type, value)}
        onBack={(e) => {
          if (!cameFromApp) return;
          e.preventDefault();
          void navigate(-1);
        }}
      >
        {(view.kind === 'data' || view.kind === 'error') && (
          <p className={styles.subtitle} data-testid="filtered-count">
            {matches.length} session(s) available
          </p>
        )}
      </BackHeader>
      <section className={styles.section}>{body}</section>
    </div>
  );
}
