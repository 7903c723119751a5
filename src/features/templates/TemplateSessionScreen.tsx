import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiRequestError } from '../../lib/api';
import { StateMessage } from '../../ui/StateMessage';
import { NeedsConnection } from '../offline/saved-data/SavedNote';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { parseTemplateId, useTemplate } from './template-api';
import { TemplatePlayer } from './TemplatePlayer';
import styles from './Templates.module.css';

/** A way out of a session that cannot open (the player's frame has no tab bar). */
const backToLibrary = (
  <Link to="/library" className={styles.primaryLink}>
    Back to library
  </Link>
);

/** /session/{templateId}: loads the template, then the player walks through its steps. */
export function TemplateSessionScreen() {
  const { templateId } = useParams();
  const id = parseTemplateId(templateId);
  const query = useTemplate(id);
  const view = useQueryView(query);
  const missing =
    id === null ||
    (query.isError && query.error instanceof ApiRequestError && [400, 404].includes(query.error.status));
  useEffect(() => {
    if (query.isError && !missing) console.warn('Could not load the session template', query.error);
  }, [query.isError, query.error, missing]);

  if (missing)
    return (
      <section className={styles.centred} aria-labelledby="not-found-title">
        <h1 id="not-found-title" className={styles.centredTitle}>
          Session not found
        </h1>
        <Link to="/library" className={styles.primaryLink}>
          Back to library
        </Link>
      </section>
    );
  // A template held (saved on the device) still opens when its refresh fails, as it does offline;
  // one never opened here needs a connection, and says so (issue 30), like every other screen.
  if (view.kind === 'needs-connection')
    return (
      <section className={styles.centred}>
        <NeedsConnection onRetry={() => void query.refetch()} />
        {backToLibrary}
      </section>
    );
  if (view.kind === 'error')
    return (
      <section className={styles.centred}>
        <StateMessage
          kind="error"
          title="We couldn't load this session just now."
          onRetry={() => void query.refetch()}
        />
        {backToLibrary}
      </section>
    );
  if (view.kind === 'loading')
    return (
      <section className={styles.centred}>
        <StateMessage kind="loading" title="Loading session..." />
      </section>
    );
  // Keyed by id so moving to another template starts a fresh player.
  return <TemplatePlayer key={view.data.id} template={view.data} />;
}
