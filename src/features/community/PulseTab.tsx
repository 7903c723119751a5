import { useEffect } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { usePlayerStore } from '../player/player-store';
import { usePulse, useEcho } from './community-api';
import { initialOf, shortTimeAgo } from './community-text';
import { EchoButton } from './EchoButton';
import styles from './CommunityScreen.module.css';

export function PulseTab() {
  const pulse = usePulse();
  const echo = useEcho('pulse');
  const open = usePlayerStore((s) => s.open);
  useEffect(() => {
    if (pulse.isError) console.warn('Could not load the pulse', pulse.error);
  }, [pulse.isError, pulse.error]);

  if (pulse.isError)
    return (
      <StateMessage
        kind="error"
        title="We couldn't load the pulse just now."
        onRetry={() => void pulse.refetch()}
      />
    );
  if (pulse.isPending) return <StateMessage kind="loading" title="loading…" />;
  if (pulse.data.length === 0)
    return (
      <StateMessage kind="empty" title="No activity yet." hint="Complete a session and it shows up here." />
    );
  const now = Date.now();
  return (
    <ul className={styles.list}>
      {pulse.data.map((item) => (
        <li key={item.id} className={styles.card} data-testid="pulse-item">
          <span className={styles.avatar} aria-hidden>
            {initialOf(item.userName)}
          </span>
          <div className={styles.body}>
            <p className={styles.line}>
              {item.userName} completed{' '}
              <button type="button" className={styles.titleLink} onClick={() => open(item.sessionId)}>
                {item.sessionTitle}
              </button>
            </p>
            <time className={styles.meta} dateTime={item.completedAt}>
              {shortTimeAgo(item.completedAt, now)}
            </time>
          </div>
          <EchoButton
            count={item.echoes}
            label={`${item.userName}'s completion of ${item.sessionTitle}`}
            onEcho={() => echo.mutateAsync(item.id)}
          />
        </li>
      ))}
    </ul>
  );
}
