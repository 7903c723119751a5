import { useState } from 'react';
import { useNetworkStore } from './network-store';
import styles from './Offline.module.css';

/**
 * "A new version is ready": the update has installed in the background and would otherwise
 * apply the next time the app is opened. Reload now applies it at once. Not a dialog: it takes
 * no focus and never interrupts a session; "Later" hides it for this visit.
 */
export function UpdatePrompt() {
  const apply = useNetworkStore((s) => s.applyUpdate);
  const [later, setLater] = useState(false);
  const visible = apply !== null && !later;
  return (
    <div role="status" aria-live="polite" className={styles.updateRegion}>
      {visible && (
        <div className={styles.update} data-testid="update-toast">
          <p className={styles.updateText}>A new version of Tuneful is ready.</p>
          <div className={styles.updateActions}>
            <button type="button" className={styles.updateLater} onClick={() => setLater(true)}>
              Later
            </button>
            <button type="button" className={styles.updateReload} onClick={apply}>
              Reload now
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
