import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { logSessionAction, postEcho, refreshAfterEcho } from './player-api';
import styles from './Player.module.css';

/** Spec core §9: the 'echoed!' label shows for 2 s. */
export const ECHO_LABEL_MS = 2000;

/** Echo (save) a session: logs echo, posts it; failures are logged only (spec core §8). */
export function EchoButton({ sessionId }: { sessionId: number }) {
  const client = useQueryClient();
  const [echoed, setEchoed] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const echo = () => {
    void logSessionAction(sessionId, 'echo');
    postEcho(sessionId)
      .then(() => refreshAfterEcho(client))
      .catch((err: unknown) => console.warn('Could not echo the session', err));
    setEchoed(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setEchoed(false), ECHO_LABEL_MS);
  };

  return (
    <button type="button" className={styles.echo} onClick={echo} aria-live="polite">
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden
      >
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
      </svg>
      <span>{echoed ? 'echoed!' : 'echo'}</span>
    </button>
  );
}
