import { useSyncExternalStore } from 'react';
import { pendingWrites } from '../../lib/outbox/pending-state';
import styles from './PendingSyncNote.module.css';

/** "Waiting to sync": shown while the member's offline writes wait in the outbox. */
export function PendingSyncNote() {
  const count = useSyncExternalStore(pendingWrites.subscribe, pendingWrites.get, () => 0);
  if (count === 0) return null;
  return (
    <p role="status" className={styles.note} data-testid="pending-sync">
      {count === 1 ? '1 thing you saved offline' : `${count} things you saved offline`} will sync when you're
      back online
    </p>
  );
}
