import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { StateMessage } from '../../ui/StateMessage';
import { usePlayerStore } from '../player/player-store';
import { AddReflectionDialog } from './AddReflectionDialog';
import { useEcho, useReflections } from './community-api';
import { EchoButton } from './EchoButton';
import { PrivateReflectionsNote } from './PrivateReflectionsNote';
import styles from './CommunityScreen.module.css';

export function ReflectionsTab() {
  const list = useReflections();
  const echo = useEcho('reflections');
  const open = usePlayerStore((s) => s.open);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    if (list.isError) console.warn('Could not load reflections', list.error);
  }, [list.isError, list.error]);

  return (
    <>
      <button type="button" className={`${styles.card} ${styles.addCard}`} onClick={() => setAdding(true)}>
        <span className={styles.addIcon} aria-hidden>
          +
        </span>
        <span className={styles.body}>
          <span className={styles.lovedTitle}>add reflection</span>
          <span className={styles.meta}>share what a session brought up for you</span>
        </span>
      </button>
      <AddReflectionDialog open={adding} onOpenChange={setAdding} />
      {list.isSuccess && <PrivateReflectionsNote shownIds={new Set(list.data.map((r) => r.id))} />}
      {list.isError ? (
        <StateMessage
          kind="error"
          title="We couldn't load reflections just now."
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <StateMessage kind="loading" title="loading…" />
      ) : list.data.length === 0 ? (
        <StateMessage kind="empty" title="No reflections yet. Be the first to share!" />
      ) : (
        <ul className={styles.list}>
          {list.data.map((r) => (
            <li key={r.id} className={`${styles.card} ${styles.reflection}`} data-testid="reflection-item">
              <p className={styles.content}>{r.content}</p>
              {r.userName !== 'Anonymous' && <p className={styles.author}>{r.userName}</p>}
              <div className={styles.reflectionFoot}>
                {r.kind === 'template' ? (
                  <Link className={styles.titleLink} to={`/session/${r.sessionId}`}>
                    {r.sessionTitle}
                  </Link>
                ) : (
                  <button type="button" className={styles.titleLink} onClick={() => open(r.sessionId)}>
                    {r.sessionTitle}
                  </button>
                )}
                <span className={styles.meta}>{r.timeAgo}</span>
                <EchoButton
                  count={r.echoes}
                  label={`reflection on ${r.sessionTitle}`}
                  onEcho={() => echo.mutateAsync(r.id)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
