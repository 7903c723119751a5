import { useSavedBlock } from '../offline/saved-data/use-saved-block';
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

  const shown = useSavedBlock(pulse, 'the pulse');
  if (shown.data === undefined) return shown.fallback;
  if (shown.data.length === 0)
    return (
      <>
        {shown.note}
        <StateMessage kind="empty" title="No activity yet." hint="Complete a session and it shows up here." />
      </>
    );
  const now = Date.now();
  return (
    <>
      {shown.note}
      <ul className={styles.list}>
        {shown.data.map((item) => (
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
    </>
  );
}
