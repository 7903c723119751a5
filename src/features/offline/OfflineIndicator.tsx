import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isNetworkFailure, reportOffline, reportOnline, useNetworkStore } from './network-store';
import styles from './Offline.module.css';

/**
 * The shell's "offline" line: a polite status, never an alert (being offline is a state, not
 * an error), and out of the layout and the accessibility tree while empty. Failed queries count
 * as offline too, and the next query that succeeds clears it.
 */
export function OfflineIndicator() {
  const online = useNetworkStore((s) => s.online);
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        if (event.action.type === 'error' && isNetworkFailure(event.action.error)) reportOffline();
        else if (event.action.type === 'success' && navigator.onLine && isRemote(event.query.queryKey))
          reportOnline();
      }),
    [client],
  );
  return (
    <div className={styles.indicatorRegion} role="status" aria-live="polite" data-testid="offline-indicator">
      {!online && (
        <p className={styles.indicator}>
          <span className={styles.dot} aria-hidden />
          You're offline. Downloaded sessions still play; other screens show what was saved.
        </p>
      )}
    </div>
  );
}

/** Local reads (Cache Storage) succeed offline too, so they say nothing about the network. */
const isRemote = (key: readonly unknown[]) => key[0] !== 'offline-downloads';
