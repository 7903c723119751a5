import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StateMessage } from '../../ui/StateMessage';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { usePlayerStore } from '../player/player-store';
import { AddReflectionDialog } from './AddReflectionDialog';
import { useEcho, useReflections } from './community-api';
import { EchoButton } from './EchoButton';
import { PrivateReflectionsNote } from './PrivateReflectionsNote';
import { notYetStoredReflections, useWaitingReflections } from '../sync/waiting-reflections';
import styles from './CommunityScreen.module.css';

export function ReflectionsTab() {
  const list = useReflections();
  const echo = useEcho('reflections');
  const open = usePlayerStore((s) => s.open);
  const [adding, setAdding] = useState(false);
  const shown = useSavedBlock(list, 'reflections');
  // Shared offline: listed first, marked, until the stored one (the same words) takes its place.
  const waiting = notYetStoredReflections(
    useWaitingReflections({ sharedOnly: true }),
    shown.data ?? [],
    (r) => ({
      sessionId: r.sessionId,
      text: r.content,
    }),
  );

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
      {shown.data && <PrivateReflectionsNote shownIds={new Set(shown.data.map((r) => r.id))} />}
      {shown.note}
      {waiting.length > 0 && (
        <ul className={styles.list} aria-label="reflections waiting to sync">
          {waiting.map((w) => (
            <li
              key={w.key}
              className={`${styles.card} ${styles.reflection}`}
              data-testid="reflection-waiting"
            >
              <p className={styles.content}>{w.text}</p>
              <p className={styles.meta}>Shared on this device · Waiting to sync</p>
            </li>
          ))}
        </ul>
      )}
      {shown.data === undefined ? (
        shown.fallback
      ) : shown.data.length === 0 && waiting.length > 0 ? null : shown.data.length === 0 ? (
        <StateMessage kind="empty" title="No reflections yet. Be the first to share!" />
      ) : (
        <ul className={styles.list}>
          {shown.data.map((r) => (
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
