import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { pendingWrites } from '../../lib/outbox/pending-state';
import styles from './PendingSyncNote.module.css';
import { countText, countWord } from '../../lib/plural';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** "Waiting to sync": shown while the member's offline writes wait in the outbox. */
export function PendingSyncNote() {
  const count = useSyncExternalStore(pendingWrites.subscribe, pendingWrites.get, () => 0);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  if (count === 0) return null;
  const what = `${countText(count, 'thing')} you saved offline`;
  return (
    <p role="status" className={styles.note} data-testid="pending-sync">
      {online
        ? `${what} ${countWord(count, 'is', 'are')} waiting to sync`
        : `${what} will sync when you're back online`}{' '}
      {/* The list lives in the profile (src/features/sync/PendingWritesSection.tsx). */}
      <Link to="/profile#waiting-to-sync" className={styles.link}>
        See what's waiting
      </Link>
    </p>
  );
}
