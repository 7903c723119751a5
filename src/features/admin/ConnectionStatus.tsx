import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { checkConnection, describeConnection, type ConnectionResult } from './admin-rules';
import styles from './AdminScreen.module.css';

/** A really measured status of one backend, checked on mount and on demand. */
export function ConnectionStatus({ label, url, anonKey }: { label: string; url: string; anonKey: string }) {
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const [checking, setChecking] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    setResult(await checkConnection(url, anonKey));
    setChecking(false);
  }, [url, anonKey]);

  useEffect(() => {
    void check();
  }, [check]);

  return (
    <div className={styles.status}>
      <div>
        <p className={styles.statusLabel}>{label}</p>
        <p className={styles.statusUrl}>{url}</p>
        <p
          className={`${styles.statusLine} ${result ? styles[result.state] : ''}`}
          role="status"
          aria-live="polite"
        >
          <span className={styles.dot} aria-hidden />
          {checking || !result ? 'Checking…' : describeConnection(result)}
        </p>
      </div>
      <Button variant="secondary" onClick={() => void check()} disabled={checking}>
        Check again
      </Button>
    </div>
  );
}
