import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiRequestError } from '../../lib/api';
import { StateMessage } from '../../ui/StateMessage';
import { parseTemplateId, useTemplate } from './template-api';
import { TemplatePlayer } from './TemplatePlayer';
import styles from './Templates.module.css';

/** /session/{templateId}: loads the template, then the player walks through its steps. */
export function TemplateSessionScreen() {
  const { templateId } = useParams();
  const id = parseTemplateId(templateId);
  const query = useTemplate(id);
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
  // A template held (saved on the device) still opens when its refresh fails, as it does offline.
  if (query.isError && !query.data)
    return (
      <section className={styles.centred}>
        <StateMessage
          kind="error"
          title="We couldn't load this session just now."
          onRetry={() => void query.refetch()}
        />
      </section>
    );
  if (query.isPending)
    return (
      <section className={styles.centred}>
        <StateMessage kind="loading" title="Loading session..." />
      </section>
    );
  // Keyed by id so moving to another template starts a fresh player.
  return <TemplatePlayer key={query.data.id} template={query.data} />;
}
